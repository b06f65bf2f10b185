import type { Migration } from './migration.js';

/**
 * What the privacy gate masked in a kept frame, so the timeline can say "1 window hidden (private
 * browsing)": a small JSON of counts by reason ({"excluded_title":1}), NULL when nothing was masked.
 * Counts only: an excluded window's title, app or rectangle is never stored.
 */
export const m006FrameMasks: Migration = {
  version: 6,
  name: 'frames: counts of masked windows by reason',
  up(db) {
    db.exec('ALTER TABLE frames ADD COLUMN hidden TEXT');
  },
};
