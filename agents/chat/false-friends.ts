/**
 * False friends: a word of a foreign page spelt like the English word asked about but meaning
 * something else in the page's language. "Firma" on an Italian or Spanish form is the signature, on
 * a German one the firm; "Rente" on a German letter is a pension, not the rent. On a page read as
 * German, French, Spanish, Italian or Portuguese, a word the everyday-words table knows as that
 * language's word for another thing does not meet the question's word, however it is spelt: the
 * table says what it means there. A word the table does not know is left to meet as it is spelt.
 */
import { LEXICON, OTHER_LANGUAGES, languagesOf, plainWord, translationsOf, type OtherLanguage } from '../../shared/text/index.js';
import { meets, stem, stemsOf } from './asked-value.js';

/**
 * Words each language spells like an English word but means another thing by, with what they mean
 * there: German "Gift" is poison, Italian "camera" a room, Spanish "éxito" success. The everyday-words
 * table leaves such words out (an English screen would meet them by chance), so they are listed here,
 * by hand from the languages themselves, to be known as false friends on a page in that language.
 */
const FALSE_FRIENDS: Record<OtherLanguage, string> = {
  de: 'Gift poison, Rock skirt, Chef boss, Handy mobile, Bad bathroom, Brief letter, See lake, Wand wall, Hut hat, Mist manure, Gymnasium school, Kind child, Art sort, Fabrik factory, Menü set meal, Billion trillion, sensibel sensitive',
  fr: 'librairie bookshop, coin corner, blessé injured, location rental, monnaie change, raisin grape, pain bread, chair flesh, sale dirty, four oven, lecture reading, cave cellar, prune plum, essence petrol, avertissement warning, journée day, actuellement currently, crayon pencil, sensible sensitive, grand big, rester stay',
  es: 'éxito success, embarazada pregnant, carpeta folder, librería bookshop, constipado cold, ropa clothes, sensible sensitive, actual current, largo long, recordar remember, realizar carry, decepción disappointment, molestar bother, sale leaves, red network',
  it: 'camera room, parenti relatives, libreria bookshop, fattoria farm, morbido soft, editore publisher, magazzino warehouse, annoiato bored, argomento topic, educato polite, confetti sugared almonds, cantina cellar, stampa print, attualmente currently, sensibile sensitive, firma signature',
  pt: 'pasta folder, puxar pull, esquisito odd, livraria bookshop, constipado cold, propaganda advert, parentes relatives, data date, sensível sensitive, atualmente currently, exquisito odd, pretender intend',
  nl: 'kind child, brief letter, slim clever, room cream, arm poor, winkel shop, door through, wet law, big piglet, boot boat, eventueel possibly, actueel current, zin sentence, kok cook, mest manure',
};

/** Each language's false friends (stemmed, plain) with what they mean there, as English words. */
const FRIEND_MEANS: ReadonlyMap<OtherLanguage, ReadonlyMap<string, string>> = new Map(
  OTHER_LANGUAGES.map((l) => {
    const by = new Map<string, string>();
    for (const pair of FALSE_FRIENDS[l].split(',')) {
      const [word, ...meaning] = pair.trim().split(/\s+/);
      if (word && meaning.length) for (const s of new Set([stem(word), stem(plainWord(word))])) by.set(s, meaning.join(' '));
    }
    return [l, by];
  }),
);

/** Each language's words (stemmed, plain) with the English words of the concepts they say. */
const MEANINGS: ReadonlyMap<OtherLanguage, ReadonlyMap<string, ReadonlySet<string>>> = new Map(
  OTHER_LANGUAGES.map((l) => {
    const by = new Map<string, Set<string>>();
    const add = (form: string, english: readonly string[]) => {
      for (const s of new Set([stem(form), stem(plainWord(form))])) by.set(s, new Set([...(by.get(s) ?? []), ...english]));
    };
    for (const c of LEXICON)
      for (const f of c[l]) {
        if (/\s/.test(f)) continue;
        add(f, c.en.flatMap((e) => e.split(/\s+/)).map((e) => stem(e)));
      }
    for (const pair of FALSE_FRIENDS[l].split(',')) {
      const [word, ...meaning] = pair.trim().split(/\s+/);
      if (word && meaning.length) add(word, meaning.map((e) => stem(e)));
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

const WEEK = new Set([stem('week')]);

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
 * on an English page, where nothing is a false friend. The question's names (its capitalised words
 * past the first) are left as they are. And a false friend that means an asked term in the page's
 * language is followed by it: "Camera doppia" on an Italian booking is the room asked about.
 */
export function falseFriendMask(asked: readonly string[], page: string, question = ''): ((text: string) => string) | null {
  // A name the question writes as one ("the Essen load", "Mr Brief") is met as written: it is no word of any language.
  const names = new Set(question.split(/\s+/).slice(1).filter((w) => /^\p{Lu}\p{Ll}/u.test(w)).map((w) => stem(w)));
  const terms = asked.filter((t) => !names.has(t));
  const languages = terms.length ? languagesOfPage(page) : [];
  if (!languages.length) return null;
  const week = languages.includes('de') && terms.some((t) => meets(t, WEEK));
  return (text) =>
    // "KW 49" on a German page is calendar week 49 ("Kalenderwoche"): two letters no word table can hold.
    (week ? text.replace(/(?<![\p{L}\d.,]\s?)\bKW\s?-?(0?[1-9]|[1-4]\d|5[0-3])\b/gu, 'KW $1 (week $1)') : text).replace(/\p{L}[\p{L}'’]*/gu, (w) => {
      const s = stem(w);
      const friend = terms.some((t) => t.length >= 3 && meets(t, new Set([s])) && languages.every((l) => !meansTerm(t, s, l)));
      if (friend) return '…';
      const means = languages.map((l) => FRIEND_MEANS.get(l)?.get(s)).find((m) => m !== undefined && terms.some((t) => meets(t, stemsOf(m))));
      return means ? `${w} (${means})` : w;
    });
}
