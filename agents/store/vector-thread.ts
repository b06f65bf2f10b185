import type { Worker } from 'node:worker_threads';
import { startWorker } from '../runtime/index.js';
import type { CodesSnapshot } from './binary-codes.js';
import type { VectorTables } from './vector-index.js';

/** What the thread opens: the database (its file and key) and the index's shape. */
export interface VectorThreadData {
  path: string;
  key: Uint8Array;
  cacheMiB: number;
  dimensions: number;
  tables: VectorTables;
  /** Read every vector into the page cache before searching (they fit in it). */
  warm: boolean;
  /**
   * Int32s shared with the thread (see SHARED): the first it sets to 1 once it can search (read
   * without waiting for a message: back-to-back searches never let one in), then one per search in
   * flight, which whoever starts it claims (see PendingSearch).
   */
  shared: SharedArrayBuffer;
}

/** A code set (code) or deleted (null); null for the whole op: every code cleared. */
export type CodeOp = { seq: number; code: Uint32Array | null } | null;

export type ToVectorThread = { t: 'load'; snapshot: CodesSnapshot } | { t: 'ops'; ops: CodeOp[] } | { t: 'search'; id: number; slot: number; v: Float32Array; k: number };
export type FromVectorThread = { t: 'hits'; id: number; seqs: Float64Array; sims: Float64Array } | { t: 'failed'; id: number; error: string };

export type VectorHit = { seq: number; similarity: number };

/** Searches in flight at once (a ring of claim slots after the ready flag). */
export const SLOTS = 256;
/** A search's claim: not started, started by the thread, taken back by the caller. */
export const OPEN = 0;
export const THREAD = 1;
export const CALLER = 2;

/**
 * A search sent to the thread. take(): its hits to await when the thread has started it, or null
 * when it had not (a busy machine had not given it a core): the caller then searches itself, and
 * the thread skips it. A search that waits for a thread not yet running would add a scheduling
 * delay instead of saving time.
 */
export interface PendingSearch {
  take(): Promise<VectorHit[]> | null;
}

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
export class VectorThread {
  private readonly worker: Worker;
  private readonly shared: Int32Array;
  /** Searches the thread answered, and those taken back because it had not started them (the store bench reports both). */
  answered = 0;
  takenBack = 0;
  private broken = false;
  private ops: CodeOp[] = [];
  private nextId = 1;
  private readonly inFlight = new Map<number, { resolve: (hits: VectorHit[]) => void; reject: (err: Error) => void }>();

  constructor(data: Omit<VectorThreadData, 'shared'>, snapshot: CodesSnapshot) {
    const shared = new SharedArrayBuffer(4 * (1 + SLOTS));
    this.shared = new Int32Array(shared);
    this.worker = startWorker(new URL('./vector-thread-worker.js', import.meta.url), { ...data, shared });
    this.load(snapshot);
    this.worker.on('message', (m: FromVectorThread) => {
      const r = this.inFlight.get(m.id);
      if (!r) return;
      this.inFlight.delete(m.id);
      if (!this.inFlight.size) this.worker.unref();
      if (m.t === 'failed') r.reject(new Error(`vector thread: ${m.error}`));
      else r.resolve(Array.from(m.seqs, (seq, i) => ({ seq, similarity: m.sims[i]! })));
    });
    const fail = (err: Error): void => {
      this.broken = true;
      for (const r of this.inFlight.values()) r.reject(err);
      this.inFlight.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('vector thread stopped')));
    // Idle, it must not keep a process alive; a search in flight refs it (see search).
    this.worker.unref();
  }

  /** Started and not failed: searches may go to it. */
  get usable(): boolean {
    return !this.broken && Atomics.load(this.shared, 0) === 1;
  }

  get state(): 'starting' | 'ready' | 'stopped' {
    return this.broken ? 'stopped' : this.usable ? 'ready' : 'starting';
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
    const id = this.nextId++;
    const slot = 1 + (id % SLOTS);
    Atomics.store(this.shared, slot, OPEN);
    const hits = new Promise<VectorHit[]>((resolve, reject) => {
      if (this.broken) return reject(new Error('vector thread stopped'));
      this.inFlight.set(id, { resolve, reject });
      // A search in flight keeps the process alive (a one-shot command awaiting it would otherwise exit).
      this.worker.ref();
      this.post({ t: 'search', id, slot, v, k });
    });
    // A search its caller never came back for (it failed before) must not fail the process when the thread stops.
    hits.catch(() => undefined);
    return {
      take: () => {
        if (Atomics.compareExchange(this.shared, slot, OPEN, CALLER) !== OPEN) {
          this.answered++;
          return hits;
        }
        // Taken back: the thread will skip it and send nothing.
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
    if (!this.broken) this.worker.postMessage(m, transfer);
  }
}
