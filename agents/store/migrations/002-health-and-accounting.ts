import type { Migration } from './migration.js';

/**
 * Version 2: what the running app learned it needs to keep: damaged frame files are marked (the
 * timeline still loads), streamed answers that failed mid-way keep a status, capture counters
 * (gated/skipped ticks store nothing but a number) and per-call LLM token/cost accounting.
 */
export const m002HealthAndAccounting: Migration = {
  version: 2,
  name: 'frame damage, message status, counters, llm accounting',
  up(db) {
    db.exec(`
      ALTER TABLE frames ADD COLUMN damaged INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE messages ADD COLUMN status TEXT NOT NULL DEFAULT 'complete' CHECK (status IN ('complete','partial','error'));

      CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL DEFAULT 0);

      CREATE TABLE llm_calls (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        model TEXT NOT NULL,
        purpose TEXT NOT NULL,
        input_tokens INTEGER NOT NULL DEFAULT 0,
        output_tokens INTEGER NOT NULL DEFAULT 0,
        cache_read_tokens INTEGER NOT NULL DEFAULT 0,
        cache_write_tokens INTEGER NOT NULL DEFAULT 0,
        cost_usd REAL NOT NULL DEFAULT 0
      );
      CREATE INDEX llm_calls_at ON llm_calls(at);
    `);
  },
};
