/**
 * The everyday-words table (everyday-words.ts) read once into lookups: an English question's words
 * to their German, French, Spanish, Italian and Portuguese forms, and which language a text is in.
 * Engram OCRs screens in these languages, but its question side (keyword search, the lead's label
 * meeting, the sentence encoder) is English; this is the bridge, in one direction only (English in,
 * other languages out), so a foreign word that is also an English word ("die", "also") never
 * expands an English question.
 */
import { EVERYDAY_WORDS } from './everyday-words.js';
import { DUTCH_WORDS } from './everyday-words-nl.js';

export const OTHER_LANGUAGES = ['de', 'fr', 'es', 'it', 'pt', 'nl'] as const;
export type OtherLanguage = (typeof OTHER_LANGUAGES)[number];

/** One concept: its forms (at least one, none empty) in English and each other language. */
export type Concept = Record<'en' | OtherLanguage, string[]>;

/** A concept as the five-language table gives it, before its Dutch forms are joined. */
export type TableConcept = Omit<Concept, 'nl'>;

/** Parses the table; a malformed line is an error naming the line, so a bad edit fails every test at once. */
export function parseLexicon(table: string): TableConcept[] {
  const out: TableConcept[] = [];
  table.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const cells = line.split('|').map((c) => c.split(',').map((f) => f.trim()).filter(Boolean));
    // Checked by hand, not by a schema: the table is source, read by every process that loads the
    // store, and a schema's parse of its 250 lines cost each one 5-15 ms of start-up (issue 34).
    // The cells' forms are trimmed and non-empty by construction; each of the six must hold one.
    const [en, de, fr, es, it, pt] = cells;
    if (cells.length !== 6 || !en?.length || !de?.length || !fr?.length || !es?.length || !it?.length || !pt?.length) {
      throw new Error(`everyday words, line ${i + 1}: expected "en | de | fr | es | it | pt", got "${line}"`);
    }
    out.push({ en, de, fr, es, it, pt });
  });
  return out;
}

/**
 * The concepts with their Dutch forms (`english | nl` lines, by the concept's first English form): a
 * concept left without one, a line naming no concept or a form-less line is an error naming it.
 */
export function withDutch(concepts: readonly TableConcept[], dutch: string): Concept[] {
  const by = new Map<string, string[]>();
  dutch.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [en, nl, ...rest] = line.split('|').map((c) => c.trim());
    const forms = (nl ?? '').split(',').map((f) => f.trim()).filter(Boolean);
    if (!en || !forms.length || rest.length || !concepts.some((c) => c.en[0] === en)) throw new Error(`Dutch words, line ${i + 1}: expected "english | nl" for a concept of the table, got "${line}"`);
    by.set(en, forms);
  });
  return concepts.map((c) => {
    const nl = by.get(c.en[0]!);
    if (!nl) throw new Error(`Dutch words: no line for "${c.en[0]}"`);
    return { ...c, nl };
  });
}

export const LEXICON: readonly Concept[] = withDutch(parseLexicon(EVERYDAY_WORDS), DUTCH_WORDS);

