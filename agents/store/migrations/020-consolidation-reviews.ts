import type { Migration } from './migration.js';

/**
 * Version 20: a consolidation dry run kept for review survives a restart (issue 30). The window's
 * Consolidate shows the latest dry run until it is applied or discarded; its proposals quote the
 * memories they change, so they live in the encrypted database like the memories, and forgetting a
 * memory drops every kept dry run that quotes it (the trigger), as it drops the memory's other copies.
 */
export const m020ConsolidationReviews: Migration = {
  version: 20,
  name: 'consolidation_reviews: dry runs kept for review',
  up(db) {
    db.exec(`
      CREATE TABLE consolidation_reviews (
        id TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL,
        body TEXT NOT NULL
      );
      CREATE TABLE consolidation_review_memories (
        review_id TEXT NOT NULL REFERENCES consolidation_reviews(id) ON DELETE CASCADE,
        memory_id TEXT NOT NULL,
        PRIMARY KEY (review_id, memory_id)
      );
      CREATE INDEX consolidation_review_memories_memory ON consolidation_review_memories(memory_id);
      CREATE TRIGGER consolidation_reviews_forget AFTER DELETE ON memories BEGIN
        DELETE FROM consolidation_reviews WHERE id IN (SELECT review_id FROM consolidation_review_memories WHERE memory_id = OLD.id);
      END;
      CREATE TRIGGER consolidation_reviews_forget_entity AFTER DELETE ON entities BEGIN
        DELETE FROM consolidation_reviews WHERE id IN (SELECT review_id FROM consolidation_review_memories WHERE memory_id = OLD.id);
      END;
    `);
  },
};
