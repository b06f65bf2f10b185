import type { Database as Db } from 'better-sqlite3-multiple-ciphers';

/**
 * The sqlite-vec index of memory embeddings, keyed by the memory's rowid (seq). Its dimension is
 * the embedder's; switching embedder drops the index and marks every memory for re-embedding.
 */
export class VectorIndex {
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly knnStmt;

  constructor(
    private readonly db: Db,
    readonly embedderId: string,
    readonly dimensions: number,
  ) {
    const key = `${embedderId}:${dimensions}`;
    const row = db.prepare("SELECT value FROM meta WHERE key = 'vector_index'").get() as { value: string } | undefined;
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").get();
    if (row?.value !== key || !exists) {
      db.transaction(() => {
        db.exec('DROP TABLE IF EXISTS memory_vec');
        db.exec(`CREATE VIRTUAL TABLE memory_vec USING vec0(embedding float[${dimensions}] distance_metric=cosine)`);
        db.prepare("INSERT INTO meta(key, value) VALUES ('vector_index', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key);
        db.exec('UPDATE memories SET embedded = 0');
      })();
    }
    this.insertStmt = db.prepare('INSERT INTO memory_vec(rowid, embedding) VALUES (?, ?)');
    this.deleteStmt = db.prepare('DELETE FROM memory_vec WHERE rowid = ?');
    this.knnStmt = db.prepare('SELECT rowid AS seq, distance FROM memory_vec WHERE embedding MATCH ? AND k = ?');
  }

  static toBlob(v: Float32Array): Buffer {
    return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }

  upsert(seq: number, v: Float32Array): void {
    if (v.length !== this.dimensions) throw new Error(`embedding has ${v.length} dimensions, index has ${this.dimensions}`);
    this.deleteStmt.run(BigInt(seq));
    this.insertStmt.run(BigInt(seq), VectorIndex.toBlob(v));
  }

  delete(seq: number): void {
    this.deleteStmt.run(BigInt(seq));
  }

  /** Nearest neighbours by cosine; similarity = 1 - distance. */
  knn(v: Float32Array, k: number): { seq: number; similarity: number }[] {
    const rows = this.knnStmt.all(VectorIndex.toBlob(v), k) as { seq: number | bigint; distance: number }[];
    return rows.map((r) => ({ seq: Number(r.seq), similarity: 1 - r.distance }));
  }

  /** Exact similarity for a given set of rows (selective filters: cheaper than a KNN plus post-filter). */
  similarities(v: Float32Array, seqs: number[]): Map<number, number> {
    const out = new Map<number, number>();
    const blob = VectorIndex.toBlob(v);
    for (let i = 0; i < seqs.length; i += 500) {
      const chunk = seqs.slice(i, i + 500);
      const rows = this.db
        .prepare(`SELECT rowid AS seq, vec_distance_cosine(embedding, ?) AS d FROM memory_vec WHERE rowid IN (${chunk.map(() => '?').join(',')})`)
        .all(blob, ...chunk.map((s) => BigInt(s))) as { seq: number | bigint; d: number }[];
      for (const r of rows) out.set(Number(r.seq), 1 - r.d);
    }
    return out;
  }
}