/** Lower case without accents: OCR and hurried typing drop them ("sabado", "Schlussel"). */
export function plainWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** An English word's key: plain, without a possessive or a plural "s" ("meters" → "meter", "grandma's" → "grandma"). */
function englishKey(word: string): string {
  const w = plainWord(word).replace(/['’]s$/, '');
  return w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w;
}

const BY_ENGLISH = new Map<string, Concept[]>();
const PHRASES: { words: string[]; concept: Concept }[] = [];
for (const c of LEXICON) {
  for (const form of c.en) {
    const words = form.split(/\s+/);
    if (words.length > 1) PHRASES.push({ words: words.map(englishKey), concept: c });
    else BY_ENGLISH.set(englishKey(form), [...(BY_ENGLISH.get(englishKey(form)) ?? []), c]);
  }
}

/** One English word or phrase of a question with the concept it names. */
export interface Translation {
  english: string;
  forms: Record<OtherLanguage, string[]>;
}

/**
 * The concepts an English text names, each with its forms in the other languages: single words by
 * their key, phrases ("pick up", "move out") where their words stand together.
 */
/**
 * A word inside a fixed phrase that means something else: "of course" (certainly) names no course.
 * Keyed by the word before it and the word; the word then names no concept.
 */
const IN_IDIOM: ReadonlySet<string> = new Set(['of course']);

export function translationsOf(text: string): Translation[] {
  const words = text.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean);
  const keys = words.map(englishKey);
  const out: Translation[] = [];
  const seen = new Set<Concept>();
  const add = (english: string, c: Concept): void => {
    if (seen.has(c)) return;
    seen.add(c);
    out.push({ english, forms: { de: c.de, fr: c.fr, es: c.es, it: c.it, pt: c.pt, nl: c.nl } });
  };
  keys.forEach((k, i) => {
    if (IN_IDIOM.has(`${keys[i - 1] ?? ''} ${k}`)) return;
    for (const p of PHRASES) if (p.words.every((w, j) => keys[i + j] === w)) add(words.slice(i, i + p.words.length).join(' '), p.concept);
    for (const c of BY_ENGLISH.get(k) ?? []) add(words[i]!, c);
  });
  return out;
}

/** The forms of some translations in the given languages, each once. */
export function formsIn(translations: readonly Translation[], languages: Iterable<OtherLanguage>): string[] {
  const langs = [...languages];
  const out = new Set<string>();
  for (const t of translations) for (const l of langs) for (const f of t.forms[l]) out.add(f);
  return [...out];
}

/**
 * Function words that mark each language and are not English words ("die", "also", "an", "a",
 * "no", "me" are left out: English text is full of them). Some are shared between neighbours
 * ("que", "para"); a text may then read as two languages, which only widens the search.
 */
const MARKERS: Record<OtherLanguage | 'en', ReadonlySet<string>> = {
  en: new Set('the and of to is you your for with this that are be will from have has not was were'.split(' ')),
  de: new Set('und der das den dem des ist nicht mit sie ich wir ein eine einen auf fur bei zum zur bitte vom sind werden wird ihre ihr auch oder noch nach uns bis sehr geehrte geehrter ihnen zu im wie vielen gerne liebe lieber dass'.split(' ')),
  fr: new Set('le les des est et pour une dans avec vous nous sur pas qui que du au aux votre vos ce cette sont etre merci bonjour madame monsieur je il elle nos leur'.split(' ')),
  es: new Set('el los las que para con una por del es esta estan muy pero como hola gracias nos mi yo tambien hay qué llevo puedo tengo vamos'.split(' ')),
  it: new Set('il che della di per con una sono non gli alla nel del anche ciao grazie questo questa siamo ho hai sei delle dei alle gentile'.split(' ')),
  pt: new Set('os que para com uma nao esta sao voce obrigado obrigada do da dos das no na em mais tambem ola seu sua pelo pela'.split(' ')),
  nl: new Set('het een en op voor met niet zijn wordt uw naar bij ook maar dat wij jullie heeft kunt graag hierbij onze deze zal geachte vriendelijke groet'.split(' ')),
};

/**
 * The other languages a text is written in, by its function words: at least two different ones of
 * a language, and at least as many as of English. A label line ("Kaution: 1.650 EUR") says nothing.
 */
export function languagesOf(text: string): OtherLanguage[] {
  const words = new Set(plainWord(text).match(/\p{L}+/gu) ?? []);
  const count = (l: OtherLanguage | 'en'): number => {
    let n = 0;
    for (const w of MARKERS[l]) if (words.has(plainWord(w))) n++;
    return n;
  };
  const en = count('en');
  return OTHER_LANGUAGES.filter((l) => {
    const n = count(l);
    return n >= 2 && n >= en;
  });
}

/** A few words of each language common enough to find its text in a word index. */
export function markerWords(language: OtherLanguage): string[] {
  return [...MARKERS[language]].slice(0, 8).map(plainWord);
}

/** Each language's single-word forms of the table that are no English form of any concept ("Papier", "Dienstag", "fianza"; not "hotel", "total"). */
const OWN_WORDS: Record<OtherLanguage, ReadonlySet<string>> = (() => {
  const english = new Set(LEXICON.flatMap((c) => c.en.flatMap((e) => e.split(/\s+/))).map(plainWord));
  for (const w of MARKERS.en) english.add(w);
  const out = {} as Record<OtherLanguage, Set<string>>;
  for (const l of OTHER_LANGUAGES) {
    out[l] = new Set(LEXICON.flatMap((c) => c[l]).filter((f) => !/\s/.test(f)).map(plainWord).filter((f) => f.length >= 4 && !english.has(f)));
  }
  return out;
})();

/** Distinct words of the table a text must hold in one language to read as it without function words. */
const OWN_WORDS_SCREEN = 3;

/**
 * The other languages a whole screen is written in: by its function words (languagesOf), or, for a
 * screen of labels and values with hardly a sentence on it (a waste calendar's "Papier: 12. Januar",
 * a tracker's "Entrega prevista: sexta-feira"), by the everyday words of one language it holds: at
 * least three distinct ones, more than the English function words beside them.
 */
export function screenLanguages(text: string): OtherLanguage[] {
  const by = languagesOf(text);
  const words = new Set(plainWord(text).match(/\p{L}[\p{L}'’-]*/gu) ?? []);
  let en = 0;
  for (const w of MARKERS.en) if (words.has(w)) en++;
  for (const l of OTHER_LANGUAGES) {
    if (by.includes(l)) continue;
    let n = 0;
    for (const w of words) if (OWN_WORDS[l].has(w)) n++;
    if (n >= OWN_WORDS_SCREEN && n > en) by.push(l);
  }
  return by;
}

/** A language's month and weekday names, plain: the words a screen of labels and dates in it is found by. */
export function calendarWords(language: OtherLanguage): string[] {
  const names = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
  return LEXICON.filter((c) => names.has(c.en[0]!)).flatMap((c) => c[language]).map(plainWord).filter((w) => !/\s/.test(w) && OWN_WORDS[language].has(w));
}
