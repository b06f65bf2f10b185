import type { Migration } from './migration.js';

/** The six memory kinds share one table (one FTS index, one vector index, one provenance graph); kind-specific fields are validated JSON. */
export const m001Initial: Migration = {
  version: 1,
  name: 'initial schema',
  up(db) {
    db.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE memories (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('core','episodic','semantic','procedural','resource','knowledge_vault')),
        title TEXT NOT NULL DEFAULT '',
        text TEXT NOT NULL,
        details TEXT NOT NULL DEFAULT '',
        fields TEXT NOT NULL DEFAULT '{}',
        app TEXT,
        occurred_at INTEGER,
        ended_at INTEGER,
        segment TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        access_count INTEGER NOT NULL DEFAULT 0,
        last_accessed_at INTEGER,
        superseded_by TEXT,
        version INTEGER NOT NULL DEFAULT 1,
        is_experience INTEGER NOT NULL DEFAULT 0,
        sensitivity TEXT,
        content_hash TEXT NOT NULL,
        embedded INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX memories_kind_time ON memories(kind, COALESCE(occurred_at, created_at));
      CREATE INDEX memories_time ON memories(COALESCE(occurred_at, created_at));
      CREATE INDEX memories_created ON memories(created_at);
      CREATE INDEX memories_segment ON memories(segment, COALESCE(occurred_at, created_at)) WHERE segment IS NOT NULL;
      CREATE INDEX memories_unembedded ON memories(seq) WHERE embedded = 0;

      -- Contentless FTS: the text lives once, in memories; secure-delete purges deleted tokens.
      CREATE VIRTUAL TABLE memory_fts USING fts5(
        title, body, context,
        content='', contentless_delete=1,
        tokenize='porter unicode61 remove_diacritics 2'
      );
      INSERT INTO memory_fts(memory_fts, rank) VALUES('secure-delete', 1);

      CREATE TABLE provenance (
        memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
        source_type TEXT NOT NULL CHECK (source_type IN ('frame','observation','message','audio')),
        source_id TEXT NOT NULL,
        PRIMARY KEY (memory_id, source_type, source_id)
      ) WITHOUT ROWID;
      CREATE INDEX provenance_source ON provenance(source_type, source_id);

      CREATE TABLE memory_history (
        id INTEGER PRIMARY KEY,
        memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        changed_at INTEGER NOT NULL,
        reason TEXT NOT NULL,
        snapshot TEXT NOT NULL
      );
      CREATE INDEX memory_history_memory ON memory_history(memory_id, version);

      CREATE TABLE embedding_cache (hash TEXT PRIMARY KEY, embedder TEXT NOT NULL, vector BLOB NOT NULL) WITHOUT ROWID;

      CREATE TABLE frames (
        id TEXT PRIMARY KEY,
        display TEXT NOT NULL,
        captured_at INTEGER NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        phash TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        app TEXT,
        title TEXT,
        url TEXT
      );
      CREATE INDEX frames_time ON frames(captured_at);

      CREATE TABLE audio (
        id TEXT PRIMARY KEY,
        started_at INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        mime TEXT NOT NULL
      );
      CREATE INDEX audio_time ON audio(started_at);

      CREATE TABLE observations (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('screen','audio')),
        frame_id TEXT REFERENCES frames(id) ON DELETE SET NULL,
        audio_id TEXT REFERENCES audio(id) ON DELETE SET NULL,
        display TEXT,
        observed_at INTEGER NOT NULL,
        app TEXT,
        title TEXT,
        url TEXT,
        text TEXT NOT NULL,
        caption TEXT,
        processed_at INTEGER
      );
      CREATE INDEX observations_time ON observations(observed_at);
      CREATE INDEX observations_unprocessed ON observations(observed_at) WHERE processed_at IS NULL;

      CREATE TABLE threads (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('system','user','assistant','tool')),
        text TEXT NOT NULL,
        raw TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        processed_at INTEGER
      );
      CREATE INDEX messages_thread ON messages(thread_id, created_at);
      CREATE INDEX messages_time ON messages(created_at);
      CREATE INDEX messages_unprocessed ON messages(created_at) WHERE processed_at IS NULL;

      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
  },
};
