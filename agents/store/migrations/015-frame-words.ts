import type { Migration } from './migration.js';

/**
 * Version 15: the words OCR read on a frame, with their boxes and confidence (issue 31, "hits you
 * can see"), so a search hit can be highlighted on its screenshot. One row per frame: the OCR
 * image's size and a JSON list of [text, x0, y0, x1, y1, confidence] in that image's pixels, the
 * text already redacted as the observation's is. Inside the encrypted database like the frame's
 * other data, and gone with its frame (deleted, forgotten or recycled) by the foreign key.
 */
export const m015FrameWords: Migration = {
  version: 15,
  name: 'frame_words: OCR word boxes per frame',
  up(db) {
    db.exec(`
      CREATE TABLE frame_words (
        frame_id TEXT PRIMARY KEY REFERENCES frames(id) ON DELETE CASCADE,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        words TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
