import type { Migration } from './migration.js';

/**
 * The graph (MIRIX's idea, our schema): entities are anchors (people, organisations, projects,
 * places, documents) with aliases; facts tie several entities together at a time, each with roles,
 * and cite the memories they rest on. Mentions link an entity to every memory that names it, so
 * "everything about Ana" is one index lookup.
 *
 * Nothing here outlives its sources: a memory's delete cascades to its mentions and fact sources;
 * a fact left with no source goes, and so does an entity left with no mention and no fact
 * (triggers, so forget, retention and delete need not know about the graph).
 */
export const m005Graph: Migration = {
  version: 5,
  name: 'graph: entities, aliases, n-ary facts, mentions',
  up(db) {
    db.exec(`
      CREATE TABLE entities (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('person','organization','project','place','document','other')),
        name TEXT NOT NULL,
        summary TEXT NOT NULL DEFAULT '',
        first_seen INTEGER NOT NULL,
        last_seen INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX entities_kind ON entities(kind, last_seen);

      -- Every name an entity is known by, its canonical name included; key = lower-cased, spaces folded.
      CREATE TABLE entity_aliases (
        alias_key TEXT NOT NULL,
        entity_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
        alias TEXT NOT NULL,
        PRIMARY KEY (alias_key, entity_id)
      ) WITHOUT ROWID;
      CREATE INDEX entity_aliases_entity ON entity_aliases(entity_id);

      CREATE TABLE entity_mentions (
        entity_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
        memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('subject','mention')),
        PRIMARY KEY (entity_id, memory_id)
      ) WITHOUT ROWID;
      CREATE INDEX entity_mentions_memory ON entity_mentions(memory_id);

      CREATE TABLE graph_facts (
        id TEXT PRIMARY KEY,
        relation TEXT NOT NULL,
        statement TEXT NOT NULL,
        occurred_at INTEGER,
        confidence REAL NOT NULL,
        fact_key TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE fact_participants (
        fact_id TEXT NOT NULL REFERENCES graph_facts(id) ON DELETE CASCADE,
        entity_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        PRIMARY KEY (fact_id, entity_id, role)
      ) WITHOUT ROWID;
      CREATE INDEX fact_participants_entity ON fact_participants(entity_id);

      CREATE TABLE fact_sources (
        fact_id TEXT NOT NULL REFERENCES graph_facts(id) ON DELETE CASCADE,
        memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
        PRIMARY KEY (fact_id, memory_id)
      ) WITHOUT ROWID;
      CREATE INDEX fact_sources_memory ON fact_sources(memory_id);

      -- Renames, merges and splits, kept while the entity lives (as memory_history is for memories).
      CREATE TABLE graph_history (
        id INTEGER PRIMARY KEY,
        entity_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
        changed_at INTEGER NOT NULL,
        reason TEXT NOT NULL,
        snapshot TEXT NOT NULL
      );
      CREATE INDEX graph_history_entity ON graph_history(entity_id, changed_at);

      -- Memories the graph has read (so a crash between a memory and its graph is caught up at start).
      CREATE TABLE graph_read (
        memory_id TEXT PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE
      ) WITHOUT ROWID;

      CREATE TRIGGER fact_source_gone AFTER DELETE ON fact_sources
      WHEN NOT EXISTS (SELECT 1 FROM fact_sources WHERE fact_id = OLD.fact_id)
      BEGIN
        DELETE FROM graph_facts WHERE id = OLD.fact_id;
      END;

      CREATE TRIGGER mention_gone AFTER DELETE ON entity_mentions
      WHEN NOT EXISTS (SELECT 1 FROM entity_mentions WHERE entity_id = OLD.entity_id)
       AND NOT EXISTS (SELECT 1 FROM fact_participants WHERE entity_id = OLD.entity_id)
      BEGIN
        DELETE FROM entities WHERE id = OLD.entity_id;
      END;

      CREATE TRIGGER participant_gone AFTER DELETE ON fact_participants
      WHEN NOT EXISTS (SELECT 1 FROM entity_mentions WHERE entity_id = OLD.entity_id)
       AND NOT EXISTS (SELECT 1 FROM fact_participants WHERE entity_id = OLD.entity_id)
      BEGIN
        DELETE FROM entities WHERE id = OLD.entity_id;
      END;
    `);
  },
};
