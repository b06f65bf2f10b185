import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import { BinaryCodes } from './binary-codes.js';
import type { HeldVectors } from './held-vectors.js';
import { SeqLookup } from './seq-lookup.js';
import { VectorThread, type PendingSearch } from './vector-thread.js';

/** Code version of the stored format: a change re-embeds (from the embedding cache) into the new one. */
const FORMAT = 'int8+bits-1';
/** First-pass candidates rescored exactly: at least this many, and 4 per result asked for. */
const MIN_RESCORE = 400;
const RESCORE_PER_RESULT = 4;

/** First-pass candidates for k results. */
export const rescored = (k: number): number => Math.max(MIN_RESCORE, k * RESCORE_PER_RESULT);

/** int8 with a per-vector scale: a quarter of float32's bytes; cosine error ~1e-3, far below ranking noise. */
export function quantize(v: Float32Array): Int8Array {
  let max = 0;
  for (let i = 0; i < v.length; i++) {
    const a = v[i]! < 0 ? -v[i]! : v[i]!;
    if (a > max) max = a;
  }
  const s = max > 0 ? 127 / max : 0;
  const q = new Int8Array(v.length);
  // Round half away from zero; the Int8Array store truncates toward zero.
  for (let i = 0; i < v.length; i++) {
    const x = v[i]! * s;
    q[i] = x < 0 ? x - 0.5 : x + 0.5;
  }
  return q;
}

export function cosine(a: Float32Array, b: Int8Array): number {
  return cosineWithNorm(a, squaredNorm(a), b);
}

/** Sum of squares, in index order (the order cosine() always summed in). */
export function squaredNorm(a: Float32Array): number {
  let na = 0;
  for (let i = 0; i < a.length; i++) na += a[i]! * a[i]!;
  return na;
}

/** cosine() with the query's squared norm computed once for many rows; b's vector starts at `at`. */
function cosineWithNorm(a: Float32Array, na: number, b: Int8Array, at = 0): number {
  // Four sums side by side (the loop is most of a rescoring's CPU: 400 vectors 0.48 -> 0.30 ms).
  // b's squared norm is a sum of integers, exact in any order; each a[i] * y is exact in a double
  // (24 + 8 significant bits), so only the dot product's last bits can differ from one running sum.
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  let nb = 0;
  const n = a.length;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    const y0 = b[at + i]!;
    const y1 = b[at + i + 1]!;
    const y2 = b[at + i + 2]!;
    const y3 = b[at + i + 3]!;
    d0 += a[i]! * y0;
    d1 += a[i + 1]! * y1;
    d2 += a[i + 2]! * y2;
    d3 += a[i + 3]! * y3;
    nb += y0 * y0 + y1 * y1 + y2 * y2 + y3 * y3;
  }
  for (; i < n; i++) {
    const y = b[at + i]!;
    d0 += a[i]! * y;
    nb += y * y;
  }
  const dot = d0 + d1 + (d2 + d3);
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Codes from which an index searches on its own thread (VectorThread): below it the search is a
 * millisecond or two and a message each way is not worth the thread's start (nor its copy of the codes).
 */
const THREAD_MIN_CODES = 20_000;

/** What an index needs to search on a thread of its own: the database's key, the most page cache the thread may take. */
export interface VectorThreadOptions {
  key: Buffer;
  maxCacheMiB: number;
  /** Codes from which the thread starts (THREAD_MIN_CODES unless a test says otherwise). */
  minCodes?: number;
  /** Whether searches may go to the thread now (always, unless a test or the bench says otherwise). */
  spare?: () => boolean;
}

/** Vectors a thread holds in memory (HeldVectors), by its codes' slots: rescoring reads those instead of rows. */
export interface VectorSource {
  slot(seq: number): number | undefined;
  held: HeldVectors;
}

/** Rows looked up per statement (the SeqLookup chunk size, so rows come back in the same groups). */
const PACK = 512;

/** Where one index keeps its vectors: the rows it indexes (by seq) and its own two tables. */
export interface VectorTables {
  /** The indexed rows' table (memories, passages): a deleted row takes its vector with it. */
  owner: string;
  vec: string;
  codes: string;
  /** meta key recording the embedder and format the stored vectors were made with. */
  metaKey: string;
  /** Marks every owner row as waiting for a vector when the index is re-created (null: a missing vector row is the mark). */
  resetSql: string | null;
}

