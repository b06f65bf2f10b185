import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import { StatementCache } from './statement-cache.js';
import type { PassageMatch } from '../../shared/index.js';
import type { OtherLanguage } from '../../shared/text/index.js';
import { ftsQuery, queryTerms, translatedTerms } from './query-text.js';
import { PassageLanguages } from './passage-languages.js';
import { HeldForms } from './held-forms.js';
import { forgivingSearch, forgivingTerm, markForgiving, snippetAround, type ForgivingTerm } from './passage-trigram.js';
import type { PassageKind } from './passage-split.js';
import type { Millis } from './types.js';
import type { VectorIndex } from './vector-index.js';
import { everydayPhrases } from './everyday-phrases.js';
import { rankWithinScreen, termsWithinScreen, type ScreenCandidate } from './screen-rank.js';
import { KIN_SHARE, kinTerms, standIns } from './kin-terms.js';

/** Marks around the matched words of a passage (FTS5 highlight/snippet). */
export const MARK_OPEN = '**';
export const MARK_CLOSE = '**';

export interface PassageSearchOptions {
  query: string;
  since?: Millis;
  until?: Millis;
  limit?: number;
  /** Ask the forgiving (trigram) index when the words find little (default true; false: exact words only). */
  forgiving?: boolean;
}

/** A passage that matched, where and when it was seen (its first sighting in the asked-about window). */
export interface PassageHit extends PassageMatch {
  seq: number;
}

/** A passage as read back for one observation (reading order). */
export interface ObservationPassage {
  seq: number;
  kind: PassageKind;
  text: string;
  position: number;
}

interface SightingRow {
  observation_id: string;
  position: number;
  seen_at: number;
  frame_id: string | null;
  app: string | null;
  title: string | null;
  url: string | null;
  n: number;
  last_seen_at: number;
}

/** A passage of a screen as listed for ranking within it. */
interface ScreenRow {
  seq: number;
  kind: PassageKind;
  text: string;
  position: number;
  seen_at: number;
  observation_id: string;
  frame_id: string | null;
  app: string | null;
  title: string | null;
  url: string | null;
}

/** Fewer exact hits than this (or than the limit) and the forgiving index is asked too. */
const FORGIVE_BELOW = 10;
/** A forgiving hit scores at most this share of the weakest exact hit: always below it. */
const FORGIVEN_SHARE = 0.9;

/**
 * A passage found by a question word's translation scores this share of its BM25: below the question's
 * own words. At 0.5 a German letter saying three of the question's words ("Ablesung", "Zähler",
 * "Schlüssel") came below English screens saying one by chance ("reading" in a book club's note):
 * on development day 4 the caretaker's meter-reading mail, asked three ways, was never returned.
 */
const TRANSLATED_SHARE = 0.8;
/** An everyday phrasing's screen words (everyday-phrases.ts) inside a found screen: near the question's own words, under them. */
const EVERYDAY_SHARE = 0.8;
/** At most this many translations the word index lacks are looked up in the forgiving index (each costs a trigram scan). */
const FORGIVING_TRANSLATIONS = 8;

/** At most this many screens (the best by their memories' best passage) are ranked within, line by line. */
export const SCREENS_RANKED = 12;

/**
 * A word's BM25 in a line of one screen, divided by how many other lines of the screen hold it: the
 * place a question names ("the Duisburg transport") is on the order's subject, its route and its
 * signature, while the one line that answers holds the asked thing ("Preis") once.
 */
function spreadWeights(byTerm: ReadonlyMap<string, ReadonlyMap<number, number>>, screen: ReadonlySet<number>): (term: string, seq: number) => number {
  const spread = new Map<string, number>();
  return (term, seq) => {
    const s = byTerm.get(term)?.get(seq) ?? 0;
    if (!s) return 0;
    let n = spread.get(term);
    if (n == null) {
      n = 0;
      for (const k of byTerm.get(term)!.keys()) if (screen.has(k)) n++;
      spread.set(term, n);
    }
    // A word on two lines is often a heading and its detail ("Your service booking", "annual service"): the division starts at three.
    return s / Math.max(1, n - 1);
  };
}

