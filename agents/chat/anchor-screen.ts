import type { PassageMatch } from '../../shared/index.js';
import { askedValue, meets, metByKin, stemsOf } from './asked-value.js';

/** Screens looked at for an anchor, at most: the best matches of its words. */
export const ANCHOR_CANDIDATES = 8;

/**
 * Which screen "right after the hardware store receipt" means: among the passages that match the
 * anchor's words, the one on a screen that is itself about them (its window names them: "Receipt
 * 0043 — Ferragens"), not a line that mentions them on another screen (a file "receipts.zip" in a
 * listing). The window title is what a screen is about; a listing row only names things. Among
 * screens that name the anchor alike, the search's order decides.
 */
export function anchorScreen<P extends Pick<PassageMatch, 'score' | 'window_title' | 'text'>>(hits: readonly P[], words: string): P | undefined {
  if (hits.length < 2) return hits[0];
  const asked = askedValue(words);
  if (!asked.terms.length) return hits[0];
  const best = Math.max(...hits.map((h) => h.score), 1e-9);
  let pick: P | undefined;
  let top = -Infinity;
  for (const h of hits) {
    const title = stemsOf(h.window_title ?? '');
    const named = asked.terms.filter((t) => meets(t, title) || metByKin(t, title, asked.kin)).length / asked.terms.length;
    // A title naming the anchor outweighs any difference of word scores between two passages.
    const score = h.score / best + 2 * named;
    if (score > top) {
      top = score;
      pick = h;
    }
  }
  return pick;
}