export const MEMORY_VECTORS: VectorTables = { owner: 'memories', vec: 'memory_vec', codes: 'memory_vec_codes', metaKey: 'vector_index', resetSql: 'UPDATE memories SET embedded = 0' };
/** Screen text passages: a passage without a vector row waits for one (see PASSAGE_SOURCE). */
export const PASSAGE_VECTORS: VectorTables = { owner: 'passages', vec: 'passage_vec', codes: 'passage_vec_codes', metaKey: 'passage_vector_index', resetSql: null };

/**
 * The vector index of memory (or passage) embeddings, keyed by the row's seq. Its dimension is the
 * embedder's; switching embedder drops the index and marks every memory for re-embedding.
 *
 * Storage: each vector as int8 (`memory_vec`) and as a one-bit-per-dimension code
 * (`memory_vec_codes`), both inside the encrypted database. Search: the codes are held in memory
 * (64 bytes per memory) and scanned by Hamming distance; the best few hundred are rescored exactly from
 * their int8 vectors. Measured at 100k memories on 2 shared cores: sqlite-vec's vec0 KNN took
 * ~250 ms (float, k=600) and ~90 ms (bit, k=600), this takes ~10 ms.
 *
 * Other processes (the CLI while the app runs) may write the same database: the in-memory codes
 * are reloaded when SQLite's data_version says another connection committed.
 */
export class VectorIndex {
  private readonly insertVec: Statement;
  private readonly insertCode: Statement;
  private readonly deleteVec: Statement;
  private readonly codes: BinaryCodes;
  private readonly reader: VectorReader;
  private loadedAt: number | null = null;
  private thread: VectorThread | null = null;
  /**
   * Whether searches may go to the thread now: always by default. A busy machine needs no gate: a
   * search the thread has not started is taken back (PendingSearch), and side by side at load
   * 17-29 on two cores the thread still took wall p50 from 36-47 to 33-44 ms at 100k memories.
   * The store bench sets it to compare (--thread on|off).
   */
  spare: () => boolean;

