/**
 * Word stems in the other languages screens are written in (Snowball's stemmers, the npm package
 * snowball-stemmers): a lexicon holds one form of a word ("traghetto", "Rechnung", "facture") and
 * screens show others ("Traghetti", "Rechnungen", "factures"); their stems are the same.
 */
import { createRequire } from 'node:module';
import { plainWord, type OtherLanguage } from '../../shared/text/index.js';

interface Stemmer {
  stem(word: string): string;
}

const SNOWBALL: Record<OtherLanguage | 'porter', string> = { de: 'german', fr: 'french', es: 'spanish', it: 'italian', pt: 'portuguese', nl: 'dutch', porter: 'porter' };

/** A stem shorter than this matches too many words ("pag" of "pagado", "nav" of "nave"): none is made. */
export const MIN_STEM = 4;

// The library loads with its first use (0.9 MB of JavaScript): a process that never meets a foreign
// screen, and every test file that imports the store, pays nothing for it.
let library: { newStemmer(name: string): Stemmer } | undefined;
const stemmers = new Map<string, Stemmer>();
const cache = new Map<string, string>();
/** Stems remembered (a store's few thousand foreign words; a stem costs tens of microseconds). */
const CACHE = 20_000;

function stemWith(name: string, word: string): string {
  const key = `${name}\u0000${word}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  library ??= createRequire(import.meta.url)('snowball-stemmers') as { newStemmer(name: string): Stemmer };
  let s = stemmers.get(name);
  if (!s) stemmers.set(name, (s = library.newStemmer(name)));
  const out = s.stem(word);
  if (cache.size >= CACHE) cache.clear();
  cache.set(key, out);
  return out;
}

/** A plain (lower-case, accentless) word's stem in a language. */
export function stemIn(word: string, language: OtherLanguage): string {
  return stemWith(SNOWBALL[language], word);
}

/**
 * The English Porter stem, as SQLite's FTS5 "porter" tokenizer stores a word: what the word index
 * holds and what a query term is turned into before it is looked up.
 */
export function porterStem(word: string): string {
  return stemWith(SNOWBALL.porter, word);
}

/**
 * A form as screens spell it, plain: accents dropped (OCR and hurried typing drop them), and in German
 * and Dutch also with umlauts written out ("Zähler" as "zahler" and "zaehler") and "ß" as "ss".
 */
export function spellingsOf(form: string, language: OtherLanguage): string[] {
  const lower = form.toLowerCase();
  const out = new Set([plainWord(lower)]);
  if (language === 'de' || language === 'nl') {
    out.add(plainWord(lower).replace(/ß/g, 'ss'));
    out.add(plainWord(lower.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue')).replace(/ß/g, 'ss'));
  }
  return [...out];
}

/**
 * The stems a form is known by, as written and as the word index stores it (the Porter stem of a
 * foreign word: "factures" is stored "factur"), none shorter than MIN_STEM.
 */
export function stemsOf(form: string, language: OtherLanguage): string[] {
  const out = new Set<string>();
  for (const s of spellingsOf(form, language)) for (const w of [s, porterStem(s)]) out.add(stemIn(w, language));
  return [...out].filter((s) => s.length >= MIN_STEM);
}
