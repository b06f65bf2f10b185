import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { contentHash, embeddingText } from './memory-codec.js';
import type { Embedder } from './embedder.js';
import type { VectorIndex } from './vector-index.js';

const BATCH = 32;

/**
 * Embeds memories after they are written, in batches, never inside the write: a memory is
 * searchable by BM25 at once and by vector when its embedding lands. Vectors are cached by content
 * hash, so re-inserting or restoring the same text costs nothing.
 */
export class EmbedQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  lastError: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly embedder: Embedder,
    private readonly index: VectorIndex,
  ) {}

  /** Called after every write; cheap when nothing is pending. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => {
        // A busy database (another process writing for longer than busy_timeout) or a full disk:
        // the rows stay pending and the next write retries. Never an unhandled rejection.
        this.lastError = String((err as Error)?.message ?? err).split('\n')[0]!;
      })
      .finally(() => {
        this.running = null;
        if (this.again && !this.closed) {
          this.again = false;
          this.kick();
        }
      });
  }

  pending(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM memories WHERE embedded = 0').get() as { n: number }).n;
  }

  /** Resolves when nothing is left to embed. */
  async flush(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    let lastSeq = 0;
    while (!this.closed) {
      const rows = this.db
        .prepare('SELECT seq, title, text, content_hash FROM memories WHERE embedded = 0 AND seq > ? ORDER BY seq LIMIT ?')
        .all(lastSeq, BATCH) as { seq: number; title: string; text: string; content_hash: string }[];
      if (rows.length === 0) return;
      lastSeq = rows[rows.length - 1]!.seq;
      const texts = rows.map((r) => embeddingText(r));
      const keys = texts.map((t) => contentHash([this.embedder.id, t]));
      const cached = new Map<string, Float32Array>();
      const getCached = this.db.prepare('SELECT vector FROM embedding_cache WHERE hash = ?');
      keys.forEach((k) => {
        const hit = getCached.get(k) as { vector: Buffer } | undefined;
        if (hit) cached.set(k, new Float32Array(hit.vector.buffer.slice(hit.vector.byteOffset, hit.vector.byteOffset + hit.vector.byteLength)));
      });
      const missing = [...new Set(keys.filter((k) => !cached.has(k)))];
      if (missing.length) {
        const textOf = new Map(keys.map((k, i) => [k, texts[i]!]));
        let vectors: Float32Array[];
        try {
          vectors = await this.embedder.embed(missing.map((k) => textOf.get(k)!));
          this.lastError = null;
        } catch (err) {
          // Keep the rows pending: BM25 still finds them, and the next write retries.
          this.lastError = String((err as Error).message ?? err);
          return;
        }
        missing.forEach((k, i) => cached.set(k, vectors[i]!));
      }
      if (this.closed) return;
      const stillSame = this.db.prepare('SELECT content_hash FROM memories WHERE seq = ?');
      const mark = this.db.prepare('UPDATE memories SET embedded = 1 WHERE seq = ?');
      const putCache = this.db.prepare('INSERT OR IGNORE INTO embedding_cache(hash, embedder, vector) VALUES (?, ?, ?)');
      this.db.transaction(() => {
        rows.forEach((r, i) => {
          const cur = stillSame.get(r.seq) as { content_hash: string } | undefined;
          if (!cur || cur.content_hash !== r.content_hash) return; // deleted or edited meanwhile
          const v = cached.get(keys[i]!)!;
          this.index.upsert(r.seq, v);
          mark.run(r.seq);
          putCache.run(keys[i]!, this.embedder.id, Buffer.from(v.buffer, v.byteOffset, v.byteLength));
        });
      })();
    }
  }
}
