import type { Migration } from './migration.js';
import { foldOcr013 } from './013-ocr-fold.js';

/**
 * Version 13: search that forgives OCR (issue 31). Each screen passage's text, folded so OCR's usual
 * confusions read alike (q/g, l/I/1, O/0, rn/m, a doubled letter), in an FTS5 table with SQLite's
 * trigram tokenizer beside passage_fts: a word OCR misread by a letter or two still shares most of
 * its trigrams, and CJK text, which has no spaces for the word index, is found by any part of it.
 * The table goes with its passage (trigger), and secure-delete overwrites what forget removes.
 * Existing passages are indexed now, with this step's own frozen fold and SQL (never the live indexer's).
 */
export const m013PassageTrigrams: Migration = {
  version: 13,
  name: 'forgiving trigram index of screen passages',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE passage_trigram USING fts5(text, tokenize='trigram');
      INSERT INTO passage_trigram(passage_trigram, rank) VALUES('secure-delete', 1);
      CREATE TRIGGER passage_trigram_gone AFTER DELETE ON passages
        BEGIN DELETE FROM passage_trigram WHERE rowid = old.seq; END;
    `);
    // Collected first: better-sqlite3 refuses writes while an iterator is open on the same connection.
    const rows = db.prepare('SELECT seq, text FROM passages ORDER BY seq').all() as { seq: number; text: string }[];
    const insert = db.prepare('INSERT INTO passage_trigram (rowid, text) VALUES (?, ?)');
    for (const r of rows) insert.run(r.seq, foldOcr013(r.text));
  },
};
