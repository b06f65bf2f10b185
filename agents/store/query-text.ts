/** Turning a user's question into FTS5 terms and named entities. */
import { plainWord, translationsOf, type OtherLanguage } from '../../shared/text/index.js';

const STOP = new Set(
  `a an and are as at be been but by can could did do does for from had has have he her hers him his how i if in into is it its
  me my of on or our she so than that the their them then there these they this those to was we were what when where which who
  whom why will with would you your yours about after again all also am any because before being both did does doing down during
  each few further here just more most no nor not now off once only other out over own same should some such too under until up
  very while ever did tell know think remember said say says like get got go going went`.split(/\s+/),
);

/** Lower-cased word tokens without stop words (unicode letters and digits). */
export function queryTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? [];
  const out: string[] = [];
  for (const w of words) {
    const clean = w.replace(/['’]s$/, '').replace(/['’]/g, '');
    if (clean.length < 2 && !/\d/.test(clean)) continue;
    if (STOP.has(clean)) continue;
    if (!out.includes(clean)) out.push(clean);
  }
  return out.slice(0, 32);
}

/** An FTS5 MATCH expression: any term (OR), each quoted so user text can never be FTS syntax. */
export function ftsQuery(terms: string[]): string | null {
  if (!terms.length) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/** Capitalised words that are not sentence starters: names of people, apps, places the query is about. */
export function queryEntities(text: string): string[] {
  const out: string[] = [];
  const re = /(^|[^\p{L}])(\p{Lu}[\p{L}\p{N}]+)/gu;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const word = m[2]!;
    const before = text.slice(0, m.index + m[1]!.length).trimEnd();
    const sentenceStart = before === '' || /[.!?]$/.test(before);
    if (sentenceStart && STOP.has(word.toLowerCase())) continue;
    if (STOP.has(word.toLowerCase())) continue;
    if (!out.includes(word)) out.push(word);
  }
  return out;
}

/** A case-insensitive whole-word matcher for an entity name ("Ana" matches "Ana's", not "Banana"). */
export function entityMatcher(entity: string): RegExp {
  const escaped = entity.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * Whether a query may name a time (a digit, a month, a weekday, "yesterday", "last week", "ago"…):
 * a cheap test before the date parser, which costs a few milliseconds even on a question without
 * a date. English, as the parser is.
 */
const TIME_WORD =
  /\d|\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|\b(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?s?\b|\b(?:today|tonight|yesterday|tomorrow|morning|afternoon|evening|night|noon|midnight|weekend|week|month|year|decade|ago|now|recently|lately|hours?|minutes?|days?|weeks?|months?|years?)\b/i;
export function mayNameTime(query: string): boolean {
  return TIME_WORD.test(query);
}

/**
 * The everyday words of an English query in the other languages asked for (the store's screens'
 * languages), as FTS terms, without those the query already holds ("hotel", "total"). `held` gives
 * the other forms the store's screens write a form in (held-forms.ts: "traghetti" for "traghetto",
 * "stromrechnung" for "Rechnung"), each put right after its form.
 */
export function translatedTerms(
  query: string,
  terms: readonly string[],
  languages: Iterable<OtherLanguage>,
  held: (form: string, language: OtherLanguage) => readonly string[] = () => [],
): string[] {
  const own = new Set(terms.map(plainWord));
  const out: string[] = [];
  const add = (term: string): void => {
    if (!own.has(term) && !out.includes(term)) out.push(term);
  };
  const langs = [...languages];
  // Each form once, in the order formsIn gives them (concept, then language): the first language that has it claims it.
  const seen = new Set<string>();
  for (const t of translationsOf(query)) {
    for (const l of langs) {
      for (const form of t.forms[l]) {
        if (seen.has(form)) continue;
        seen.add(form);
        // Swiss German and keyboards without it write "ß" as "ss" ("Strasse", "Bussgeld"): both are searched.
        for (const plain of new Set([plainWord(form), plainWord(form).replace(/ß/g, 'ss')])) add(plain);
        for (const h of held(form, l)) add(h);
      }
    }
  }
  return out.slice(0, MAX_TRANSLATED);
}
/** At most this many translated terms: a long question's words in five languages would make a slow OR query. */
const MAX_TRANSLATED = 48;
