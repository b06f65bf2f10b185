import type { Migration } from './migration.js';

/**
 * Version 14: memories unused for long are archived, not deleted (issue 30, MIRA's decay).
 * memories.archived_at is when the archive pass moved the memory out of search and chat (null while
 * current); restoring sets it back to null. The partial index serves the pass's and the Memories
 * screen's questions about the few archived rows without touching the many current ones.
 */
export const m014MemoryArchive: Migration = {
  version: 14,
  name: 'memories: archived_at',
  up(db) {
    db.exec(`
      ALTER TABLE memories ADD COLUMN archived_at INTEGER;
      CREATE INDEX memories_archived ON memories(archived_at) WHERE archived_at IS NOT NULL;
    `);
  },
};
