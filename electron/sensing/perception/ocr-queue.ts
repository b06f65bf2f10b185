import type { OcrEngine, OcrImage, OcrResult } from './ocr-engine.js';

/** A frame waiting for OCR. `image` is held in memory; a deferred job keeps only `reload`. */
export interface OcrJob<T> {
  meta: T;
  image: OcrImage | null;
  /** Rebuilds the image later (e.g. decrypts the stored frame); null when the job cannot be deferred. */
  reload: (() => Promise<OcrImage>) | null;
}

export interface OcrQueueOptions<T> {
  engine: OcrEngine;
  /** Jobs holding pixels in memory; past this the oldest is deferred (or dropped if it cannot be). */
  maxPending: number;
  /** Jobs waiting with only a reload function (a few bytes each); past this the oldest are dropped. */
  maxDeferred?: number;
  /** Jobs run at once (usually the pool size). */
  concurrency: number;
  onResult: (meta: T, result: OcrResult) => Promise<void> | void;
  /** Called for a frame that will never be OCR-ed (queue overflow or OCR failure). */
  onDropped: (meta: T, reason: 'overflow' | 'failed', error?: unknown) => Promise<void> | void;
}

export interface OcrQueueStats {
  pending: number;
  deferred: number;
  running: number;
  backlog: number;
  done: number;
  deferredTotal: number;
  dropped: number;
  failed: number;
}

/**
 * Bounded OCR queue with backpressure. Fresh frames go first (the user cares about the present);
 * when more than maxPending frames wait, the oldest lose their pixels and are OCR-ed later from the
 * store, once the queue has drained; past maxDeferred they are dropped. Memory stays bounded whatever
 * the screen does, and the backlog is always known.
 */
export class OcrQueue<T> {
  private pending: OcrJob<T>[] = [];
  private deferred: OcrJob<T>[] = [];
  private running = 0;
  private done = 0;
  private deferredTotal = 0;
  private dropped = 0;
  private failed = 0;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly opts: OcrQueueOptions<T>) {}

  push(job: OcrJob<T>): void {
    if (this.closed) return;
    this.pending.push(job);
    while (this.pending.length > this.opts.maxPending) {
      const oldest = this.pending.shift()!;
      this.defer(oldest);
    }
    this.pump();
  }

  /**
   * A job with no pixels in memory, only its reload (frames left unread by the last run): it waits
   * with the deferred ones, behind every fresh frame.
   */
  pushDeferred(job: OcrJob<T> & { reload: () => Promise<OcrImage> }): void {
    if (this.closed) return;
    this.defer({ ...job, image: null });
    this.pump();
  }

  stats(): OcrQueueStats {
    return {
      pending: this.pending.length,
      deferred: this.deferred.length,
      running: this.running,
      backlog: this.pending.length + this.deferred.length + this.running,
      done: this.done,
      deferredTotal: this.deferredTotal,
      dropped: this.dropped,
      failed: this.failed,
    };
  }

  /** Resolves when nothing is pending, deferred or running. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking work; waiting jobs are dropped (their frames stay stored). */
  async close(): Promise<void> {
    this.closed = true;
    const left = [...this.pending, ...this.deferred];
    this.pending = [];
    this.deferred = [];
    for (const job of left) {
      this.dropped++;
      await this.opts.onDropped(job.meta, 'overflow');
    }
    if (this.running > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private defer(job: OcrJob<T>): void {
    if (job.reload) {
      job.image = null;
      this.deferred.push(job);
      this.deferredTotal++;
      const max = this.opts.maxDeferred ?? 1000;
      while (this.deferred.length > max) this.drop(this.deferred.shift()!);
    } else {
      this.drop(job);
    }
  }

  private drop(job: OcrJob<T>): void {
    this.dropped++;
    void Promise.resolve(this.opts.onDropped(job.meta, 'overflow')).catch(() => undefined);
  }

  private pump(): void {
    while (this.running < this.opts.concurrency && !this.closed) {
      // Newest pixels first would starve a steady stream's older frames; FIFO within pending keeps
      // the timeline in order, and deferred work only runs when nothing fresh waits.
      const job = this.pending.shift() ?? this.deferred.shift();
      if (!job) break;
      this.running++;
      void this.run(job);
    }
    if (this.isIdle()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private async run(job: OcrJob<T>): Promise<void> {
    try {
      const image = job.image ?? (await job.reload!());
      job.image = null;
      const result = await this.opts.engine.recognize(image);
      this.done++;
      await this.opts.onResult(job.meta, result);
    } catch (err) {
      this.failed++;
      await Promise.resolve(this.opts.onDropped(job.meta, 'failed', err)).catch(() => undefined);
    } finally {
      this.running--;
      this.pump();
    }
  }

  private isIdle(): boolean {
    return this.pending.length === 0 && this.deferred.length === 0 && this.running === 0;
  }
}
