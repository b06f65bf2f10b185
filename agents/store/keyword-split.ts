import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { availableParallelism, loadavg } from 'node:os';
import type { Bm25Batch, Bm25Row } from './common-terms.js';
import { KeywordThread } from './keyword-thread.js';
import { StatementCache } from './statement-cache.js';

/**
 * Rows in the keyword index from which its BM25 statements are split with a thread. FTS5's bm25()
 * scores every row a query selects (~0.5 µs each): at 1M memories a query's words select up to
 * ~50,000 rows (25 ms of CPU), at 100k a tenth of that, where one thread keeps the target (15 ms
 * at p95) and a second connection's page cache would be memory for nothing.
 */
const MIN_ROWS = 250_000;

export interface KeywordSplitOptions {
  /** The database's key, for the thread's own connection. */
  key: Buffer;
  /** Page cache of the thread's connection (the upper half of the index's pages it reads). */
  cacheMiB: number;
  /** Rows from which statements are split (MIN_ROWS unless a test says otherwise). */
  minRows?: number;
  /** Whether statements may be split now (sparedCore unless a test or the bench says otherwise). */
  spare?: () => boolean;
}

/**
 * Whether the machine has a core to spare: the 1-minute load average below the cores. A half the
 * thread started but the machine then left waiting holds the search up: at 1M memories on two
 * cores at load 11-16, the split took the main thread's CPU down but the wall p95 up (187 -> 227
 * and 266 -> 321 ms, 200 queries alternated), where the vector thread (which does not add work)
 * still paid.
 */
export function sparedCore(): boolean {
  return loadavg()[0]! < availableParallelism();
}

/**
 * The BM25 statements of a large keyword index, split in two by rowid: the upper half runs on the
 * keyword thread (keyword-thread.ts) while this thread runs the lower half, and the two are merged
 * as the whole statement orders its rows: by score, ties by rowid (the order FTS5 visits them, and
 * SQLite's sorter keeps ties in the order they came). The rows and their scores are the whole
 * statement's, bit for bit: bm25() of a row depends on the row and the whole table's statistics,
 * never on the range asked (the 1M store bench's 200 queries hash the same either way).
 *
 * At 1M memories the main thread's BM25 phase was 11.8/38.4 ms of CPU (p50/p95), the vector search
 * beside it on its own thread 14 ms: the machine's two cores were one busy and one mostly idle.
 */
export class KeywordSplit {
  private thread: KeywordThread | null = null;
  private closed = false;
  private halves = 0;
  private readonly statements: StatementCache;
  spare: () => boolean;

  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly options: KeywordSplitOptions,
  ) {
    this.statements = new StatementCache(db);
    this.spare = options.spare ?? sparedCore;
  }

  /**
   * The thread's state, the statements it answered and those taken back, and the asks split in
   * halves (their lower half run here); null: no thread.
   */
  get threadStatements(): { state: 'starting' | 'ready' | 'stopped'; answered: number; takenBack: number; halves: number } | null {
    return this.thread ? { state: this.thread.state, answered: this.thread.answered, takenBack: this.thread.takenBack, halves: this.halves } : null;
  }

  /**
   * `select` (`SELECT rowid, score AS s FROM table WHERE table MATCH ?`, its only parameter the
   * match) as a Bm25Batch (each ask: rows ORDER BY s LIMIT limit), split with the thread; null when
   * it is not split (a small index, a thread starting or failed, inside a transaction, which the
   * thread would not see), and the caller runs the whole statements itself.
   *
   * An ask is split in two by rowid, unless marked whole: a statement scoring few rows (common-terms'
   * `both`) costs mostly the walk of its terms' rows for their idf, which each half would repeat
   * (at 1M memories, 200 of the bench's queries: 638 ms of CPU whole, 987 in halves). The thread is
   * sent the whole asks first, then the upper halves; this thread runs the lower halves, then takes
   * back and runs what the thread has not started, last sent first (the thread works from the front).
   */
  runner(select: string, rows: number): Bm25Batch | null {
    const o = this.options;
    if (this.closed || rows < (o.minRows ?? MIN_ROWS) || this.db.inTransaction || this.db.memory || !this.spare()) return null;
    // Started on the first search of a large index; searches stay whole until it is ready.
    this.thread ??= new KeywordThread({ path: this.db.name, key: new Uint8Array(o.key), cacheMiB: o.cacheMiB });
    const thread = this.thread;
    if (!thread.usable) return null;
    const whole = `${select} ORDER BY s LIMIT ?`;
    const lower = `${select} AND rowid < ? ORDER BY s LIMIT ?`;
    const upper = `${select} AND rowid >= ? ORDER BY s LIMIT ?`;
    const here = (sql: string, params: (string | number | bigint)[]): Bm25Row[] => this.statements.get(sql).raw().all(...params) as Bm25Row[];
    return async (asks, limit) => {
      // Each in a statement of its own: min() and max() together scan the whole table.
      const [lo, hi] = this.statements.get(`SELECT (SELECT min(id) FROM ${this.table}_docsize), (SELECT max(id) FROM ${this.table}_docsize)`).raw().get() as [number | null, number | null];
      const mid = BigInt(Math.floor(((lo ?? 0) + (hi ?? 0)) / 2) + 1);
      const sent = [
        ...asks.flatMap((a, i) => (a.whole ? [{ i, sql: whole, params: [a.match, limit] }] : [])),
        ...asks.flatMap((a, i) => (a.whole ? [] : [{ i, sql: upper, params: [a.match, mid, limit] }])),
      ];
      const pending = sent.map((j) => thread.rows(j.sql, j.params));
      const lows = asks.map((a) => (a.whole ? [] : here(lower, [a.match, mid, limit])));
      this.halves += asks.filter((a) => !a.whole).length;
      const answers = new Array<Bm25Row[] | Promise<Bm25Row[]>>(sent.length);
      for (let k = sent.length - 1; k >= 0; k--) {
        const { sql, params } = sent[k]!;
        const started = pending[k]!.take();
        answers[k] = started ? started.catch(() => here(sql, params)) : here(sql, params);
      }
      const got = await Promise.all(answers);
      const out: Bm25Row[][] = lows;
      sent.forEach((j, k) => {
        out[j.i] = asks[j.i]!.whole ? got[k]! : [...lows[j.i]!, ...got[k]!].sort((a, b) => a[1] - b[1] || a[0] - b[0]).slice(0, limit);
      });
      return out;
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    this.thread = null;
    await thread?.close();
  }
}