/** The line of a passage where most of the question's terms are marked (null: none marked). */
function hitLine(marked: Map<string, string> | undefined, terms: readonly string[]): number | null {
  if (!marked) return null;
  const count = new Map<number, number>();
  for (const t of new Set(terms)) {
    const m = marked.get(t);
    if (!m) continue;
    const lines = new Set(m.split('\n').flatMap((l, i) => (l.includes(MARK_OPEN) ? [i] : [])));
    for (const i of lines) count.set(i, (count.get(i) ?? 0) + 1);
  }
  let best: number | null = null;
  for (const [i, n] of count) if (best == null || n > count.get(best)! || (n === count.get(best)! && i < best)) best = i;
  return best;
}
/** At most this many of the question's translations are looked for inside those screens (one word query each). */
const SCREEN_TRANSLATIONS = 16;

/** Up to this many passages seen in a time window are listed and searched among; above it, search all and post-filter. */
const WINDOW_LIST_LIMIT = 20_000;

/** The first ~24 words of a passage (a vector hit has no matched words to centre a snippet on). */
function startOf(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > 24 ? `${words.slice(0, 24).join(' ')} …` : words.join(' ');
}

/** FTS5 bm25 column weights: the passage's words, then where it was seen (window title, app, URL). */
const BM25 = 'bm25(passage_fts, 1.0, 0.4)';

/**
 * Reads the passages of screen text (written with their observation, see passage-index.ts):
 * searched by BM25 with the matched words marked, by vector (nearest meaning), and listed per observation.
 */
export class PassageRepo {
  private readonly statements: StatementCache;
  private readonly languages: PassageLanguages;
  private readonly heldForms: HeldForms;

  constructor(
    private readonly db: Db,
    /** The passages' vector index (migration 010), when the store has an embedder. */
    private readonly vectors: () => VectorIndex | null = () => null,
  ) {
    this.statements = new StatementCache(db);
    this.languages = new PassageLanguages(db);
    this.heldForms = new HeldForms(db);
  }

  /** The forms the store's screens write a translation in (its inflections and compounds). */
  private readonly heldForm = (form: string, language: OtherLanguage): string[] => this.heldForms.of(form, language);

  private stmt(sql: string): Statement {
    return this.statements.get(sql);
  }

  /**
   * Best matching passages first (BM25), each with its first sighting inside [since, until]. When
   * the words find fewer than a page, the words the word index does not know at all (a word OCR
   * misread, CJK text) are looked up in the forgiving index (passage-trigram.ts), and what it finds
   * is ranked below every exact match.
   */
  search(opts: PassageSearchOptions): PassageHit[] {
    const terms = queryTerms(opts.query);
    const limit = Math.min(Math.max(opts.limit ?? 20, 1), 200);
    const exact = this.withKin(this.withTranslations(this.exactSearch(terms, opts, limit), terms, opts, limit), terms, opts, limit);
    if (opts.forgiving === false || exact.length >= Math.min(limit, FORGIVE_BELOW)) return exact;
    const unknown = terms.flatMap((t) => {
      const f = forgivingTerm(t);
      return f && (f.cjk || !this.known(t)) ? [f] : [];
    });
    if (!unknown.length) return exact;
    const floor = exact.length ? Math.min(...exact.map((h) => h.score)) : 1;
    const seen = new Set(exact.map((h) => h.seq));
    const forgiven = this.forgivingHits(unknown, opts, limit, floor).filter((h) => !seen.has(h.seq));
    return [...exact, ...forgiven].slice(0, limit);
  }

