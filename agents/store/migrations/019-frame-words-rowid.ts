import type { Migration } from './migration.js';

/**
 * Version 19: frame_words becomes an ordinary rowid table (issue 34, storage). As a WITHOUT ROWID
 * table (015) a row is an index entry, and SQLite keeps at most ~1,000 bytes of an index entry on
 * its page: the rest of a ~1.3 KB packed row (017) took an overflow page of its own, 4 KB a frame
 * for 1.4 KB of data. In a rowid table such a row fits on a page shared with others: 4.7 -> 1.8 KB
 * of pages a row, measured with 300 rows of 1.0-1.6 KB. Same columns, same cascade from frames;
 * the rows are copied as they are and secure_delete overwrites the old table's pages.
 */
export const m019FrameWordsRowid: Migration = {
  version: 19,
  name: 'frame_words: a rowid table',
  up(db) {
    db.exec(`
      CREATE TABLE frame_words_rowid (
        frame_id TEXT PRIMARY KEY REFERENCES frames(id) ON DELETE CASCADE,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        words TEXT NOT NULL
      );
      INSERT INTO frame_words_rowid (frame_id, width, height, words) SELECT frame_id, width, height, words FROM frame_words;
      DROP TABLE frame_words;
      ALTER TABLE frame_words_rowid RENAME TO frame_words;
    `);
  },
};
