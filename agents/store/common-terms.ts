import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import { ftsQuery } from './query-text.js';
import { StatementCache } from './statement-cache.js';

/** A row as the BM25 query gives it: [rowid, FTS5's bm25() (lower is better)]. */
export type Bm25Row = [seq: number, s: number];

/**
 * BM25 statements asked together, answered later (keyword-split.ts): each match's best `limit`
 * rows, in the order asked. `whole`: a statement not worth splitting (few rows scored).
 */
export type Bm25Batch = (asks: { match: string; whole: boolean }[], limit: number) => Promise<Bm25Row[][]>;

/**
 * When a term is common: it matches at least `floor` rows AND at least `share` of the store.
 * The floor is a cost: FTS5's bm25() reads each matching row's size and scores it (~2 µs a row at
 * 100k memories), so 2,000 matches cost ~4 ms; a store smaller than that (a day of use, a LoCoMo
 * conversation) has no common term and ranks exactly as the plain query does. The share keeps the
 * term's idf low (ln 19 ≈ 2.9 at 5%): what it adds to a row is small beside a rarer term's part.
 */
export interface CommonTermLimits {
  floor: number;
  share: number;
  /**
   * A term below the bar is scored apart too when it matches at least `cap` rows (a cost: a 1M
   * store's 2-5% words are 20,000-50,000 rows each) and the query's rarer terms still select at
   * least `fill` rows (their row counts summed): enough candidates, each with a rarer word, that
   * the pool (500) is rarely reached by a row with this word alone.
   */
  cap: number;
  fill: number;
  /**
   * A term from `alone` rows is scored apart whatever the rarer terms select (the rarest term still
   * selects): at that count, scoring its rows costs more than the whole rest of the search.
   */
  alone: number;
}

export const DEFAULT_COMMON: CommonTermLimits = { floor: 2000, share: 0.05, cap: 3000, fill: 2000, alone: 10_000 };

/** The quoted terms of a plain OR query as ftsQuery writes it (`"a" OR "b"`), or null for anything else (NEAR, prefixes, columns, AND, NOT, phrases). */
export function orTerms(match: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (match[i] !== '"') return null;
    let term = '';
    for (i++; ; i++) {
      if (i >= match.length) return null;
      if (match[i] === '"') {
        if (match[i + 1] !== '"') break;
        i++;
      }
      term += match[i];
    }
    i++;
    // One word each: a phrase of several words keeps the plain query.
    if (!/^[\p{L}\p{N}]+$/u.test(term)) return null;
    out.push(term);
    if (i === match.length) return out;
    if (match.slice(i, i + 4) !== ' OR ') return null;
    i += 4;
  }
}

/** One term as ftsQuery quotes it (so user text is never FTS syntax). */
const quote = (t: string): string => ftsQuery([t])!;

/** SQLite varints (FTS5's averages record: row count, then each column's token total). */
function firstVarint(buf: Uint8Array): number | null {
  let v = 0;
  for (let i = 0; i < Math.min(9, buf.length); i++) {
    const byte = buf[i]!;
    if (i === 8) return v * 256 + byte;
    v = v * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) return v;
  }
  return null;
}

/**
 * How an OR query is split when some of its terms are common: `rare` is the OR of the other
 * terms, `both` the rows that have a rare term and a common one (`(rare) AND (common)`). When
 * every term is common, `rare` is null and `both` the rows that have them all (their AND).
 */
export interface SplitQuery {
  rare: string | null;
  both: string;
  common: string[];
}

