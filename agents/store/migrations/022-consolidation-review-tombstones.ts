import type { Migration } from './migration.js';

/**
 * Version 22: a kept consolidation dry run dropped because a memory it quotes was forgotten leaves a
 * tombstone (issue 30), so that applying it after a restart says STALE ("a memory it quotes was
 * forgotten since the dry run") rather than NOT_FOUND. The tombstone holds the dry run's id and the
 * reason only: no text and no memory id, so the forgotten memory's words still do not survive it
 * (migration 020's privacy rule). Written by the same triggers that drop the dry run.
 */
export const m022ConsolidationReviewTombstones: Migration = {
  version: 22,
  name: 'consolidation_review_tombstones: why a kept dry run was dropped',
  up(db) {
    db.exec(`
      CREATE TABLE consolidation_review_tombstones (
        id TEXT PRIMARY KEY,
        reason TEXT NOT NULL CHECK (reason IN ('forgotten'))
      );
      DROP TRIGGER consolidation_reviews_forget;
      DROP TRIGGER consolidation_reviews_forget_entity;
      CREATE TRIGGER consolidation_reviews_forget AFTER DELETE ON memories BEGIN
        INSERT OR REPLACE INTO consolidation_review_tombstones (id, reason) SELECT review_id, 'forgotten' FROM consolidation_review_memories WHERE memory_id = OLD.id;
        DELETE FROM consolidation_reviews WHERE id IN (SELECT review_id FROM consolidation_review_memories WHERE memory_id = OLD.id);
      END;
      CREATE TRIGGER consolidation_reviews_forget_entity AFTER DELETE ON entities BEGIN
        INSERT OR REPLACE INTO consolidation_review_tombstones (id, reason) SELECT review_id, 'forgotten' FROM consolidation_review_memories WHERE memory_id = OLD.id;
        DELETE FROM consolidation_reviews WHERE id IN (SELECT review_id FROM consolidation_review_memories WHERE memory_id = OLD.id);
      END;
    `);
  },
};
