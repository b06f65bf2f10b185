import { closeKin } from '../runtime/index.js';

/** A question's word met on a screen only by its kin ("Weight" for "how heavy") counts this share of it: less than the word itself. */
export const KIN_SHARE = 0.4;
/** At most this many kin per question word, and in all: each is one more word the search looks for. */
const KIN_PER_TERM = 6;
const KIN_TERMS = 16;

/** Whether two words are one noun's singular and plural ("key", "keys"; "box", "boxes"). */
const sameNumber = (a: string, b: string): boolean => a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`;

/**
 * The words WordNet gives as the same as a question's words in their commonest sense, and the noun
 * an adjective measures ("heavy" → weight, "repair" → mend, "apartment" → flat), as search terms:
 * without the question's own words, and only for words of four letters or more (a short word's
 * senses are many and its synonyms mostly other things).
 */
export function kinTerms(terms: readonly string[]): string[] {
  const own = new Set(terms);
  const out: string[] = [];
  for (const t of terms) {
    if (t.length < 4 || !/^\p{Ll}+$/u.test(t)) continue;
    let n = 0;
    for (const k of closeKin(t)) {
      if (n >= KIN_PER_TERM || out.length >= KIN_TERMS) break;
      // A kin that is only the word's other number ("key" for "keys") is the word itself: the search's stemmer meets it already.
      if (k.length < 3 || own.has(k) || out.includes(k) || !/^[a-z]+$/.test(k) || sameNumber(k, t)) continue;
      out.push(k);
      n++;
    }
  }
  return out;
}
