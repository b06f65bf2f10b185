import type { Migration } from './migration.js';

/**
 * Version 16: one memory on every machine (issue 33). sync_changes is the log of local changes not
 * yet written to the sync folder, appended in the same transaction as the change itself, so a crash
 * never loses one; rows go once their segment is in the folder. sync_clock is this device's hybrid
 * logical clock (one row, present only while sync is on: no row, nothing is logged). sync_state keeps
 * the merge clocks and the import ledger, inside the encrypted database like every other byte.
 */
export const m016SyncChangeLog: Migration = {
  version: 16,
  name: 'sync: change log, clock and state',
  up(db) {
    db.exec(`
      CREATE TABLE sync_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, record TEXT NOT NULL);
      CREATE TABLE sync_clock (id INTEGER PRIMARY KEY CHECK (id = 1), device TEXT NOT NULL, t INTEGER NOT NULL, c INTEGER NOT NULL);
      CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
  },
};
