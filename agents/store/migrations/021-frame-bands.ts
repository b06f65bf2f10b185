import type { Migration } from './migration.js';

/**
 * Version 21: a frame stores only the bands of pixels that changed (issue 34, ≤ 10 MB per hour).
 * A frame is cut into full-width horizontal bands; each band is kept once, named by a keyed hash of
 * its raw pixels, and a frame lists its bands in order (frames.bands, a JSON array of band ids;
 * NULL for a frame kept whole in its own encrypted file, as before). The bands live in the encrypted
 * database, so they commit in the frame's transaction: no frame is ever without its pixels.
 * `refs` counts the frames that show a band; the triggers keep it, and the last frame to go takes
 * the band with it (secure_delete zeroes its pages), so a forget removes exactly the pixels no kept
 * frame shows. The pixels are a table of their own so that counting a reference does not rewrite them.
 */
export const m021FrameBands: Migration = {
  version: 21,
  name: 'frame_bands: frames store the bands that changed',
  up(db) {
    db.exec(`
      CREATE TABLE frame_bands (
        id INTEGER PRIMARY KEY,
        key BLOB NOT NULL UNIQUE,
        refs INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE frame_band_pixels (
        id INTEGER PRIMARY KEY,
        data BLOB NOT NULL
      );
      ALTER TABLE frames ADD COLUMN bands TEXT;
      CREATE TRIGGER frames_bands_hold AFTER INSERT ON frames WHEN NEW.bands IS NOT NULL BEGIN
        UPDATE frame_bands SET refs = refs + 1 WHERE id IN (SELECT value FROM json_each(NEW.bands));
      END;
      CREATE TRIGGER frames_bands_release AFTER DELETE ON frames WHEN OLD.bands IS NOT NULL BEGIN
        UPDATE frame_bands SET refs = refs - 1 WHERE id IN (SELECT value FROM json_each(OLD.bands));
        DELETE FROM frame_band_pixels WHERE id IN (SELECT id FROM frame_bands WHERE refs <= 0 AND id IN (SELECT value FROM json_each(OLD.bands)));
        DELETE FROM frame_bands WHERE refs <= 0 AND id IN (SELECT value FROM json_each(OLD.bands));
      END;
    `);
  },
};