  /**
   * An English question meets a screen in another language the store holds through the everyday
   * words' translations ("rent" → Miete, loyer…): searched apart, since BM25 cannot weigh terms, and
   * scored at TRANSLATED_SHARE of their own BM25, added to a passage the question's words found too.
   */
  private withTranslations(exact: PassageHit[], terms: string[], opts: PassageSearchOptions, limit: number): PassageHit[] {
    const held = this.languages.held();
    if (!held.size) return exact;
    const foreign = translatedTerms(opts.query, terms, held, this.heldForm);
    if (!foreign.length) return exact;
    const byWord = this.exactSearch(foreign, opts, limit);
    // A translation the word index lacks may sit inside a compound ("Zähler" in "Wasserzähler") or be
    // misread ("Schliissel"): the forgiving index finds both, below the translations found as words.
    const unknown = foreign.flatMap((t) => {
      const f = forgivingTerm(t);
      return f && !f.cjk && !this.known(t) ? [f] : [];
    });
    const floor = byWord.length ? Math.min(...byWord.map((h) => h.score)) : exact.length ? Math.min(...exact.map((h) => h.score)) : 1;
    const seen = new Set(byWord.map((h) => h.seq));
    const forgiven = unknown.length ? this.forgivingHits(unknown.slice(0, FORGIVING_TRANSLATIONS), opts, limit, floor).filter((h) => !seen.has(h.seq)) : [];
    const byForeign = [...byWord, ...forgiven].filter((h) => this.languages.foreignScreen(h.observation_id));
    if (!byForeign.length) return exact;
    const merged = new Map(exact.map((h) => [h.seq, { ...h }]));
    for (const h of byForeign) {
      const own = merged.get(h.seq);
      if (own) own.score += h.score * TRANSLATED_SHARE;
      else merged.set(h.seq, { ...h, score: h.score * TRANSLATED_SHARE });
    }
    return [...merged.values()].sort((a, b) => b.score - a.score).slice(0, limit);
  }

  /**
   * The question's words met by their kin on screens ("Weight" for "how heavy", kin-terms.ts): a
   * passage the words found gains KIN_SHARE of its kin's BM25, so of two screens sharing a common
   * word the one that also says the other in other words comes first; a passage only kin found
   * ranks below every one the words found, and when they found none, kin find none either.
   */
  private withKin(found: PassageHit[], terms: string[], opts: PassageSearchOptions, limit: number): PassageHit[] {
    // Nothing found by the words (a store of memories without screens, or words no screen has): no WordNet lookups, the forgiving index is next.
    if (!found.length) return found;
    const stand = standIns(terms, (t) => this.known(t));
    const kin = kinTerms(terms).filter((k) => !stand.includes(k));
    if (!kin.length && !stand.length) return found;
    const byKin = kin.length ? this.exactSearch(kin, opts, limit) : [];
    const byStand = stand.length ? this.exactSearch(stand, opts, limit) : [];
    if (!byKin.length && !byStand.length) return found;
    const floor = Math.min(...found.map((h) => h.score));
    const merged = new Map(found.map((h) => [h.seq, { ...h }]));
    for (const h of byStand) {
      const own = merged.get(h.seq);
      if (own) own.score += h.score;
      else merged.set(h.seq, { ...h });
    }
    for (const h of byKin) {
      const own = merged.get(h.seq);
      if (own) own.score += h.score * KIN_SHARE;
      else merged.set(h.seq, { ...h, score: Math.min(h.score * KIN_SHARE, floor * FORGIVEN_SHARE) });
    }
    return [...merged.values()].sort((a, b) => b.score - a.score).slice(0, limit);
  }

  /** Whether the word index holds this word at all (a word OCR misread everywhere does not). */
  private known(term: string): boolean {
    return this.stmt('SELECT 1 FROM passage_fts WHERE passage_fts MATCH ? LIMIT 1').get(ftsQuery([term])) !== undefined;
  }

  /** Forgiving matches, scored below `floor` (the weakest exact hit) and marked by the words found. */
  private forgivingHits(terms: ForgivingTerm[], opts: PassageSearchOptions, limit: number, floor: number): PassageHit[] {
    const filtered = opts.since != null || opts.until != null;
    const found = forgivingSearch(this.db, terms, filtered ? limit * 8 : limit);
    const rowOf = this.stmt('SELECT kind, text FROM passages WHERE seq = ?');
    const rows = found.flatMap((f) => {
      const r = rowOf.get(f.seq) as { kind: PassageKind; text: string } | undefined;
      if (!r) return [];
      const marked = markForgiving(r.text, f.found, MARK_OPEN, MARK_CLOSE);
      return [{ seq: f.seq, score: floor * FORGIVEN_SHARE * f.score, kind: r.kind, text: r.text, marked, snippet: snippetAround(marked, MARK_OPEN) }];
    });
    return this.withSightings(rows, opts, limit);
  }