  constructor(
    private readonly db: Db,
    readonly embedderId: string,
    readonly dimensions: number,
    private readonly t: VectorTables = MEMORY_VECTORS,
    /** Set (a store on a file): a large index searches on a thread of its own (searchSoon). */
    private readonly threadOptions: VectorThreadOptions | null = null,
  ) {
    const key = `${embedderId}:${dimensions}:${FORMAT}`;
    const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(t.metaKey) as { value: string } | undefined;
    const exists = (name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    if (row?.value !== key || !exists(t.vec) || !exists(t.codes)) {
      db.transaction(() => {
        // Also drops the sqlite-vec vec0 table of earlier versions.
        db.exec(`DROP TABLE IF EXISTS ${t.vec}; DROP TABLE IF EXISTS ${t.codes}`);
        db.exec(`CREATE TABLE ${t.vec} (seq INTEGER PRIMARY KEY, vector BLOB NOT NULL)`);
        db.exec(`CREATE TABLE ${t.codes} (seq INTEGER PRIMARY KEY, code BLOB NOT NULL)`);
        db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(t.metaKey, key);
        if (t.resetSql) db.exec(t.resetSql);
      })();
    }
    // Vectors and codes never outlive their row, whatever path deletes it (a wipe or a forget run
    // by a process opened without an embedder included).
    const triggers: [string, string][] = [
      [`${t.vec}_follows_${t.owner}`, `AFTER DELETE ON ${t.owner} BEGIN DELETE FROM ${t.vec} WHERE seq = old.seq; END`],
      [`${t.codes}_follow_vec`, `AFTER DELETE ON ${t.vec} BEGIN DELETE FROM ${t.codes} WHERE seq = old.seq; END`],
    ];
    for (const [name, body] of triggers) {
      if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?").get(name)) db.exec(`CREATE TRIGGER ${name} ${body}`);
    }
    this.insertVec = db.prepare(`INSERT OR REPLACE INTO ${t.vec}(seq, vector) VALUES (?, ?)`);
    this.insertCode = db.prepare(`INSERT OR REPLACE INTO ${t.codes}(seq, code) VALUES (?, ?)`);
    this.deleteVec = db.prepare(`DELETE FROM ${t.vec} WHERE seq = ?`);
    this.codes = new BinaryCodes(dimensions);
    this.reader = new VectorReader(db, dimensions, t);
    this.spare = threadOptions?.spare ?? (() => true);
  }

  static toBlob(v: ArrayBufferView): Buffer {
    return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }

  upsert(seq: number, v: Float32Array): void {
    if (v.length !== this.dimensions) throw new Error(`embedding has ${v.length} dimensions, index has ${this.dimensions}`);
    const code = BinaryCodes.encode(v);
    this.insertVec.run(seq, VectorIndex.toBlob(quantize(v)));
    this.insertCode.run(seq, VectorIndex.toBlob(code));
    if (this.loadedAt !== null) {
      this.codes.set(seq, code);
      this.thread?.set(seq, code);
    }
  }

  delete(seq: number): void {
    this.deleteVec.run(seq); // its code goes with it (trigger)
    if (this.loadedAt !== null) {
      this.codes.delete(seq);
      this.thread?.delete(seq);
    }
  }

  clear(): void {
    this.db.exec(`DELETE FROM ${this.t.vec}; DELETE FROM ${this.t.codes}`);
    this.codes.clear();
    this.thread?.clear();
  }

  /** The thread's state, the searches it answered and those taken back, and the vectors it held at its last answer (null: no thread). */
  get threadSearches(): { state: 'starting' | 'ready' | 'stopped'; answered: number; takenBack: number; held: number } | null {
    return this.thread ? { state: this.thread.state, answered: this.thread.answered, takenBack: this.thread.takenBack, held: this.thread.held } : null;
  }

  /** Stops the index's thread, if it runs one. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.close();
  }

  /** Loads the codes on first use, and again after another connection changed the database. */
  private sync(): void {
    const version = this.db.pragma('data_version', { simple: true }) as number;
    if (this.loadedAt === version) return;
    this.codes.clear();
    const words = this.codes.words;
    for (const [seq, blob] of this.db.prepare(`SELECT seq, code FROM ${this.t.codes}`).raw().iterate() as Iterable<[number, Buffer]>) {
      if (blob.byteLength < words * 4) continue;
      this.codes.set(seq, new Uint32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + words * 4)));
    }
    this.loadedAt = version;
    this.thread?.load(this.codes.snapshot());
  }

  /** Nearest neighbours by cosine, optionally only among the given seqs (selective filters). */
  search(v: Float32Array, k: number, among?: readonly number[]): { seq: number; similarity: number }[] {
    if (k <= 0) return [];
    this.sync();
    return this.reader.best(v, this.codes.nearest(BinaryCodes.encode(v), rescored(k), among), k);
  }

  /**
   * search(v, k) sent to the index's thread, to take after other work (the keyword phase runs
   * meanwhile: see PendingSearch); null when the index has no thread (a small index, a thread
   * starting or failed) or `spare` says no, and then search(v, k) is the way. Inside a
   * transaction the thread, which sees only what was committed, is not asked.
   */
  searchSoon(v: Float32Array, k: number): PendingSearch | null {
    const o = this.threadOptions;
    if (!o || k <= 0 || this.db.inTransaction || this.db.memory || !this.spare()) return null;
    this.sync();
    if (!this.thread && this.codes.size >= (o.minCodes ?? THREAD_MIN_CODES)) {
      // Its page cache holds the vectors it rescores (read at random: a page not in the cache is
      // decrypted again), up to the most it may take.
      // A vector a row: ~7 to a 4 KiB page, plus the cache's own header per page.
      const need = 4 + Math.ceil((this.codes.size * (this.dimensions + 96)) / 2 ** 20);
      const cacheMiB = Math.min(o.maxCacheMiB, need);
      this.thread = new VectorThread({ path: this.db.name, key: new Uint8Array(o.key), cacheMiB, dimensions: this.dimensions, tables: this.t, holdMiB: o.maxCacheMiB }, this.codes.snapshot());
    }
    return this.thread?.usable ? this.thread.search(v, k) : null;
  }

  knn(v: Float32Array, k: number): { seq: number; similarity: number }[] {
    return this.search(v, k);
  }

  /** Exact similarity for a given set of rows. */
  similarities(v: Float32Array, seqs: readonly number[]): Map<number, number> {
    const { seqs: found, sims } = this.reader.rescore(v, seqs);
    const out = new Map<number, number>();
    for (let i = 0; i < found.length; i++) out.set(found[i]!, sims[i]!);
    return out;
  }
}

