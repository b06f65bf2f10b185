import type { Migration } from './migration.js';

/**
 * Version 10: the user's "these are two different people" is remembered. Splitting an alias off
 * an entity (the entity page) records the pair, and consolidation (`engram dream`) never merges a
 * recorded pair again, however alike their names look. A merge carries the pairs of the entity it
 * folds in; a merge the user asks for between the pair itself drops it (the user changed their mind).
 *
 * Keyed by entity id and cascading with the entities: a decision lives as long as the entities it
 * is about, so forgetting their sources leaves no name behind (entities hold names).
 */
export const m010EntityApart: Migration = {
  version: 10,
  name: 'graph: entity pairs the user split apart',
  up(db) {
    db.exec(`
      CREATE TABLE entity_apart (
        entity_a TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
        entity_b TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
        decided_at INTEGER NOT NULL,
        reason TEXT NOT NULL,
        PRIMARY KEY (entity_a, entity_b),
        CHECK (entity_a < entity_b)
      ) WITHOUT ROWID;
      CREATE INDEX entity_apart_b ON entity_apart(entity_b);
    `);
  },
};
