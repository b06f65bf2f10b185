/**
 * The forms the store's screens write a foreign lexicon word in: its inflections by stem ("Traghetti"
 * for "traghetto", "Rechnungen" for "Rechnung", "factures" for "facture"), and in German and Dutch the
 * compounds it is the head or the first part of ("Stromrechnung", "Wasserzähler", "Zählerstand").
 * Read from the word index's own vocabulary, so a search asks only for words some screen holds.
 */
import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { nounSenses, onlyVerb } from '../runtime/index.js';
import { LEXICON, plainWord, type Concept, type OtherLanguage } from '../../shared/text/index.js';
import { MIN_STEM, porterStem, spellingsOf, stemIn, stemsOf } from './word-stems.js';

/** The other part of a compound has at least this many letters: "Gas|rechnung" counts, "be|zahl" does not. */
const MIN_PART = 3;
/** Languages that write compounds as one word. */
const COMPOUNDING: ReadonlySet<OtherLanguage> = new Set(['de', 'nl']);
/** What may join a compound's first part to the next ("Rechnung|s|datum", "Miete|n|spiegel"). */
const LINKS = ['', 's', 'n', 'en', 'es', 'e'];
/** Endings a compound's head may carry in the index (after the Porter stem has cut what it cuts). */
const HEAD_ENDINGS: Record<'de' | 'nl', string[]> = { de: ['', 'e', 'en', 'n', 'er', 'ern', 's', 'es', 'ung', 'ungen'], nl: ['', 'e', 'en', 's'] };
/** At most this many held forms per lexicon form, the most widely held first: each is one more search term. */
const MAX_FORMS = 4;
/**
 * A vocabulary listing that took longer than this is kept for REBUILD_MS even when new screens come
 * in (a store of many months): a compound on a screen of the last few minutes waits for the next one.
 */
const SLOW_LISTING_MS = 100;
const REBUILD_MS = 5 * 60_000;

interface Vocabulary {
  top: number;
  builtAt: number;
  /** The index's terms (Porter stems of plain words), sorted. */
  terms: string[];
  /** The same terms reversed, sorted: the terms ending with a string are a range of it. */
  reversed: string[];
  /** How many passages hold each term. */
  docs: Map<string, number>;
}

const reverse = (s: string): string => [...s].reverse().join('');

/** The range of a sorted array whose strings start with `prefix`. */
function withPrefix(sorted: readonly string[], prefix: string): string[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
  return out;
}

export class HeldForms {
  private vocabulary: Vocabulary | null = null;
  private vocabularyTable: boolean | null = null;
  private readonly found = new Map<string, string[]>();

  constructor(private readonly db: Db) {}

  /**
   * The terms the word index holds for a lexicon form (single words only), other than the form's own
   * stored term (which a search for the form finds anyway): at most MAX_FORMS, most widely held first.
   * An English word (WordNet knows it) is never one: "cart" is no form of Italian "carta".
   */
  of(form: string, language: OtherLanguage): string[] {
    if (/\s/.test(form)) return [];
    const v = this.vocab();
    if (!v) return [];
    const key = `${language}\u0000${form}`;
    const hit = this.found.get(key);
    if (hit) return hit;
    const spellings = spellingsOf(form, language);
    // What a search for the form itself finds (translatedTerms searches it plain, and with "ß" as "ss").
    const plain = plainWord(form);
    const own = new Set([plain, plain.replace(/ß/g, 'ss')].map(porterStem));
    const stems = new Set(stemsOf(form, language));
    const other = otherWords(form, language);
    const out = new Set<string>();
    const consider = (t: string): void => {
      // A term the query side would stem again ("zahler" → "zahl") finds nothing as a search term.
      if (own.has(t) || out.has(t) || porterStem(t) !== t || englishWord(t) || other(t)) return;
      out.add(t);
    };
    // Inflections: the terms that start as the stem does and have the same stem ("traghett|i").
    // The index holds a word as Porter left it, maybe without a closing "e" ("entregue" as "entregu"): both are stemmed.
    for (const s of stems) for (const t of withPrefix(v.terms, s)) if (stems.has(stemIn(t, language)) || stems.has(stemIn(`${t}e`, language))) consider(t);
    if (COMPOUNDING.has(language)) {
      const heads = new Set([...spellings.map(porterStem), ...out]);
      // First part: the term starts with the form (less a closing "e": "Miet|vertrag"), a link, and a part of its own.
      for (const base of new Set(spellings.flatMap((s) => [s, s.replace(/e$/, '')]))) {
        if (base.length < MIN_STEM) continue;
        for (const t of withPrefix(v.terms, base)) if (LINKS.some((l) => t.startsWith(base + l) && t.length - base.length - l.length >= MIN_PART)) consider(t);
      }
      // Head: the term ends with the form or an inflection of it, after a part of its own ("Strom|rechnung").
      const endings = HEAD_ENDINGS[language as 'de' | 'nl'];
      const tails = new Set([...heads, ...[...stems].flatMap((s) => endings.map((e) => s + e))]);
      for (const tail of tails) {
        if (tail.length < MIN_STEM) continue;
        for (const r of withPrefix(v.reversed, reverse(tail))) {
          const t = reverse(r);
          if (t.length - tail.length < MIN_PART) continue;
          if (heads.has(tail) || stems.has(stemIn(tail, language))) consider(t);
        }
      }
    }
    const list = [...out].sort((a, b) => (v.docs.get(b) ?? 0) - (v.docs.get(a) ?? 0)).slice(0, MAX_FORMS);
    this.found.set(key, list);
    return list;
  }

  /** The word index's vocabulary, listed again when the passages changed (see SLOW_LISTING_MS). */
  private vocab(): Vocabulary | null {
    const top = (this.db.prepare('SELECT max(seq) FROM passages').pluck().get() as number | null) ?? 0;
    const v = this.vocabulary;
    if (v && (v.top === top || (v.builtAt > 0 && Date.now() - v.builtAt < REBUILD_MS))) return v;
    if (!this.table()) return null;
    const t0 = Date.now();
    const rows = this.db.prepare('SELECT term, doc FROM temp.engram_passage_vocab').raw().all() as [string, number][];
    // Sorted here, not by SQLite's byte order: the lookups compare as JavaScript does.
    const terms = rows.map((r) => r[0]).sort();
    const reversed = terms.map(reverse).sort();
    const took = Date.now() - t0;
    this.vocabulary = { top, builtAt: took > SLOW_LISTING_MS ? Date.now() : 0, terms, reversed, docs: new Map(rows) };
    this.found.clear();
    return this.vocabulary;
  }

  /** The word index's vocabulary as a table (fts5vocab, in this connection's temp schema: no migration, nothing written). */
  private table(): boolean {
    if (this.vocabularyTable === null) {
      try {
        this.db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.engram_passage_vocab USING fts5vocab(main, passage_fts, row)');
        this.vocabularyTable = true;
      } catch {
        // A connection that cannot make a temp table: foreign words are searched in their lexicon forms only.
        this.vocabularyTable = false;
      }
    }
    return this.vocabularyTable;
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