/**
 * Common terms select no candidates (as Lucene's CommonTermsQuery): in a large store a query word
 * like "project" matches 40% of the rows, and bm25() scores every one of them to keep the best few
 * hundred. Candidates come from the rarer terms; the common terms only add their part of the score
 * to those. bm25() of an OR query is the sum of each term's part, and a term's part depends only on
 * its own statistics (idf from its row count, its frequency in the row, the row's length), whatever
 * the query's operators: so the best rows of `rare` and of `(rare) AND (common)`, merged, are the
 * best rows of the whole query among the rows that have a rare term, with the same scores (summed
 * in another order: equal to the last few bits). Rows with only common terms no longer enter.
 * FTS5 still counts a common term's rows for its idf (a cheap walk of its doclist: 3.7 ms for
 * 42,744 rows), but scores only the rows that also have a rarer term. When every term is common
 * (as Elasticsearch's common terms query) the rows with them all are the candidates: the AND of
 * the terms, scored as the OR scores them.
 *
 * The store bench's 100k store and queries, both ways in one process (CPU ms of the BM25 phase,
 * p50/p95, whole search in brackets; 200 queries each; load 5-8): hybrid 12.1/41.0 (23.2/68.2) ->
 * 7.6/17.8 (14.6/25.5), top 10 changed in 31 (overlap@10 mean 0.970, lowest 0.5); naming an
 * entity, graph on 19.0/73.5 (51.9/108.6) -> 7.8/22.8 (31.6/55.1), 28 changed (mean 0.954, lowest
 * 0.1: a person named in over 5% of the store, whose memories without the question's other words
 * are no longer candidates). `npm run bench -- store --sizes 100000 --common-overlap` says the same
 * (28 and 25 top 10s of 200 changed, overlap@10 0.968 and 0.962). A share of
 * 2% (the bar is then the floor, 2,000 rows) took BM25 to 5.3/12.9 (25.9/37.4) but changed 65 top
 * 10s (mean 0.856, lowest 0): the people most often named became common, and their memories left.
 *
 * Which terms are common is counted once (capped at the bar) and kept until the store's row count
 * moves by more than 1%: a term's share, and so its side of the bar, barely moves before that.
 *
 * A share alone leaves a large store's 1-5% words selecting (10,000-50,000 rows each at 1M, all
 * scored): `cap` and `fill` (rows) also score apart a term from 3,000 rows while the query's rarer
 * terms still select 2,000, so the pool of 500 is filled by rows with a rarer word. Lowering the
 * share instead moved many more top 10s (at 100k, 300 probe queries: 3% 57 changed, 2% 102); the
 * cap with a fill of 2,000 changed 8 (overlap@10 0.994) and costs nothing at 100k, where few terms
 * pass 3,000 rows with 2,000 rarer ones beside them; a fill of 1,000 changed 33. At 1M (the bench's
 * corpus in a bare FTS5 table, 300 probe queries, old and new split alternated, load ~36) the BM25
 * phase went from 24.4/63.9 to 12.7/32.6 ms CPU (p50/p95), its top 150 differing in 120 queries
 * (overlap 0.906): rows with only the costly word leave the pool there.
 *
 * The fill left the slowest searches at 1M: a word of 20,000-50,000 rows (25 ms of scoring at
 * ~0.5 µs a row) kept selecting because the query's other words select fewer than 2,000 rows. From
 * `alone` (20,000) rows a term is scored apart whatever the rest select, so candidates come from
 * the rarer words and the vector search; rows with only that word (its idf ~3 at 1M, beside ~6-9
 * for the rarer ones) leave the pool. The store bench's 1M store and 200 queries, both rules in one
 * process, passes alternated (load 21-27): CPU p95 of a search 47.9/55.2 -> 44.1/44.2 ms, the BM25
 * phase's 38.9/45.2 -> 32.7/32.4; top 10 changed in 12 of 200 (overlap@10 0.988); the bench's own
 * runs, old and new alternated (load 31-37): CPU p95 63.8/65.9 -> 59.8/61.6 ms (rankings hash
 * c958c25082137588 -> cfbfd337d15b896c). Judged by the
 * bench's quality set (`--quality`, test/bench/store-quality.ts: 283 notes asked in other words
 * among 60,000 everyday notes that make words like "meeting" and "order" 2-5% of the store):
 * recall@10 0.975 -> 0.979, MRR 0.753 -> 0.760, 20 of 297 top 10s changed (10,000 rows: the same
 * recall and MRR, 31 changed, BM25 p95 29 ms). It changes nothing below 400,000 memories, where a
 * term of 20,000 rows is already over the share (LoCoMo, the 100k bench).
 *
 * `alone` is 10,000 since the quality set has strict questions (36 that share only everyday words
 * with their note, the rare word paraphrased away: the ones a rule about common words can lose).
 * At 1M (load ~27), 20,000 -> 10,000: the first set the same (recall@10 0.979, MRR 0.750), the
 * strict questions 0.139 -> 0.222 (MRR 0.062 -> 0.113; with every word selecting 0.111 / 0.031),
 * 14 of 333 top 10s changed. The bench's 200 queries in one process, passes alternated (load
 * 22-25, warm passes): the BM25 phase's CPU p95 34.3/37.7 -> 31.4/29.7 ms, a search's 45.3/47.9 ->
 * 44.9/43.8; top 10 changed in 15 of 200 (overlap@10 0.975). Below 200,000 memories nothing changes.
 */
export class CommonTerms {
  limits: CommonTermLimits = { ...DEFAULT_COMMON };
  /** How many queries were split (the store bench reports it). */
  splits = 0;
  /** Rows walked to count terms (the store bench and a test read it). */
  rowsCounted = 0;
  private readonly counts = new Map<string, { df: number; rows: number; upTo: number }>();
  private readonly statements: StatementCache;

  constructor(
    db: Db,
    private readonly table = 'memory_fts',
  ) {
    this.statements = new StatementCache(db);
  }

  private stmt(sql: string): Statement {
    return this.statements.get(sql);
  }

  /** The index's row count, from FTS5's averages record (one row of its data table). */
  rows(): number {
    const block = this.stmt(`SELECT block FROM ${this.table}_data WHERE id = 1`).pluck().get() as Uint8Array | undefined;
    return block ? (firstVarint(block) ?? 0) : 0;
  }

