import type { Migration } from './migration.js';

/**
 * Version 12: who may change how Engram behaves (issue 28: content is data, never orders).
 *
 * threads.origin: 'chat' for a conversation held in Engram's own chat, 'import' for one brought in
 * (`engram add --file`, an archive import). Only 'chat' threads are read for feedback on answers: an
 * imported transcript is someone's text, not the user speaking to Engram. Threads from before this
 * version are taken as chat, except those holding a message dated before the thread itself, which
 * only an import of dated messages makes.
 *
 * directives.review: a directive synthesis makes is 'proposed' until the user accepts it; only
 * 'accepted' ones reach the chat prompt; 'rejected' ones are tombstones (their evidence is spent,
 * as for a deleted one). Active directives from before this version that the user never reworded
 * become proposals: one of them may have come from injected text, and the user decides once.
 */
export const m012TrustedSources: Migration = {
  version: 12,
  name: 'thread origin and directive proposals',
  up(db) {
    db.exec(`
      ALTER TABLE threads ADD COLUMN origin TEXT NOT NULL DEFAULT 'chat' CHECK (origin IN ('chat','import'));
      UPDATE threads SET origin = 'import'
        WHERE EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = threads.id AND m.created_at < threads.created_at);
      ALTER TABLE directives ADD COLUMN review TEXT NOT NULL DEFAULT 'accepted' CHECK (review IN ('proposed','accepted','rejected'));
      UPDATE directives SET review = 'proposed' WHERE status = 'active' AND edited = 0;
    `);
  },
};
