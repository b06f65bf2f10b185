import type { Migration } from './migration.js';

/**
 * Version 8: feedback on answers and the behavioural directives made from it (MIRA).
 *
 * feedback: one row per thing the user said or clicked about an answer (explicit words, a
 * correction, a thumb). It cites the message it comes from, so forgetting that message (a time
 * range, a thread) forgets the feedback. One thumb per answer (the latest click replaces it).
 * `consumed_by` marks evidence of a directive the user deleted: the synthesiser never reads it
 * again, so a deleted directive is not made again from the same turns.
 *
 * directives: what the chat prompt carries ("Keep answers short"). 'deleted' rows are tombstones
 * (their text is cleared); 'retired' ones were contradicted by newer feedback. Each cites its
 * feedback in directive_evidence; a directive whose evidence is all forgotten goes with it.
 *
 * feedback_scans: how far each thread has been read for feedback.
 */
export const m008BehaviourDirectives: Migration = {
  version: 8,
  name: 'feedback and behavioural directives',
  up(db) {
    db.exec(`
      CREATE TABLE feedback (
        id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
        message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        answer_id TEXT REFERENCES messages(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('explicit','correction','thumb_up','thumb_down')),
        topic TEXT NOT NULL,
        stance TEXT NOT NULL CHECK (stance IN ('for','against')),
        instruction TEXT NOT NULL,
        quote TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('rules','model','user')),
        created_at INTEGER NOT NULL,
        consumed_by TEXT
      );
      CREATE INDEX feedback_time ON feedback(created_at);
      CREATE INDEX feedback_message ON feedback(message_id);
      CREATE UNIQUE INDEX feedback_one_thumb ON feedback(answer_id) WHERE kind IN ('thumb_up','thumb_down');

      CREATE TABLE directives (
        id TEXT PRIMARY KEY,
        text TEXT NOT NULL,
        topic TEXT NOT NULL,
        stance TEXT NOT NULL CHECK (stance IN ('for','against')),
        status TEXT NOT NULL CHECK (status IN ('active','retired','deleted')),
        origin TEXT NOT NULL CHECK (origin IN ('rules','model')),
        edited INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        retired_at INTEGER,
        retired_reason TEXT
      );
      CREATE INDEX directives_status ON directives(status, created_at);

      CREATE TABLE directive_evidence (
        directive_id TEXT NOT NULL REFERENCES directives(id) ON DELETE CASCADE,
        feedback_id TEXT NOT NULL REFERENCES feedback(id) ON DELETE CASCADE,
        PRIMARY KEY (directive_id, feedback_id)
      );
      CREATE INDEX directive_evidence_feedback ON directive_evidence(feedback_id);
      CREATE TRIGGER directive_evidence_forgotten AFTER DELETE ON directive_evidence
      BEGIN
        DELETE FROM directives WHERE id = OLD.directive_id
          AND NOT EXISTS (SELECT 1 FROM directive_evidence WHERE directive_id = OLD.directive_id);
      END;

      CREATE TABLE feedback_scans (
        thread_id TEXT PRIMARY KEY REFERENCES threads(id) ON DELETE CASCADE,
        through_at INTEGER NOT NULL
      );
    `);
  },
};
