import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { contentHash, embeddingText } from './memory-codec.js';
import type { Embedder } from './embedder.js';
import type { VectorIndex } from './vector-index.js';

const BATCH = 32;

/** What a queue embeds: the rows of one table still without their vector. */
export interface EmbedSource {
  /** Rows waiting (embedded = 0). */
  pendingSql: string;
  /** The next waiting rows after a seq: seq, the text to embed, and a version to check before writing. */
  next(db: Db, afterSeq: number, limit: number): { seq: number; text: string; version: string }[];
  /** The row's version now (null: deleted); a changed row is left for the next round. */
  versionSql: string;
  /** Marks a row embedded; null when having a vector row is the mark. */
  markSql: string | null;
  /** Whether vectors are kept in embedding_cache by text hash (memories: restores and edits cost nothing). */
  cache: boolean;
  /** Whether this work yields to questions and memories at the embedder (screen passages). */
  background: boolean;
  /**
   * How long a write waits before its drain starts, so that writes in quick succession (the brain's
   * batches during a catch-up: an open episode's end time moves with each) are embedded once, with
   * their last text, in fewer calls. flush() does not wait.
   */
  settleMs: number;
}

export const MEMORY_SOURCE: EmbedSource = {
  pendingSql: 'SELECT count(*) FROM memories WHERE embedded = 0',
  next: (db, after, limit) =>
    (
      db.prepare('SELECT seq, title, text, content_hash FROM memories WHERE embedded = 0 AND seq > ? ORDER BY seq LIMIT ?').all(after, limit) as {
        seq: number;
        title: string;
        text: string;
        content_hash: string;
      }[]
    ).map((r) => ({ seq: r.seq, text: embeddingText(r), version: r.content_hash })),
  versionSql: 'SELECT content_hash FROM memories WHERE seq = ?',
  markSql: 'UPDATE memories SET embedded = 1 WHERE seq = ?',
  cache: true,
  background: false,
  // A memory is found by BM25 the moment it is written; its vector may come this much later.
  settleMs: 300,
};

/**
 * Screen text passages: a passage is embedded when its vector row exists (the index's tables, see
 * PASSAGE_VECTORS), so there is no flag to keep in step. Not cached by text: a forgotten passage
 * must not leave its vector behind, and a passage is stored once per text anyway.
 */
export const PASSAGE_SOURCE: EmbedSource = {
  pendingSql: 'SELECT count(*) FROM passages p WHERE NOT EXISTS (SELECT 1 FROM passage_vec v WHERE v.seq = p.seq)',
  next: (db, after, limit) =>
    (
      db
        .prepare('SELECT seq, hash, text FROM passages p WHERE seq > ? AND NOT EXISTS (SELECT 1 FROM passage_vec v WHERE v.seq = p.seq) ORDER BY seq LIMIT ?')
        .all(after, limit) as { seq: number; hash: string; text: string }[]
    ).map((r) => ({ seq: r.seq, text: r.text.slice(0, 1000), version: r.hash })),
  versionSql: 'SELECT hash FROM passages WHERE seq = ?',
  markSql: null,
  cache: false,
  background: true,
  settleMs: 0,
};

/**
 * Embeds memories (or passages) after they are written, in batches, never inside the write: a memory is
 * searchable by BM25 at once and by vector when its embedding lands. Vectors are cached by content
 * hash, so re-inserting or restoring the same text costs nothing.
 *
 * A writer that changes the same rows several times in a row (the brain's batch: an episode
 * continued, then cited again) holds the queue meanwhile: each row is embedded once, after its last
 * change, and the batch's rows go to the embedder together (about half the cost per text of one
 * call each).
 */
