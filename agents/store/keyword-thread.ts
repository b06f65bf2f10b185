import type { Worker } from 'node:worker_threads';
import { startWorker } from '../runtime/index.js';
import type { Bm25Row } from './common-terms.js';
import { CALLER, OPEN, SLOTS } from './vector-thread.js';

/** What the thread opens: the database (its file and key) and its page cache. */
export interface KeywordThreadData {
  path: string;
  key: Uint8Array;
  cacheMiB: number;
  /** Int32s shared with the thread: a ready flag, then one claim per query in flight (as VectorThreadData's). */
  shared: SharedArrayBuffer;
}

/** A BM25 statement (rowid, score; best first) and its parameters: rowids are bound as BigInt (FTS5 ignores a REAL next to MATCH). */
export type ToKeywordThread = { t: 'rows'; id: number; slot: number; sql: string; params: (string | number | bigint)[] };
export type FromKeywordThread = { t: 'rows'; id: number; seqs: Float64Array; scores: Float64Array } | { t: 'failed'; id: number; error: string };

/** A statement sent to the thread: take() its rows when the thread has started it, or null (the caller runs it itself). */
export interface PendingRows {
  take(): Promise<Bm25Row[]> | null;
}

/**
 * Part of the BM25 phase of a large store on a thread of its own (the retriever's keyword split):
 * the statement of the upper half of the rowids runs there while the main thread runs the lower
 * half, each on its own read-only connection. FTS5's bm25() of a row depends on the row and the
 * whole table's statistics only, never on the rowid range asked, so the two halves merged are the
 * rows the whole statement gives. A statement the thread had not started is taken back (the claim
 * slots of vector-thread.ts), and a thread that fails is not restarted.
 */
export class KeywordThread {
  private readonly worker: Worker;
  private readonly shared: Int32Array;
  /** Statements the thread answered, and those taken back because it had not started them (the store bench reports both). */
  answered = 0;
  takenBack = 0;
  private broken = false;
  private nextId = 1;
  private readonly inFlight = new Map<number, { resolve: (rows: Bm25Row[]) => void; reject: (err: Error) => void }>();

  constructor(data: Omit<KeywordThreadData, 'shared'>) {
    const shared = new SharedArrayBuffer(4 * (1 + SLOTS));
    this.shared = new Int32Array(shared);
    this.worker = startWorker(new URL('./keyword-thread-worker.js', import.meta.url), { ...data, shared });
    this.worker.on('message', (m: FromKeywordThread) => {
      const r = this.inFlight.get(m.id);
      if (!r) return;
      this.inFlight.delete(m.id);
      if (!this.inFlight.size) this.worker.unref();
      if (m.t === 'failed') r.reject(new Error(`keyword thread: ${m.error}`));
      else r.resolve(Array.from(m.seqs, (seq, i): Bm25Row => [seq, m.scores[i]!]));
    });
    const fail = (err: Error): void => {
      this.broken = true;
      for (const r of this.inFlight.values()) r.reject(err);
      this.inFlight.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('keyword thread stopped')));
    this.worker.unref();
  }

  /** Started and not failed: statements may go to it. */
  get usable(): boolean {
    return !this.broken && Atomics.load(this.shared, 0) === 1;
  }

  get state(): 'starting' | 'ready' | 'stopped' {
    return this.broken ? 'stopped' : this.usable ? 'ready' : 'starting';
  }

  /** The rows of a read-only BM25 statement, unless the caller takes it back first. */
  rows(sql: string, params: (string | number | bigint)[]): PendingRows {
    const id = this.nextId++;
    const slot = 1 + (id % SLOTS);
    Atomics.store(this.shared, slot, OPEN);
    const rows = new Promise<Bm25Row[]>((resolve, reject) => {
      if (this.broken) return reject(new Error('keyword thread stopped'));
      this.inFlight.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ t: 'rows', id, slot, sql, params } satisfies ToKeywordThread);
    });
    rows.catch(() => undefined);
    return {
      take: () => {
        if (Atomics.compareExchange(this.shared, slot, OPEN, CALLER) !== OPEN) {
          this.answered++;
          return rows;
        }
        this.takenBack++;
        this.inFlight.delete(id);
        if (!this.inFlight.size) this.worker.unref();
        return null;
      },
    };
  }

  async close(): Promise<void> {
    this.broken = true;
    await this.worker.terminate();
  }
}
