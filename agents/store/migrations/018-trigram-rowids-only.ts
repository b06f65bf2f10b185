import type { Migration } from './migration.js';

/**
 * Version 18: the forgiving trigram index (013) keeps which passages hold a trigram, not where
 * (FTS5 detail=none; issue 34, storage). A screen of terminal text makes a new ~630-character
 * passage on nearly every frame, and the positions were most of its index: 2.2 KB a screen with
 * them, 0.9 KB without (measured on the capture bench's session). Positions only served phrase
 * queries; the search now asks for all of a piece's trigrams and checks each candidate's text by
 * edit distance as it always did. The folded rows are copied as they are (013's fold stays theirs),
 * through a table of the encrypted database, whatever the connection's temp store.
 */
export const m018TrigramRowidsOnly: Migration = {
  version: 18,
  name: 'forgiving trigram index without positions',
  up(db) {
    db.exec(`
      CREATE TABLE trigram_copy AS SELECT rowid AS seq, text FROM passage_trigram;
      DROP TRIGGER passage_trigram_gone;
      DROP TABLE passage_trigram;
      CREATE VIRTUAL TABLE passage_trigram USING fts5(text, tokenize='trigram', detail=none);
      INSERT INTO passage_trigram(passage_trigram, rank) VALUES('secure-delete', 1);
      INSERT INTO passage_trigram (rowid, text) SELECT seq, text FROM trigram_copy ORDER BY seq;
      DROP TABLE trigram_copy;
      CREATE TRIGGER passage_trigram_gone AFTER DELETE ON passages
        BEGIN DELETE FROM passage_trigram WHERE rowid = old.seq; END;
    `);
  },
};