/**
 * Reads stored int8 vectors and rescores candidates exactly: the half of a search that needs the
 * database, shared by the index and its thread (vector-thread.ts), so both rank alike.
 */
export class VectorReader {
  private readonly vectorsOf: SeqLookup;
  private readonly packedOf: Statement;

  constructor(
    db: Db,
    private readonly dimensions: number,
    t: VectorTables,
  ) {
    this.vectorsOf = new SeqLookup(db, `SELECT seq, vector FROM ${t.vec} WHERE seq IN (%IN%)`);
    // Many vectors as one blob (and their seqs as one string, in the same row order): a Buffer per
    // row from the driver cost more than reading the row (600 vectors: ~3 ms of 3.5 at 20k memories).
    this.packedOf = db
      .prepare(
        `SELECT count(*), sum(length(vector)), group_concat(seq), CAST(group_concat(vector, '') AS BLOB)
          FROM ${t.vec} WHERE seq IN (SELECT value FROM json_each(?))`,
      )
      .raw();
  }

  /**
   * The k best of the candidates by exact similarity. Best first, ties in the order written (seq):
   * the candidates come unordered (by code slot, and the packed read returns rows in whatever order
   * SQLite visits them), so rescoring order is no tie-break at all. Objects only for the k kept.
   */
  best(v: Float32Array, candidates: readonly number[], k: number, source: VectorSource | null = null): { seq: number; similarity: number }[] {
    const { seqs, sims } = this.rescore(v, candidates, source);
    const order = Array.from({ length: seqs.length }, (_, i) => i).sort((a, b) => sims[b]! - sims[a]! || seqs[a]! - seqs[b]!);
    const out: { seq: number; similarity: number }[] = [];
    for (let j = 0; j < Math.min(k, order.length); j++) out.push({ seq: seqs[order[j]!]!, similarity: sims[order[j]!]! });
    return out;
  }

  /**
   * Exact similarities of the given rows that have a vector (each once), in the order read. With a
   * source, its held vectors are scored from memory, and the rows read are held for next time.
   */
  rescore(v: Float32Array, seqs: readonly number[], source: VectorSource | null = null): { seqs: number[]; sims: Float64Array } {
    const seen = new Set<number>();
    const found: number[] = [];
    const sims = new Float64Array(seqs.length);
    const add = (seq: number, sim: number): void => {
      if (seen.has(seq)) return;
      seen.add(seq);
      sims[found.length] = sim;
      found.push(seq);
    };
    const nv = squaredNorm(v);
    const dims = this.dimensions;
    let unread = seqs;
    if (source) {
      const missing: number[] = [];
      for (const seq of seqs) {
        const slot = source.slot(seq);
        const at = slot === undefined ? -1 : source.held.at(slot);
        if (at < 0) missing.push(seq);
        else if (!seen.has(seq)) add(seq, cosineWithNorm(v, nv, source.held.array, at));
      }
      unread = missing;
    }
    for (let i = 0; i < unread.length; i += PACK) {
      const chunk = unread.slice(i, i + PACK);
      const [count, bytes, list, blob] = this.packedOf.get(JSON.stringify(chunk)) as [number, number | null, string | null, Buffer | null];
      if (!count) continue;
      if (bytes !== count * dims || !list || !blob || blob.byteLength !== bytes) {
        // A vector of another length (never written so; a damaged row): row by row, as stored.
        for (const [seq, b] of this.vectorsOf.all<[number, Buffer]>(chunk, [], true)) add(seq, cosineWithNorm(v, nv, new Int8Array(b.buffer, b.byteOffset, b.byteLength)));
        continue;
      }
      const all = new Int8Array(blob.buffer, blob.byteOffset, blob.byteLength);
      let at = 0;
      for (const s of list.split(',')) {
        const seq = Number(s);
        if (!seen.has(seq)) {
          add(seq, cosineWithNorm(v, nv, all, at));
          const slot = source?.slot(seq);
          if (slot !== undefined) source!.held.keep(slot, all, at);
        }
        at += dims;
      }
    }
    return { seqs: found, sims: sims.subarray(0, found.length) };
  }
}
