/**
 * Bench-only: wraps a real Embedder and keeps its vectors in a file keyed by a hash of the text, so
 * repeated benchmark runs (tuning) do not embed the same turns again. The store under test still
 * goes through its real paths (embed queue, vector index); only the model call is skipped.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { EmbedOptions, Embedder } from '../../agents/store/index.js';

const HASH_BYTES = 16;

export class CachingEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  private readonly file: string;
  private readonly cache = new Map<string, Float32Array>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly inner: Embedder,
    dir: string,
  ) {
    this.id = inner.id;
    this.dimensions = inner.dimensions;
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, `${inner.id.replace(/[^a-z0-9-]/gi, '_')}.vectors`);
    if (existsSync(this.file)) this.load();
  }

  private key(text: string): string {
    return createHash('sha256').update(text).digest().subarray(0, HASH_BYTES).toString('hex');
  }

  private load(): void {
    const buf = readFileSync(this.file);
    const rec = HASH_BYTES + this.dimensions * 4;
    for (let off = 0; off + rec <= buf.length; off += rec) {
      const k = buf.subarray(off, off + HASH_BYTES).toString('hex');
      const v = new Float32Array(this.dimensions);
      Buffer.from(v.buffer).set(buf.subarray(off + HASH_BYTES, off + rec));
      this.cache.set(k, v);
    }
  }

  async embed(texts: string[], opts: EmbedOptions = {}): Promise<Float32Array[]> {
    // Questions may take a different path in the inner embedder (USE's static table): not cached, so
    // the file only ever holds the encoder's own vectors.
    if (opts.query) return this.inner.embed(texts, opts);
    const keys = texts.map((t) => this.key(t));
    const missing = [...new Set(keys.filter((k) => !this.cache.has(k)))];
    this.hits += keys.length - missing.length;
    if (missing.length) {
      const textOf = new Map(keys.map((k, i) => [k, texts[i]!]));
      const vectors = await this.inner.embed(missing.map((k) => textOf.get(k)!));
      const chunks: Buffer[] = [];
      missing.forEach((k, i) => {
        const v = Float32Array.from(vectors[i]!);
        this.cache.set(k, v);
        chunks.push(Buffer.from(k, 'hex'), Buffer.from(v.buffer));
      });
      appendFileSync(this.file, Buffer.concat(chunks));
      this.misses += missing.length;
    }
    return keys.map((k) => Float32Array.from(this.cache.get(k)!));
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }
}
