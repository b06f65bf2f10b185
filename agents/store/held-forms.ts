/**
 * The forms the store's screens write a foreign lexicon word in: its inflections by stem ("Traghetti"
 * for "traghetto", "Rechnungen" for "Rechnung", "factures" for "facture"), and in German and Dutch the
 * compounds it is the head or the first part of ("Stromrechnung", "Wasserzähler", "Zählerstand").
 * Read from the word index's own vocabulary (and, for compounds' heads, the forgiving index's
 * substrings), so a search asks only for words some screen holds; by ranges and lookups, never a
 * listing of the whole vocabulary (a store of months holds a million OCR'd near-words).
 */
import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { nounSenses, onlyVerb } from '../runtime/index.js';
import { LEXICON, plainWord, type Concept, type OtherLanguage } from '../../shared/text/index.js';
import { MIN_STEM, porterStem, spellingsOf, stemIn, stemsOf } from './word-stems.js';
import { foldOcr } from './ocr-fold.js';

/** The other part of a compound has at least this many letters: "Gas|rechnung" counts, "be|zahl" does not. */
const MIN_PART = 3;
/** Languages that write compounds as one word. */
const COMPOUNDING: ReadonlySet<OtherLanguage> = new Set(['de', 'nl']);
/** What may join a compound's first part to the next ("Rechnung|s|datum", "Miete|n|spiegel"). */
const LINKS = ['', 's', 'n', 'en', 'es', 'e'];
/** At most this many held forms per lexicon form, the most widely held first: each is one more search term. */
const MAX_FORMS = 4;
/** Terms read per prefix of the word index's vocabulary (an OCR'd store holds many near-words). */
const PREFIX_TERMS = 200;
/** Passages read per compound head, newest first, for the words that end with it. */
const HEAD_PASSAGES = 60;

/** The terms of the word index that start with `prefix`, with how many passages hold each: a range of its vocabulary (fts5vocab reads a range, not the whole). */
type PrefixTerms = (prefix: string) => [string, number][];

export class HeldForms {
  private lookups: { prefixed: PrefixTerms; docs: (term: string) => number; headPassages: ((folded: string) => string[]) | null } | null | undefined;
  private top = -1;
  private readonly found = new Map<string, string[]>();

  constructor(private readonly db: Db) {}

  /**
   * The terms the word index holds for a lexicon form (single words only), other than the form's own
   * stored term (which a search for the form finds anyway): at most MAX_FORMS, most widely held first.
   * An English word (WordNet knows it) is never one: "cart" is no form of Italian "carta".
   */
  of(form: string, language: OtherLanguage): string[] {
    if (/\s/.test(form)) return [];
    const look = this.lookupsNow();
    if (!look) return [];
    const key = `${language}\u0000${form}`;
    const hit = this.found.get(key);
    if (hit) return hit;
    const spellings = spellingsOf(form, language);
    // What a search for the form itself finds (translatedTerms searches it plain, and with "ß" as "ss").
    const plain = plainWord(form);
    const own = new Set([plain, plain.replace(/ß/g, 'ss')].map(porterStem));
    const stems = new Set(stemsOf(form, language));
    const other = otherWords(form, language);
    const out = new Map<string, number>();
    const consider = (t: string, docs: number): void => {
      // A term the query side would stem again ("zahler" → "zahl") finds nothing as a search term.
      if (own.has(t) || out.has(t) || docs <= 0 || porterStem(t) !== t || englishWord(t) || other(t)) return;
      out.set(t, docs);
    };
    // Inflections: the terms that start as the stem does and have the same stem ("traghett|i").
    // The index holds a word as Porter left it, maybe without a closing "e" ("entregue" as "entregu"): both are stemmed.
    for (const s of stems) for (const [t, d] of look.prefixed(s)) if (stems.has(stemIn(t, language)) || stems.has(stemIn(`${t}e`, language))) consider(t, d);
    if (COMPOUNDING.has(language)) {
      // First part: the term starts with the form (less a closing "e": "Miet|vertrag"), a link, and a part of its own.
      for (const base of new Set(spellings.flatMap((s) => [s, s.replace(/e$/, '')]))) {
        if (base.length < MIN_STEM) continue;
        for (const [t, d] of look.prefixed(base)) if (LINKS.some((l) => t.startsWith(base + l) && t.length - base.length - l.length >= MIN_PART)) consider(t, d);
      }
      // Head: a word of some screen ends with an inflection of the form, after a part of its own ("Strom|rechnung").
      // Found by the forgiving index, which holds substrings; the word index holds words only.
      if (look.headPassages) {
        for (const s of stems) {
          for (const text of look.headPassages(s)) {
            for (const w of new Set(text.match(/\p{L}+/gu) ?? [])) {
              for (const word of new Set(spellingsOf(w, language))) {
                const i = word.indexOf(s, MIN_PART);
                if (i < 0 || !stems.has(stemIn(word.slice(i), language))) continue;
                const t = porterStem(word);
                consider(t, look.docs(t));
              }
            }
          }
        }
      }
    }
    const list = [...out].sort((a, b) => b[1] - a[1]).slice(0, MAX_FORMS).map(([t]) => t);
    this.found.set(key, list);
    return list;
  }

