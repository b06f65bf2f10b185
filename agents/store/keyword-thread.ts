import type { Worker } from 'node:worker_threads';
import { startWorker } from '../runtime/index.js';
import type { Bm25Row } from './common-terms.js';
import { RequestThread, type PendingRequest } from './thread-requests.js';

/** What the thread opens: the database (its file and key) and its page cache. */
export interface KeywordThreadData {
  path: string;
  key: Uint8Array;
  cacheMiB: number;
  /** The claims shared with the thread (thread-requests.ts). */
  shared: SharedArrayBuffer;
}

/** A BM25 statement (rowid, score; best first) and its parameters: rowids are bound as BigInt (FTS5 ignores a REAL next to MATCH). */
export type ToKeywordThread = { t: 'rows'; id: number; slot: number; sql: string; params: (string | number | bigint)[] };
export type FromKeywordThread = { t: 'rows'; id: number; seqs: Float64Array; scores: Float64Array } | { t: 'failed'; id: number; error: string };

/** A statement sent to the thread: take() its rows when the thread has started it, or null (the caller runs it itself). */
export type PendingRows = PendingRequest<Bm25Row[]>;

/**
 * Part of the BM25 phase of a large store on a thread of its own (the retriever's keyword split):
 * the statement of the upper half of the rowids runs there while the main thread runs the lower
 * half, each on its own read-only connection. FTS5's bm25() of a row depends on the row and the
 * whole table's statistics only, never on the rowid range asked, so the two halves merged are the
 * rows the whole statement gives. A statement the thread had not started is taken back (the claim
 * slots of vector-thread.ts), and a thread that fails is not restarted.
 */
export class KeywordThread extends RequestThread<Bm25Row[]> {
  private readonly worker: Worker;

  constructor(data: Omit<KeywordThreadData, 'shared'>) {
    super('keyword thread');
    this.worker = startWorker(new URL('./keyword-thread-worker.js', import.meta.url), { ...data, shared: this.requests.buffer });
    this.worker.on('message', (m: FromKeywordThread) =>
      this.requests.settle(m.id, m.t === 'failed' ? { error: m.error } : { result: Array.from(m.seqs, (seq, i): Bm25Row => [seq, m.scores[i]!]) }),
    );
    this.requests.attach(this.worker);
  }

  /** The rows of a read-only BM25 statement, unless the caller takes it back first. */
  rows(sql: string, params: (string | number | bigint)[]): PendingRows {
    return this.requests.send((id, slot) => this.worker.postMessage({ t: 'rows', id, slot, sql, params } satisfies ToKeywordThread));
  }
}
