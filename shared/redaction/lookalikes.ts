/**
 * OCR reads a thin glyph as another (l, I, 1, |, !), a round one as another (o, O, 0), S as 5, B as
 * 8, m as "rn", w as "vv", and it drops a space into a word ("P assword"). A detector that spells
 * its prefix or label literally misses all of these (issue 28: `AKlA…`, `sk_Iive_`, `Passw0rd:`).
 * These helpers spell a literal as a regular-expression source that accepts its look-alikes.
 */

const THIN = '[iIl1|!]';
const CLASS: Record<string, string> = {
  i: THIN,
  I: THIN,
  l: THIN,
  L: '[LI1|]',
  '1': THIN,
  o: '[oO0]',
  O: '[oO0]',
  '0': '[oO0]',
  s: '[sS5]',
  S: '[sS5]',
  b: '[bB8]',
  B: '[bB8]',
  g: '[g9]',
  e: '[eE3]',
  E: '[eE3]',
  m: '(?:m|rn)',
  M: '(?:M|rn|RN)',
  w: '(?:w|vv)',
  W: '(?:W|VV)',
};

/** Letters OCR reads in place of digits in a run of numbers (cards, account numbers). */
export const DIGIT_LOOKALIKE: Readonly<Record<string, string>> = { l: '1', I: '1', '|': '1', O: '0', o: '0', S: '5', B: '8', Z: '2' };

/** What separates the parts of a token prefix on screen: a dash, an underscore, a long dash OCR made of a dash. */
export const PREFIX_SEP = '[-_\u2013\u2014]';

/**
 * A literal word as a pattern that accepts OCR's look-alikes of each character. With `spaced`, a
 * space may stand between any two characters ("P assword"). Characters without a look-alike stand
 * for themselves (escaped).
 */
export function lookalike(word: string, spaced = false): string {
  const parts = [...word].map((c) => CLASS[c] ?? c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'));
  return parts.join(spaced ? ' ?' : '');
}

/** Several words, each through `lookalike`, as one alternation group. */
export function lookalikeAny(words: readonly string[], spaced = false): string {
  return `(?:${words.map((w) => lookalike(w, spaced)).join('|')})`;
}