  /** Passages by BM25 over the words, best first. */
  private exactSearch(terms: string[], opts: PassageSearchOptions, limit: number): PassageHit[] {
    const match = ftsQuery(terms);
    if (!match) return [];
    const filtered = opts.since != null || opts.until != null;
    // Rank first, mark after: highlight() and snippet() in the ranking query ran for every passage
    // the words matched (a long query matches most of them), not just the few kept.
    const ranked = this.stmt(`SELECT rowid AS seq, ${BM25} AS s FROM passage_fts WHERE passage_fts MATCH ? ORDER BY s LIMIT ?`).all(
      match,
      filtered ? limit * 8 : limit,
    ) as { seq: number; s: number }[];
    // (`rowid IN json_each`, not `rowid = ?`: this SQLite build's FTS5 answered a bound rowid with another row.)
    const marks = new Map(
      (
        this.stmt(
          `SELECT f.rowid AS seq, highlight(passage_fts, 0, '${MARK_OPEN}', '${MARK_CLOSE}') AS marked,
             snippet(passage_fts, 0, '${MARK_OPEN}', '${MARK_CLOSE}', '…', 24) AS snip, p.kind, p.text
           FROM passage_fts f JOIN passages p ON p.seq = f.rowid
           WHERE passage_fts MATCH ? AND f.rowid IN (SELECT value FROM json_each(?))`,
        ).all(match, JSON.stringify(ranked.map((r) => r.seq))) as { seq: number; marked: string; snip: string; kind: PassageKind; text: string }[]
      ).map((m) => [m.seq, m]),
    );
    const rows = ranked.flatMap((r) => {
      const m = marks.get(r.seq);
      return m ? [{ ...m, s: r.s }] : [];
    });
    return this.withSightings(
      rows.map((r) => ({ seq: r.seq, score: -r.s, kind: r.kind, text: r.text, marked: r.marked, snippet: r.snip })),
      opts,
      limit,
    );
  }

  /**
   * Passages by meaning: the nearest vectors among those seen inside [since, until], best first.
   * Nothing matched a word here, so nothing is marked; the snippet is the passage's start.
   */
  nearest(v: Float32Array, opts: Omit<PassageSearchOptions, 'query'> & { minSimilarity: number }): PassageHit[] {
    const index = this.vectors();
    if (!index) return [];
    const limit = Math.min(Math.max(opts.limit ?? 20, 1), 200);
    let among: number[] | undefined;
    if (opts.since != null || opts.until != null) {
      const seqs = this.stmt(`SELECT DISTINCT passage_seq FROM passage_sightings WHERE seen_at BETWEEN ? AND ? LIMIT ${WINDOW_LIST_LIMIT + 1}`)
        .pluck()
        .all(opts.since ?? 0, opts.until ?? Number.MAX_SAFE_INTEGER) as number[];
      if (!seqs.length) return [];
      if (seqs.length <= WINDOW_LIST_LIMIT) among = seqs;
    }
    const near = index.search(v, among ? limit : limit * 4, among).filter((h) => h.similarity >= opts.minSimilarity);
    if (!near.length) return [];
    const rowOf = this.stmt('SELECT kind, text FROM passages WHERE seq = ?');
    const scored = near.flatMap((h) => {
      const r = rowOf.get(h.seq) as { kind: PassageKind; text: string } | undefined;
      return r ? [{ seq: h.seq, score: h.similarity, kind: r.kind, text: r.text, marked: r.text, snippet: startOf(r.text) }] : [];
    });
    return this.withSightings(scored, opts, limit);
  }

