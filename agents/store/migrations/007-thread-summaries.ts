import type { Migration } from './migration.js';

/**
 * Version 7: a running summary per chat thread. When a long conversation's prompt passes 75% of its
 * budget, the older turns are summarised (MIRIX) and the summary is kept here, with the last
 * message it covers. It goes with its thread (foreign key cascade) and whenever any message of the
 * thread is deleted (forget a time range, delete a message): a summary must not keep what was
 * forgotten; the next long prompt makes a new one.
 */
export const m007ThreadSummaries: Migration = {
  version: 7,
  name: 'running summaries of long chat threads',
  up(db) {
    db.exec(`
      CREATE TABLE thread_summaries (
        thread_id TEXT PRIMARY KEY REFERENCES threads(id) ON DELETE CASCADE,
        summary TEXT NOT NULL,
        through_message_id TEXT NOT NULL,
        covered_messages INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TRIGGER thread_summaries_forget AFTER DELETE ON messages
      BEGIN
        DELETE FROM thread_summaries WHERE thread_id = OLD.thread_id;
      END;
    `);
  },
};
