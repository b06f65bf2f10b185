import { closeKin, labelKin } from '../runtime/index.js';
import { LEXICON } from '../../shared/text/index.js';

/** A question's word met on a screen only by its kin ("Weight" for "how heavy") counts this share of it: less than the word itself. */
export const KIN_SHARE = 0.4;
/** At most this many kin per question word, and in all: each is one more word the search looks for. */
const KIN_PER_TERM = 6;
const KIN_TERMS = 16;

/** Whether two words are one noun's singular and plural ("key", "keys"; "box", "boxes"). */
const sameNumber = (a: string, b: string): boolean => a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`;

/** Each English word of the everyday-words table to the other English words of its concepts ("dentist" → dental). */
const TABLE_KIN = new Map<string, string[]>();
for (const c of LEXICON) {
  const words = c.en.map((f) => f.toLowerCase()).filter((f) => /^[a-z]+$/.test(f));
  for (const w of words) TABLE_KIN.set(w, [...new Set([...(TABLE_KIN.get(w) ?? []), ...words.filter((x) => x !== w)])]);
}

/**
 * The words the everyday-words table writes as one concept with a question's word ("dentist,
 * dental", "ferry, crossing"): a noun and the adjective a screen says it by, which WordNet links
 * only through other words (a dentist's "dentistry", a tooth's "dental"). Before WordNet's kin.
 */
export function tableKin(term: string): string[] {
  const one = term.length > 4 && term.endsWith('ies') ? `${term.slice(0, -3)}y` : term.length > 4 && term.endsWith('s') ? term.slice(0, -1) : term;
  return TABLE_KIN.get(term) ?? TABLE_KIN.get(one) ?? [];
}

/**
 * The words WordNet gives as the same as a question's words in their commonest sense, and the noun
 * an adjective measures ("heavy" → weight, "repair" → mend, "apartment" → flat), as search terms:
 * without the question's own words, and only for words of four letters or more (a short word's
 * senses are many and its synonyms mostly other things), but a form's own word for any asked word
 * first (label-kin.ts: a router's "Network key" for the wifi password, a receipt's "Gratuity" for the tip).
 */
export function kinTerms(terms: readonly string[]): string[] {
  const own = new Set(terms);
  const out: string[] = [];
  const labels = labelKin(terms);
  for (const [i, t] of terms.entries()) {
    // A form's own word for it (label-kin.ts: "Network key" for the wifi password) first, even for a short word ("tip", "vet").
    // A phrase's words are searched (the index holds words); the lead meets the phrase whole.
    const said = (labels.get(i) ?? []).flatMap((l) => l.split(' ')).filter((w) => w.length >= 3 && !/^(?:to|the|of)$/.test(w));
    if ((t.length < 4 && !said.length) || !/^\p{Ll}+$/u.test(t)) continue;
    let n = 0;
    for (const k of [...said, ...(t.length < 4 ? [] : [...tableKin(t), ...closeKin(t)])]) {
      if (n >= KIN_PER_TERM || out.length >= KIN_TERMS) break;
      // A kin that is only the word's other number ("key" for "keys") is the word itself: the search's stemmer meets it already.
      if (k.length < 3 || own.has(k) || out.includes(k) || !/^[a-z]+$/.test(k) || sameNumber(k, t)) continue;
      out.push(k);
      n++;
    }
  }
  return out;
}

/**
 * The table's words for a question's word that no screen says at all ("dental" for "dentist" when
 * the store holds no "dentist"): the same concept written another way stands in for it whole, as the
 * word would have, not as a kin below every screen the other words found.
 */
export function standIns(terms: readonly string[], held: (term: string) => boolean): string[] {
  const out: string[] = [];
  const labels = labelKin(terms);
  for (const [i, t] of terms.entries()) {
    // A form's own word for it stands in too ("cycling" for a spinning class no screen calls spinning).
    const kin = [...tableKin(t), ...(labels.get(i) ?? []).flatMap((l) => l.split(' '))].filter((k) => !terms.includes(k) && !out.includes(k));
    if (kin.length && !held(t)) out.push(...kin);
  }
  return out;
}