  /** Rows matching the term, counted up to `upTo` (a count of `upTo` means at least that many). */
  private df(term: string, rows: number, upTo: number): number {
    const have = this.counts.get(term);
    if (have && Math.abs(rows - have.rows) <= 0.01 * have.rows && (have.df < have.upTo || have.upTo >= upTo)) return Math.min(have.df, upTo);
    const df = this.stmt(`SELECT count(*) FROM (SELECT 1 FROM ${this.table} WHERE ${this.table} MATCH ? LIMIT ?)`)
      .pluck()
      .get(quote(term), upTo) as number;
    this.rowsCounted += df;
    if (this.counts.size >= 4096) this.counts.delete(this.counts.keys().next().value!);
    this.counts.delete(term);
    this.counts.set(term, { df, rows, upTo });
    return df;
  }

  /**
   * The terms scored apart: those at the bar, and (most frequent first) those from `cap` rows while
   * the rarer ones below the bar still sum to `fill` rows; the rarest term always selects. Counting
   * walks a term's rows, so terms are counted up to max(cap, fill) first (a 1M store's common word:
   * 3,000 rows walked instead of 50,000): when the rarer terms reach `fill`, every term past that
   * count is apart whatever its full count; only otherwise are they counted up to the bar.
   */
  private apart(terms: string[], rows: number, bar: number): string[] {
    const { cap, fill, alone } = this.limits;
    const low = Math.min(bar, Math.max(cap, fill));
    const df = new Map(terms.map((t) => [t, this.df(t, rows, low)]));
    const under = terms.filter((t) => df.get(t)! < low);
    if (under.reduce((sum, t) => sum + df.get(t)!, 0) < fill || !under.length) for (const t of terms) if (df.get(t)! >= low) df.set(t, this.df(t, rows, bar));
    const apart = new Set(terms.filter((t) => df.get(t)! >= bar));
    // Costly terms below the bar, most frequent first, while the rarer ones still select enough.
    const below = terms.filter((t) => !apart.has(t)).sort((a, b) => df.get(b)! - df.get(a)! || (a < b ? -1 : 1));
    let selected = below.reduce((sum, t) => sum + df.get(t)!, 0);
    for (const t of below.slice(0, -1)) {
      const d = df.get(t)!;
      if (d < cap || (selected - d < fill && d < alone)) break;
      apart.add(t);
      selected -= d;
    }
    return terms.filter((t) => apart.has(t));
  }

  /**
   * The split of a plain OR query, or null when it is asked as it is: no term is common (any store
   * below the floor), every term is (nothing rarer to select by), or it is not a plain OR of words.
   */
  split(match: string): SplitQuery | null {
    const { floor, share } = this.limits;
    const terms = orTerms(match);
    if (!terms || terms.length < 2) return null;
    const rows = this.rows();
    if (rows < floor) return null;
    const bar = Math.max(floor, Math.ceil(share * rows));
    const common = this.apart(terms, rows, bar);
    if (!common.length) return null;
    if (common.length === terms.length) return { rare: null, both: common.map(quote).join(' AND '), common };
    const rare = terms.filter((t) => !common.includes(t));
    const rareSql = ftsQuery(rare)!;
    return { rare: rareSql, both: `(${rareSql}) AND (${ftsQuery(common)!})`, common };
  }

  /**
   * The best `limit` rows of `match` as `run` asks FTS5 (`run(m, limit)`: rowid and bm25() of m,
   * best first), with common terms selecting nothing. A row without a common term scores the same
   * in `rare`; one with a common term but outside `both`'s best is below `limit` rows of `both`.
   */
  best(match: string, limit: number, run: (match: string, limit: number) => Bm25Row[]): Bm25Row[] {
    const split = this.split(match);
    if (!split) return run(match, limit);
    this.splits++;
    if (split.rare === null) return run(split.both, limit);
    return merged(run(split.rare, limit), run(split.both, limit), limit);
  }

  /**
   * best() with statements asked together and answered later (keyword-split.ts): both of a split
   * query in one batch. `both` is marked whole: it scores only the rows that have a rare and a common
   * term, and most of its cost is the walk of the common terms' rows for their idf, which each part
   * of a split statement would repeat.
   */
  async bestSoon(match: string, limit: number, run: Bm25Batch): Promise<Bm25Row[]> {
    const split = this.split(match);
    if (!split) return (await run([{ match, whole: false }], limit))[0]!;
    this.splits++;
    if (split.rare === null) return (await run([{ match: split.both, whole: false }], limit))[0]!;
    const [rare, both] = await run(
      [
        { match: split.rare, whole: false },
        { match: split.both, whole: true },
      ],
      limit,
    );
    return merged(rare!, both!, limit);
  }
}

/** The rows of `rare` with those of `both` in their place (both's scores add the common terms' parts), best `limit`. */
function merged(rare: Bm25Row[], both: Bm25Row[], limit: number): Bm25Row[] {
  const score = new Map(rare);
  for (const [seq, s] of both) score.set(seq, s);
  return [...score].sort((a, b) => a[1] - b[1] || a[0] - b[0]).slice(0, limit);
}
