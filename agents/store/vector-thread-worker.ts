import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3-multiple-ciphers';
import { BinaryCodes } from './binary-codes.js';
import { applyKey } from './database.js';
import { rescored, VectorReader } from './vector-index.js';
import { OPEN, THREAD } from './thread-requests.js';
import type { FromVectorThread, ToVectorThread, VectorThreadData } from './vector-thread.js';

/**
 * The vector index's thread (vector-thread.ts): a copy of the index's codes, kept slot for slot by
 * the changes the index sends, and a read-only connection of its own to the same database for the
 * int8 vectors that rescoring reads. It searches while the main thread runs the keyword phase.
 */
const data = workerData as VectorThreadData;
const db = new Database(data.path, { readonly: true, fileMustExist: true });
applyKey(db, Buffer.from(data.key));
db.pragma('busy_timeout = 10000');
db.pragma(`cache_size = -${data.cacheMiB * 1024}`);
const codes = new BinaryCodes(data.dimensions);
const reader = new VectorReader(db, data.dimensions, data.tables);
const shared = new Int32Array(data.shared);
const reply = (m: FromVectorThread, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(m, transfer);

parentPort!.on('message', (m: ToVectorThread) => {
  if (m.t === 'load') codes.restore(m.snapshot);
  else if (m.t === 'ops') {
    for (const op of m.ops) {
      if (op === null) codes.clear();
      else if (op.code) codes.set(op.seq, op.code);
      else codes.delete(op.seq);
    }
  } else if (Atomics.compareExchange(shared, m.slot, OPEN, THREAD) === OPEN) {
    // (Otherwise the caller took it back and searched itself.)
    try {
      const hits = reader.best(m.v, codes.nearest(BinaryCodes.encode(m.v), rescored(m.k)), m.k);
      const seqs = Float64Array.from(hits, (h) => h.seq);
      const sims = Float64Array.from(hits, (h) => h.similarity);
      reply({ t: 'hits', id: m.id, seqs, sims }, [seqs.buffer, sims.buffer]);
    } catch (err) {
      reply({ t: 'failed', id: m.id, error: String((err as Error)?.message ?? err) });
    }
  }
});
// The vectors into the page cache before the first search, when they fit: rescoring reads ~400 at
// random, and each page not cached is decrypted again (the store bench's first queries on a new
// thread spent ~10 ms more CPU at p95). A count reads every page of the table; on this thread it
// delays only the thread's start, and searches stay on the main thread until then.
if (data.warm) db.prepare(`SELECT count(*) FROM ${data.tables.vec}`).get();
// Messages already sent (the codes) are handled before any search sent after this.
Atomics.store(shared, 0, 1);
