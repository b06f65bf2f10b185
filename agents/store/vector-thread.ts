import type { Worker } from 'node:worker_threads';
import { startWorker } from '../runtime/index.js';
import type { CodesSnapshot } from './binary-codes.js';
import { RequestThread, type PendingRequest } from './thread-requests.js';
import type { VectorTables } from './vector-index.js';

/** What the thread opens: the database (its file and key) and the index's shape. */
export interface VectorThreadData {
  path: string;
  key: Uint8Array;
  cacheMiB: number;
  dimensions: number;
  tables: VectorTables;
  /**
   * The most MiB of int8 vectors the thread holds in memory (HeldVectors). While every vector fits,
   * rescoring reads them there and the page cache shrinks to HELD_CACHE_MIB; otherwise the thread
   * reads rows through a page cache of cacheMiB, as before.
   */
  holdMiB: number;
  /** The claims shared with the thread (thread-requests.ts). */
  shared: SharedArrayBuffer;
}

/** A code set (code) or deleted (null); null for the whole op: every code cleared. */
export type CodeOp = { seq: number; code: Uint32Array | null } | null;

export type ToVectorThread = { t: 'load'; snapshot: CodesSnapshot } | { t: 'ops'; ops: CodeOp[] } | { t: 'search'; id: number; slot: number; v: Float32Array; k: number };
export type FromVectorThread = { t: 'hits'; id: number; seqs: Float64Array; sims: Float64Array; held: number } | { t: 'failed'; id: number; error: string };

export type VectorHit = { seq: number; similarity: number };

/**
 * A search sent to the thread: take() its hits when the thread has started it, or null (the caller
 * searches itself; see thread-requests.ts).
 */
export type PendingSearch = PendingRequest<VectorHit[]>;

/** Changes sent at once: an import writes thousands of codes, and a message each would cost more than the codes. */
const OPS_BATCH = 4096;

/**
 * The unfiltered vector search of a large index on a thread of its own, so that it runs while the
 * main thread runs the keyword phase (the machine this targets has two cores). The thread keeps a
 * copy of the index's codes: the index sends it a snapshot, then every change in order, so its
 * slots stay those of the index and it picks exactly the candidates the index would; it rescores
 * them from its own read-only connection with the same code (VectorReader), so the results are the
 * index's own. A thread that fails is not restarted: the index searches on the main thread again.
 */
export class VectorThread extends RequestThread<VectorHit[]> {
  private readonly worker: Worker;
  private ops: CodeOp[] = [];
  /** Vectors the thread held in memory at its last answer (HeldVectors; 0: it reads them from the database). */
  held = 0;

  constructor(data: Omit<VectorThreadData, 'shared'>, snapshot: CodesSnapshot) {
    super('vector thread');
    this.worker = startWorker(new URL('./vector-thread-worker.js', import.meta.url), { ...data, shared: this.requests.buffer });
    this.load(snapshot);
    this.worker.on('message', (m: FromVectorThread) => {
      if (m.t === 'hits') this.held = m.held;
      this.requests.settle(m.id, m.t === 'failed' ? { error: m.error } : { result: Array.from(m.seqs, (seq, i) => ({ seq, similarity: m.sims[i]! })) });
    });
    this.requests.attach(this.worker);
  }

  /** Replaces the thread's codes (the index reloaded them): changes not yet sent are in the snapshot. */
  load(snapshot: CodesSnapshot): void {
    this.ops = [];
    this.post({ t: 'load', snapshot }, [snapshot.codes.buffer as ArrayBuffer, snapshot.seqs.buffer as ArrayBuffer]);
  }

  set(seq: number, code: Uint32Array): void {
    this.queue({ seq, code });
  }

  delete(seq: number): void {
    this.queue({ seq, code: null });
  }

  clear(): void {
    this.queue(null);
  }

  /** The k nearest, as VectorIndex.search(v, k) finds them (rejected when the thread fails), unless the caller takes it back first. */
  search(v: Float32Array, k: number): PendingSearch {
    this.flush();
    return this.requests.send((id, slot) => this.post({ t: 'search', id, slot, v, k }));
  }

  private queue(op: CodeOp): void {
    this.ops.push(op);
    if (this.ops.length >= OPS_BATCH) this.flush();
  }

  private flush(): void {
    if (!this.ops.length) return;
    const ops = this.ops;
    this.ops = [];
    this.post({ t: 'ops', ops });
  }

  private post(m: ToVectorThread, transfer: ArrayBuffer[] = []): void {
    if (!this.requests.stopped) this.worker.postMessage(m, transfer);
  }
}
