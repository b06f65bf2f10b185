import type { Migration } from './migration.js';
import { packWords, type PackedWord } from '../frame-words-codec.js';

/**
 * Version 17: word boxes packed (issue 34, storage). Migration 015 kept a frame's words as a JSON
 * list, about 5.9 KB a frame; the same words packed (frame-words-codec.ts: varints, texts apart,
 * deflated) take a fraction of it. Rows are rewritten in place as blobs (SQLite keeps a blob a blob
 * in the TEXT column, so the table and its cascade from frames stay as 015 made them); a row whose
 * JSON does not read is left as it is (the repo reads it as no words, as before). secure_delete
 * overwrites the old text's pages.
 */
export const m017FrameWordsPacked: Migration = {
  version: 17,
  name: 'frame_words: word boxes packed',
  up(db) {
    // Collected first: better-sqlite3 refuses writes while an iterator is open on the same connection.
    const rows = db.prepare("SELECT frame_id, words FROM frame_words WHERE typeof(words) = 'text'").all() as { frame_id: string; words: string }[];
    const update = db.prepare('UPDATE frame_words SET words = ? WHERE frame_id = ?');
    for (const r of rows) {
      let words: unknown;
      try {
        words = JSON.parse(r.words);
      } catch {
        continue;
      }
      if (!Array.isArray(words) || !words.every(isWord)) continue;
      update.run(packWords(words), r.frame_id);
    }
  },
};

function isWord(w: unknown): w is PackedWord {
  return Array.isArray(w) && w.length === 6 && typeof w[0] === 'string' && w.slice(1).every((n) => Number.isSafeInteger(n));
}
