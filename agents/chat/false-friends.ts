/**
 * False friends: a word of a foreign page spelt like the English word asked about but meaning
 * something else in the page's language. "Firma" on an Italian or Spanish form is the signature, on
 * a German one the firm; "Rente" on a German letter is a pension, not the rent. On a page read as
 * German, French, Spanish, Italian or Portuguese, a word the everyday-words table knows as that
 * language's word for another thing does not meet the question's word, however it is spelt: the
 * table says what it means there. A word the table does not know is left to meet as it is spelt.
 */
import { LEXICON, OTHER_LANGUAGES, languagesOf, plainWord, translationsOf, type OtherLanguage } from '../../shared/text/index.js';
import { meets, stem } from './asked-value.js';

/** Each language's words (stemmed, plain) with the English words of the concepts they say. */
const MEANINGS: ReadonlyMap<OtherLanguage, ReadonlyMap<string, ReadonlySet<string>>> = new Map(
  OTHER_LANGUAGES.map((l) => {
    const by = new Map<string, Set<string>>();
    for (const c of LEXICON)
      for (const f of c[l]) {
        if (/\s/.test(f)) continue;
        const english = c.en.flatMap((e) => e.split(/\s+/)).map((e) => stem(e));
        for (const s of new Set([stem(f), stem(plainWord(f))])) by.set(s, new Set([...(by.get(s) ?? []), ...english]));
      }
    return [l, by];
  }),
);

/** Whether a page word (stem `s`) in language `l` means the asked term there: it is one of the term's own translations, or the table ties it to the term. */
function meansTerm(term: string, s: string, l: OtherLanguage): boolean {
  const english = MEANINGS.get(l)?.get(s);
  if (!english) return true;
  if (english.has(term)) return true;
  return translationsOf(term).some((t) => t.forms[l].some((f) => stem(f) === s || stem(plainWord(f)) === s));
}

/** The languages of the last pages read: a question's units share a few passages, each read once. */
const LANGUAGES = new Map<string, OtherLanguage[]>();
function languagesOfPage(page: string): OtherLanguage[] {
  let l = LANGUAGES.get(page);
  if (!l) {
    if (LANGUAGES.size > 64) LANGUAGES.clear();
    l = languagesOf(page);
    LANGUAGES.set(page, l);
  }
  return l;
}

/**
 * For a page (the passage and what is around it), what blanks out the words that only look like an
 * asked term ("Firma" on an Italian form asked about the firm), for judging what a text is about; null
 * on an English page, where nothing is a false friend.
 */
export function falseFriendMask(terms: readonly string[], page: string): ((text: string) => string) | null {
  const languages = terms.length ? languagesOfPage(page) : [];
  if (!languages.length) return null;
  return (text) =>
    text.replace(/\p{L}[\p{L}'’]*/gu, (w) => {
      const s = stem(w);
      const friend = terms.some((t) => t.length >= 3 && meets(t, new Set([s])) && languages.every((l) => !meansTerm(t, s, l)));
      return friend ? '…' : w;
    });
}
