/**
 * A count said in words ("three keys", "remettre les trois clés", "zwei Schlüssel", "dos llaves") and
 * the everyday nouns a count of businesses or people is said in ("how many shops": "17 merchants",
 * "23 retailers"). A screen in another language writes its numbers as that language's words; a
 * report counts shops as its trade calls them.
 */
import { stem, type AskedValue } from './asked-value.js';

/**
 * Number words two to twelve in the languages read (English, German, French, Spanish, Italian,
 * Portuguese, Dutch). Left out: "one" and the articles that are also "one" (ein, un, uno, um), and
 * forms that are English words of another sense ("once", "due", "elf"); "sept" is read only
 * before a word, never as September's "Sept 12".
 */
const WORDS: Record<number, string[]> = {
  2: ['two', 'zwei', 'deux', 'dos', 'dois', 'duas', 'twee', 'both'],
  3: ['three', 'drei', 'trois', 'tres', 'três', 'tre', 'drie'],
  4: ['four', 'vier', 'quatre', 'cuatro', 'quattro', 'quatro'],
  5: ['five', 'fünf', 'funf', 'cinq', 'cinco', 'cinque', 'vijf'],
  6: ['six', 'sechs', 'seis', 'sei', 'zes'],
  7: ['seven', 'sieben', 'sept', 'siete', 'sette', 'sete', 'zeven'],
  8: ['eight', 'acht', 'huit', 'ocho', 'otto', 'oito'],
  9: ['nine', 'neun', 'neuf', 'nueve', 'nove', 'negen'],
  10: ['ten', 'zehn', 'dix', 'diez', 'dieci', 'dez', 'tien'],
  11: ['eleven', 'onze', 'undici', 'elva'],
  12: ['twelve', 'zwölf', 'douze', 'doce', 'dodici', 'doze', 'twaalf'],
};
const VALUE_OF = new Map(Object.entries(WORDS).flatMap(([n, ws]) => ws.map((w) => [w, Number(n)] as const)));

/** A number word followed by the word it counts ("trois clés", "drei Schlüssel"), the word captured. */
const COUNT_WORD = new RegExp(`(?<![\\p{L}\\p{N}])(${[...VALUE_OF.keys()].sort((a, b) => b.length - a.length).join('|')})\\s+(?:(?:de|d'|of)\\s+)?([\\p{L}][\\p{L}'-]{2,})`, 'giu');

/** A count said in words, with the word it counts: its span in the text and its value. */
export interface CountWord {
  text: string;
  start: number;
  end: number;
  value: number;
  counted: string;
}

/** The counts a text says in number words, each with the word after it. */
export function countWordsIn(text: string): CountWord[] {
  const out: CountWord[] = [];
  for (const m of text.matchAll(COUNT_WORD)) {
    const value = VALUE_OF.get(m[1]!.toLowerCase());
    if (value === undefined) continue;
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length, value, counted: m[2]! });
  }
  return out;
}

/** Whether a text says a count in number words. */
export const saysCountInWords = (text: string) => countWordsIn(text).length > 0;

/**
 * Everyday nouns for what a count is of, as reports and letters say them: one concept a line, every
 * form the others' kin. WordNet has "store" for "shop" but not the trade's "merchant" or "retailer".
 */
const COUNTED_KIN = [
  'shop store merchant retailer outlet seller vendor',
  'customer client buyer shopper',
  'employee staff worker colleague',
  'user account subscriber member',
  'guest visitor attendee participant',
].map((line) => line.split(' ').flatMap((w) => [stem(w), stem(`${w}s`)]));

/** The asked terms of a count with the other words for what it counts ("shop": merchant, retailer …). */
export function withCountedKin(asked: AskedValue): AskedValue {
  if (asked.kind !== 'count') return asked;
  let kin: Map<string, ReadonlySet<string>> | null = null;
  for (const t of asked.terms) {
    const group = COUNTED_KIN.find((g) => g.includes(t));
    if (!group) continue;
    kin ??= new Map(asked.kin);
    kin.set(t, new Set([...(asked.kin.get(t) ?? []), ...group.filter((w) => w !== t)]));
  }
  return kin ? { ...asked, kin } : asked;
}