  /** The lookups, with what they found forgotten when the passages changed. */
  private lookupsNow(): HeldForms['lookups'] {
    const top = (this.db.prepare('SELECT max(seq) FROM passages').pluck().get() as number | null) ?? 0;
    if (top !== this.top) {
      this.top = top;
      this.found.clear();
    }
    if (this.lookups === undefined) this.lookups = this.prepare();
    return this.lookups;
  }

  /**
   * The word index's vocabulary as a table (fts5vocab, in this connection's temp schema: no migration,
   * nothing written), read by range and by term; and the forgiving index's passages holding a string.
   */
  private prepare(): HeldForms['lookups'] {
    try {
      this.db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.engram_passage_vocab USING fts5vocab(main, passage_fts, row)');
    } catch {
      // A connection that cannot make a temp table: foreign words are searched in their lexicon forms only.
      return null;
    }
    const range = this.db.prepare(`SELECT term, doc FROM temp.engram_passage_vocab WHERE term >= ? AND term < ? LIMIT ${PREFIX_TERMS}`).raw();
    const one = this.db.prepare('SELECT doc FROM temp.engram_passage_vocab WHERE term = ?').pluck();
    let heads: ((folded: string) => string[]) | null = null;
    try {
      const byTrigrams = this.db.prepare(`SELECT rowid FROM passage_trigram WHERE passage_trigram MATCH ? ORDER BY rowid DESC LIMIT ${HEAD_PASSAGES}`).pluck();
      const text = this.db.prepare('SELECT text FROM passages WHERE seq = ?').pluck();
      heads = (stem) => {
        const folded = foldOcr(stem);
        if (folded.length < 3) return [];
        const grams = [...Array(folded.length - 2).keys()].map((i) => `"${folded.slice(i, i + 3).replace(/"/g, '""')}"`);
        return (byTrigrams.all(grams.join(' AND ')) as number[]).flatMap((seq) => (text.get(seq) as string | undefined) ?? []);
      };
    } catch {
      // A store from before the forgiving index (migration 013): compounds by their first part only.
    }
    return {
      prefixed: (prefix) => range.all(prefix, `${prefix}\uffff`) as [string, number][],
      docs: (term) => (one.get(term) as number | undefined) ?? 0,
      headPassages: heads,
    };
  }
}

/** Each language's lexicon spellings by their first letters (the index's term of a word starts as the word does), with their concepts. */
let spelled: Map<OtherLanguage, Map<string, { spelling: string; concept: Concept }[]>> | undefined;
const HEAD = 4;

/**
 * Whether a term is another, longer word the lexicon knows in that language as another thing: the
 * term of a form of another concept ("fahrer" is the driver, however its stem meets "Fähre", the
 * ferry), or one that starts with it ("fahrkart", the ticket, is no compound of "Fähre"). A form of
 * the same length is an inflection the table files elsewhere ("partenze", the departures hall, is
 * still the plural of "partenza").
 */
function otherWords(form: string, language: OtherLanguage): (term: string) => boolean {
  if (!spelled) {
    spelled = new Map();
    for (const c of LEXICON) {
      for (const l of Object.keys(c).filter((k): k is OtherLanguage => k !== 'en')) {
        const byHead = spelled.get(l) ?? new Map<string, { spelling: string; concept: Concept }[]>();
        spelled.set(l, byHead);
        for (const f of c[l]) if (!/\s/.test(f)) for (const spelling of spellingsOf(f, l)) byHead.set(spelling.slice(0, HEAD), [...(byHead.get(spelling.slice(0, HEAD)) ?? []), { spelling, concept: c }]);
      }
    }
  }
  const byHead = spelled.get(language)!;
  const mine = new Set(LEXICON.filter((c) => c[language].includes(form)));
  const length = spellingsOf(form, language)[0]!.length;
  return (term) =>
    (byHead.get(term.slice(0, HEAD)) ?? []).some(({ spelling, concept }) => !mine.has(concept) && spelling.length > length && term.startsWith(porterStem(spelling)));
}

/** Whether WordNet knows a term as an English noun or verb. */
function englishWord(term: string): boolean {
  return nounSenses(term) > 0 || onlyVerb(term);
}
