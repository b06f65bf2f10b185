import type { Migration } from './migration.js';
import { passageHash, splitPassages } from './004-passage-split.js';

/**
 * Version 4: screen text as passages. What the user saw is answerable at the level of a paragraph,
 * a table row with its header, a code block or a group of short lines, each linked to the
 * observations (frame, time, app, window) it was seen in.
 *
 * - A passage is stored and indexed once, by the hash of its words; every later sighting (an
 *   unchanged part of the screen) only adds a row to passage_sightings.
 * - Sightings go with their observation (forget, delete: foreign key cascade); a passage goes with
 *   its last sighting, and its FTS row with it (triggers). Retention only recycles pixels, so the
 *   text, and its passages, stay as observations do.
 * - Existing screen observations are split now, so what was captured before the upgrade answers too.
 */
export const m004Passages: Migration = {
  version: 4,
  name: 'screen text passages with sightings and their own FTS index',
  up(db) {
    db.exec(`
      CREATE TABLE passages (
        seq INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('paragraph','row','code','lines')),
        text TEXT NOT NULL,
        first_seen_at INTEGER NOT NULL
      );

      CREATE TABLE passage_sightings (
        passage_seq INTEGER NOT NULL REFERENCES passages(seq) ON DELETE CASCADE,
        observation_id TEXT NOT NULL REFERENCES observations(id) ON DELETE CASCADE,
        seen_at INTEGER NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (passage_seq, observation_id)
      ) WITHOUT ROWID;
      CREATE INDEX passage_sightings_observation ON passage_sightings(observation_id);
      CREATE INDEX passage_sightings_time ON passage_sightings(seen_at);

      CREATE VIRTUAL TABLE passage_fts USING fts5(
        text, place,
        tokenize='porter unicode61 remove_diacritics 2'
      );
      INSERT INTO passage_fts(passage_fts, rank) VALUES('secure-delete', 1);

      CREATE TRIGGER passage_last_sighting_gone AFTER DELETE ON passage_sightings
        WHEN NOT EXISTS (SELECT 1 FROM passage_sightings WHERE passage_seq = old.passage_seq)
        BEGIN DELETE FROM passages WHERE seq = old.passage_seq; END;

      CREATE TRIGGER passage_gone AFTER DELETE ON passages
        BEGIN DELETE FROM passage_fts WHERE rowid = old.seq; END;
    `);
    const rows = db
      .prepare("SELECT id, observed_at, app, title, url, text FROM observations WHERE kind = 'screen' ORDER BY observed_at")
      .iterate() as IterableIterator<{ id: string; observed_at: number; app: string | null; title: string | null; url: string | null; text: string }>;
    // Collected first: better-sqlite3 refuses writes while an iterator is open on the same connection.
    const all = [...rows];
    // The step's own SQL and splitter (frozen): the live indexer may change, this upgrade may not.
    const find = db.prepare('SELECT seq FROM passages WHERE hash = ?').pluck();
    const insert = db.prepare('INSERT INTO passages (hash, kind, text, first_seen_at) VALUES (?, ?, ?, ?)');
    const fts = db.prepare('INSERT INTO passage_fts (rowid, text, place) VALUES (?, ?, ?)');
    const sighting = db.prepare('INSERT OR IGNORE INTO passage_sightings (passage_seq, observation_id, seen_at, position) VALUES (?, ?, ?, ?)');
    for (const o of all) {
      const place = [o.title, o.app, o.url].filter((x): x is string => typeof x === 'string' && x.trim() !== '').join(' — ');
      for (const p of splitPassages(o.text)) {
        const hash = passageHash(p.text);
        let seq = find.get(hash) as number | undefined;
        if (seq === undefined) {
          seq = Number(insert.run(hash, p.kind, p.text, o.observed_at).lastInsertRowid);
          fts.run(seq, p.text, place);
        }
        sighting.run(seq, o.id, o.observed_at, p.position);
      }
    }
  },
};