  /** Each scored passage with where and when it was first seen inside [since, until]; unseen there, left out. */
  private withSightings(
    rows: { seq: number; score: number; kind: PassageKind; text: string; marked: string; snippet: string }[],
    opts: Omit<PassageSearchOptions, 'query'>,
    limit: number,
  ): PassageHit[] {
    const sighting = this.stmt(
      `SELECT ps.observation_id, ps.position, ps.seen_at, o.frame_id, o.app, o.title, o.url,
         (SELECT count(*) FROM passage_sightings x WHERE x.passage_seq = ps.passage_seq AND x.seen_at BETWEEN @since AND @until) AS n,
         (SELECT max(x.seen_at) FROM passage_sightings x WHERE x.passage_seq = ps.passage_seq AND x.seen_at BETWEEN @since AND @until) AS last_seen_at
       FROM passage_sightings ps JOIN observations o ON o.id = ps.observation_id
       WHERE ps.passage_seq = @seq AND ps.seen_at BETWEEN @since AND @until
       ORDER BY ps.seen_at ASC LIMIT 1`,
    );
    const next = this.stmt(
      `SELECT p.kind, p.text FROM passage_sightings ps JOIN passages p ON p.seq = ps.passage_seq
       WHERE ps.observation_id = ? AND ps.position = ?`,
    );
    const out: PassageHit[] = [];
    for (const r of rows) {
      const s = sighting.get({ seq: r.seq, since: opts.since ?? 0, until: opts.until ?? Number.MAX_SAFE_INTEGER }) as SightingRow | undefined;
      if (!s) continue;
      out.push({
        seq: r.seq,
        score: r.score,
        kind: r.kind,
        text: r.text,
        marked: r.marked,
        snippet: r.snippet,
        observation_id: s.observation_id,
        frame_id: s.frame_id,
        seen_at: new Date(s.seen_at).toISOString(),
        last_seen_at: new Date(s.last_seen_at).toISOString(),
        sightings: s.n,
        app: s.app,
        window_title: s.title,
        url: s.url,
        next: (next.get(s.observation_id, s.position + 1) as { kind: PassageKind; text: string } | undefined) ?? null,
      });
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * Orders each memory's passages by how well they answer within their own screens (screen-rank.ts):
   * every passage of the screens its hits were seen on is ranked by the question's words in its own
   * text (less the words the screen's title holds) and by meaning, a line under a matched label with
   * it, so the line that answers comes first even when only the window title held the question's
   * words, or its meaning fell under the search's similarity floor. The best passage keeps the
   * memory's best score (how memories rank against each other does not change); the rest get their
   * share of it. Only the SCREENS_RANKED best screens are read, with one word query and one
   * similarity pass for all of them. Inside them, the question as asked (`asked`, with the words the
   * query dropped) also counts in its screens' words: "take off" as "Departure" (everyday-phrases.ts).
   */
  withinScreens(
    groups: Map<number, PassageHit[]>,
    query: string,
    qv: Float32Array | null,
    opts: Omit<PassageSearchOptions, 'query'> = {},
    asked: string = query,
  ): Map<number, PassageHit[]> {
    const sorted = [...groups.entries()]
      .map(([seq, list]) => ({ seq, list, top: Math.max(...list.map((h) => h.score)), screens: [...new Set(list.map((h) => h.observation_id))] }))
      .sort((a, b) => b.top - a.top);
    // The best SCREENS_RANKED screens, with every memory that cites them: one screen is cited by many
    // memories (the visit, each person and fact read from it), which would otherwise fill the count.
    const chosen = new Set<string>();
    const best = sorted.filter((g) => {
      const key = g.screens.join('\u0000');
      if (chosen.has(key)) return true;
      if (chosen.size >= SCREENS_RANKED) return false;
      chosen.add(key);
      return true;
    });
    if (!best.length) return groups;
    const rowsOf = new Map<string, ScreenRow[]>();
    const list = this.stmt(
      `SELECT p.seq, p.kind, p.text, ps.position, ps.seen_at, o.id AS observation_id, o.frame_id, o.app, o.title, o.url
       FROM passage_sightings ps JOIN passages p ON p.seq = ps.passage_seq JOIN observations o ON o.id = ps.observation_id
       WHERE ps.observation_id = ? ORDER BY ps.position`,
    );
    for (const g of best) for (const o of g.screens) if (!rowsOf.has(o)) rowsOf.set(o, list.all(o) as ScreenRow[]);
    const seqs = [...new Set([...rowsOf.values()].flatMap((rows) => rows.map((r) => r.seq)))];
    const terms = queryTerms(query);
    const held = this.languages.held();
    const foreign = held.size ? translatedTerms(query, terms, held, this.heldForm).slice(0, SCREEN_TRANSLATIONS) : [];
    const everyday = everydayPhrases(asked, terms);
    const kin = kinTerms(terms).filter((k) => !terms.includes(k) && !foreign.includes(k));
    // Each term's BM25 in the passages' own text, per passage: a screen leaves out its title's words.
    const byTerm = new Map<string, Map<number, number>>();
    const marks = new Map<number, Map<string, string>>();
    for (const t of [...terms, ...foreign.filter((f) => !terms.includes(f)), ...everyday.flatMap((e) => e.shown), ...kin]) {
      const match = ftsQuery([t]);
      if (!match || byTerm.has(t)) continue;
      const hits = this.stmt(
        `SELECT rowid AS seq, bm25(passage_fts, 1.0, 0.0) AS s, highlight(passage_fts, 0, '${MARK_OPEN}', '${MARK_CLOSE}') AS marked
         FROM passage_fts WHERE passage_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
      ).all(`{text} : (${match})`, JSON.stringify(seqs)) as { seq: number; s: number; marked: string }[];
      byTerm.set(t, new Map(hits.map((h) => [h.seq, -h.s])));
      for (const h of hits) marks.set(h.seq, (marks.get(h.seq) ?? new Map<string, string>()).set(t, h.marked));
    }
    const index = qv ? this.vectors() : null;
    const sims = index && qv ? index.similarities(qv, seqs) : new Map<number, number>();
    const ranked = new Map<string, PassageHit[]>();
    const out = new Map(groups);
    for (const g of best) {
      // A memory none of whose passages scored was found by other means (its own text, its time): kept as found.
      if (!(g.top > 0)) continue;
      const key = g.screens.join('\u0000');
      let hits = ranked.get(key);
      if (!hits) {
        const rows = g.screens.flatMap((o) => rowsOf.get(o) ?? []);
        const places = rows.flatMap((r) => [r.title, r.app, r.url]);
        // The words of an everyday phrase stand for it, not for themselves ("one" of "one-on-one" is no line's word).
        const phraseWords = new Set(everyday.flatMap((e) => e.words));
        const own = termsWithinScreen(terms.filter((t) => !phraseWords.has(t)), places);
        const said = everyday.map((e) => termsWithinScreen(e.shown, places)).filter((g) => g.length);
        // The title holds every asked word: the search's order, which weighs the lines that repeat them, stands.
        if (terms.length && !own.length && !said.length) continue;
        const translated = termsWithinScreen(foreign, places).filter((f) => !own.includes(f));
        // The kin of the words left to find inside the screen: "Weight (kg)" for "how heavy" on the parcel's page.
        const kinOwn = termsWithinScreen(kinTerms(own), places).filter((k) => kin.includes(k) && !translated.includes(k));
        // A word on many of the screen's lines says which screen, not which line (as its title's words do):
        // each line's share of it is divided among the lines that hold it (lineWord).
        const lineWord = spreadWeights(byTerm, new Set(rows.map((r) => r.seq)));
        // An everyday phrasing counts once per line, by its best spelling ("Departure" is not three matches).
        const wordsOf = (seq: number): number =>
          own.reduce((sum, t) => sum + lineWord(t, seq), 0) +
          TRANSLATED_SHARE * translated.reduce((sum, t) => sum + lineWord(t, seq), 0) +
          EVERYDAY_SHARE * said.reduce((sum, g) => sum + Math.max(...g.map((t) => lineWord(t, seq))), 0) +
          KIN_SHARE * kinOwn.reduce((sum, t) => sum + lineWord(t, seq), 0);
        const markOf = (seq: number): string | null => {
          const m = marks.get(seq);
          const t = m && [...own, ...translated, ...said.flat(), ...kinOwn].find((x) => m.has(x));
          return t ? m.get(t)! : null;
        };
        const hitLineOf = (seq: number): number | null => hitLine(marks.get(seq), [...own, ...translated, ...said.flat(), ...kinOwn]);
        hits = this.rankScreens(rows, g.list, wordsOf, markOf, sims, opts, hitLineOf);
        ranked.set(key, hits);
      }
      // Nothing inside told its lines apart (no word, no vectors): the search's order stands, and with it the memory's score.
      if (!hits.some((h) => h.score > 0)) continue;
      out.set(g.seq, hits.map((h) => ({ ...h, score: h.score * g.top })));
    }
    return out;
  }

  /** All passages of these screens' rows, each scored by its share of the screens' best (rankWithinScreen), best first. */
  private rankScreens(
    rows: ScreenRow[],
    found: PassageHit[],
    wordsOf: (seq: number) => number,
    markOf: (seq: number) => string | null,
    sims: Map<number, number>,
    opts: Omit<PassageSearchOptions, 'query'>,
    hitLineOf: (seq: number) => number | null = () => null,
  ): PassageHit[] {
    if (!rows.length) return found;
    const before = new Map<number, number>();
    for (const [i, r] of rows.entries()) {
      const prev = rows[i - 1];
      if (prev && prev.observation_id === r.observation_id && prev.position === r.position - 1 && !before.has(r.seq)) before.set(r.seq, prev.seq);
    }
    const seqs = [...new Set(rows.map((r) => r.seq))];
    const textOf = new Map(rows.map((r) => [r.seq, r.text]));
    const candidates: ScreenCandidate[] = seqs.map((seq) => ({ seq, words: wordsOf(seq), meaning: sims.get(seq) ?? null, after: before.get(seq) ?? null, text: textOf.get(seq) ?? '', hitLine: hitLineOf(seq) }));
    const share = rankWithinScreen(candidates);
    const byFound = new Map(found.map((h) => [h.seq, h]));
    const counts = this.stmt(`SELECT count(*) AS n, max(seen_at) AS last FROM passage_sightings WHERE passage_seq = ? AND seen_at BETWEEN ? AND ?`);
    const out: PassageHit[] = [];
    const seen = new Set<number>();
    for (const [i, r] of rows.entries()) {
      if (seen.has(r.seq)) continue;
      seen.add(r.seq);
      const s = share.get(r.seq) ?? 0;
      const had = byFound.get(r.seq);
      if (had) {
        out.push({ ...had, score: s });
        continue;
      }
      const c = counts.get(r.seq, opts.since ?? 0, opts.until ?? Number.MAX_SAFE_INTEGER) as { n: number; last: number | null };
      const after = rows[i + 1];
      const marked = markOf(r.seq);
      out.push({
        seq: r.seq,
        score: s,
        kind: r.kind,
        text: r.text,
        marked: marked ?? r.text,
        snippet: marked ? snippetAround(marked, MARK_OPEN) : startOf(r.text),
        observation_id: r.observation_id,
        frame_id: r.frame_id,
        seen_at: new Date(r.seen_at).toISOString(),
        last_seen_at: new Date(c.last ?? r.seen_at).toISOString(),
        sightings: Math.max(1, c.n),
        app: r.app,
        window_title: r.title,
        url: r.url,
        next: after && after.observation_id === r.observation_id && after.position === r.position + 1 ? { kind: after.kind, text: after.text } : null,
      });
    }
    return out.sort((a, b) => b.score - a.score);
  }

  /** The passages of one observation in reading order (what a model's extraction reads). */
  ofObservation(observationId: string): ObservationPassage[] {
    return this.stmt(
      `SELECT p.seq, p.kind, p.text, ps.position FROM passage_sightings ps JOIN passages p ON p.seq = ps.passage_seq
       WHERE ps.observation_id = ? ORDER BY ps.position`,
    ).all(observationId) as ObservationPassage[];
  }

  count(): number {
    return this.stmt('SELECT count(*) FROM passages').pluck().get() as number;
  }

  sightingCount(): number {
    return this.stmt('SELECT count(*) FROM passage_sightings').pluck().get() as number;
  }
}