export class EmbedQueue {
  private running: Promise<void> | null = null;
  private settle: NodeJS.Timeout | null = null;
  private again = false;
  private closed = false;
  private holds = 0;
  /** A write kicked while held: drain on release (after the settle time). */
  private heldKick = false;
  /** The settle time ran out while held: drain at the release itself, so back-to-back batches do not starve the queue. */
  private due = false;
  /** flush() drains even while held (tests, shutdown, benchmarks ask for every vector now). */
  private flushing = 0;
  lastError: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly embedder: Embedder,
    private readonly index: VectorIndex,
    private readonly source: EmbedSource = MEMORY_SOURCE,
    /**
     * True while a batch should not start the embedder (a one-shot command with a cold encoder: it
     * would load for seconds and be dropped at exit). The rows stay pending for the next process that
     * embeds; flush() still embeds them.
     */
    private readonly deferred: () => boolean = () => false,
  ) {}

  /** Called after every write; cheap when nothing is pending. */
  kick(): void {
    if (this.closed) return;
    if (this.held()) {
      this.heldKick = true;
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    const settleMs = this.flushing ? 0 : this.source.settleMs;
    if (settleMs > 0) {
      this.settle ??= setTimeout(() => {
        this.settle = null;
        this.start();
      }, settleMs);
      return;
    }
    this.start();
  }

  private start(): void {
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    if (this.closed) return;
    if (this.held()) {
      this.due = true;
      return;
    }
    this.due = false;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.flushing === 0 && this.deferred()) return;
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

  /**
   * Defers embedding until the returned release is called (holds nest; release is idempotent). A
   * batch of rows being embedded when the hold starts finishes (a row changed meanwhile is left for
   * later, as always); no further batch starts until the last release.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds > 0) return;
      const kicked = this.heldKick;
      this.heldKick = false;
      if (this.due) this.start();
      else if (kicked) this.kick();
    };
  }

  private held(): boolean {
    return this.holds > 0 && this.flushing === 0;
  }

  pending(): number {
    return this.db.prepare(this.source.pendingSql).pluck().get() as number;
  }

  /** Resolves when nothing is left to embed. */
  async flush(): Promise<void> {
    this.flushing++;
    try {
      this.kick();
      while (this.running) await this.running;
    } finally {
      this.flushing--;
    }
  }

  /** Starts no further batch; one in hand is written when its vectors come (an embedder closed meanwhile leaves its rows pending). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    const src = this.source;
    let lastSeq = 0;
    while (!this.closed) {
      if (this.held()) {
        this.due = true;
        return;
      }
      const rows = src.next(this.db, lastSeq, BATCH);
      if (rows.length === 0) return;
      lastSeq = rows[rows.length - 1]!.seq;
      const texts = rows.map((r) => r.text);
      const keys = texts.map((t) => contentHash([this.embedder.id, t]));
      const cached = new Map<string, Float32Array>();
      if (src.cache) {
        const getCached = this.db.prepare('SELECT vector FROM embedding_cache WHERE hash = ?');
        keys.forEach((k) => {
          const hit = getCached.get(k) as { vector: Buffer } | undefined;
          if (hit) cached.set(k, new Float32Array(hit.vector.buffer.slice(hit.vector.byteOffset, hit.vector.byteOffset + hit.vector.byteLength)));
        });
      }
      const missing = [...new Set(keys.filter((k) => !cached.has(k)))];
      if (missing.length) {
        const textOf = new Map(keys.map((k, i) => [k, texts[i]!]));
        let vectors: Float32Array[];
        try {
          vectors = await this.embedder.embed(
            missing.map((k) => textOf.get(k)!),
            { background: src.background },
          );
          this.lastError = null;
        } catch (err) {
          // Keep the rows pending: BM25 still finds them, and the next write retries.
          this.lastError = String((err as Error).message ?? err);
          return;
        }
        missing.forEach((k, i) => cached.set(k, vectors[i]!));
      }
      // A batch that finished while the queue was closing is still written (the store closes its
      // database only after its queues): a one-shot command waited for it anyway, and dropping it made
      // every `engram ask` pay for the same passages again. One transaction: an exit or crash keeps
      // the batch whole or not at all. The loop then ends, as closed.
      if (!this.db.open) return;
      const stillSame = this.db.prepare(src.versionSql).pluck();
      const mark = src.markSql ? this.db.prepare(src.markSql) : null;
      const putCache = this.db.prepare('INSERT OR IGNORE INTO embedding_cache(hash, embedder, vector) VALUES (?, ?, ?)');
      this.db.transaction(() => {
        rows.forEach((r, i) => {
          if (stillSame.get(r.seq) !== r.version) return; // deleted or edited meanwhile
          const v = cached.get(keys[i]!)!;
          this.index.upsert(r.seq, v);
          mark?.run(r.seq);
          if (src.cache) putCache.run(keys[i]!, this.embedder.id, Buffer.from(v.buffer, v.byteOffset, v.byteLength));
        });
      })();
    }
  }
}
