import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3-multiple-ciphers';
import { BinaryCodes } from './binary-codes.js';
import { applyKey } from './database.js';
import { HeldVectors } from './held-vectors.js';
import { rescored, VectorReader, type VectorSource } from './vector-index.js';
import { OPEN, THREAD } from './thread-requests.js';
import type { FromVectorThread, ToVectorThread, VectorThreadData } from './vector-thread.js';

/**
 * The vector index's thread (vector-thread.ts): a copy of the index's codes, kept slot for slot by
 * the changes the index sends, and a read-only connection of its own to the same database for the
 * int8 vectors that rescoring reads. It searches while the main thread runs the keyword phase.
 * While the index's vectors fit in holdMiB they are held in memory (HeldVectors) and rescoring
 * reads them there: the store bench's 100k store, 200 queries, the thread's search 2.8 -> ~1.2 ms
 * of CPU (600 candidates rescored), the same hits.
 */
const data = workerData as VectorThreadData;
/** The page cache while the vectors are held: only rows not held yet are read, and the tree's inner pages. */
const HELD_CACHE_MIB = 4;
const db = new Database(data.path, { readonly: true, fileMustExist: true });
applyKey(db, Buffer.from(data.key));
db.pragma('busy_timeout = 10000');
db.pragma(`cache_size = -${Math.ceil(data.cacheMiB * 1024)}`);
const codes = new BinaryCodes(data.dimensions);
const reader = new VectorReader(db, data.dimensions, data.tables);
const held = new HeldVectors(data.dimensions, data.holdMiB * 2 ** 20);
const source: VectorSource = { slot: (seq) => codes.slot(seq), held };
let holding = false;
const shared = new Int32Array(data.shared);
const reply = (m: FromVectorThread, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(m, transfer);

const fits = (): boolean => codes.size * data.dimensions <= data.holdMiB * 2 ** 20;

/** Rows read through a page cache of cacheMiB (at least holdMiB once the vectors outgrew it), or held with a small one. */
function setHolding(on: boolean): void {
  if (on === holding) return;
  holding = on;
  if (!on) held.clear();
  db.pragma(`cache_size = -${Math.ceil((on ? HELD_CACHE_MIB : Math.max(data.cacheMiB, data.holdMiB)) * 1024)}`);
}

/**
 * After the codes were (re)loaded: every vector into memory when they all fit, read once in seq
 * order (a slot's vector is then dropped only when the index says its code changed); otherwise
 * none, and rows are read through the page cache as they are asked for.
 */
function holdAll(): void {
  held.clear();
  setHolding(fits());
  if (!holding) return;
  held.reserve(Math.ceil(codes.size * 1.125));
  for (const [seq, blob] of db.prepare(`SELECT seq, vector FROM ${data.tables.vec}`).raw().iterate() as Iterable<[number, Buffer]>) {
    const slot = codes.slot(seq);
    if (slot !== undefined && blob.byteLength === data.dimensions) held.keep(slot, new Int8Array(blob.buffer, blob.byteOffset, blob.byteLength), 0);
  }
}

parentPort!.on('message', (m: ToVectorThread) => {
  if (m.t === 'load') {
    codes.restore(m.snapshot);
    holdAll();
    // Ready once the first codes are in and their vectors held (searches stay on the main thread until then).
    Atomics.store(shared, 0, 1);
  } else if (m.t === 'ops') {
    for (const op of m.ops) {
      if (op === null) {
        codes.clear();
        held.clear();
        continue;
      }
      // The slot's vector changed or went: read again when asked for (a deleted seq's slot may be reused).
      const slot = codes.slot(op.seq);
      if (slot !== undefined) held.drop(slot);
      if (op.code) {
        codes.set(op.seq, op.code);
        held.drop(codes.slot(op.seq)!);
      } else codes.delete(op.seq);
    }
    // The index outgrew what may be held: back to rows through the page cache.
    if (holding && !fits()) setHolding(false);
  } else if (Atomics.compareExchange(shared, m.slot, OPEN, THREAD) === OPEN) {
    // (Otherwise the caller took it back and searched itself.)
    try {
      const hits = reader.best(m.v, codes.nearest(BinaryCodes.encode(m.v), rescored(m.k)), m.k, holding ? source : null);
      const seqs = Float64Array.from(hits, (h) => h.seq);
      const sims = Float64Array.from(hits, (h) => h.similarity);
      reply({ t: 'hits', id: m.id, seqs, sims, held: held.size }, [seqs.buffer, sims.buffer]);
    } catch (err) {
      reply({ t: 'failed', id: m.id, error: String((err as Error)?.message ?? err) });
    }
  }
});
