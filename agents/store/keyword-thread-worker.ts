import { parentPort, workerData } from 'node:worker_threads';
import Database, { type Statement } from 'better-sqlite3-multiple-ciphers';
import { applyKey } from './database.js';
import type { FromKeywordThread, KeywordThreadData, ToKeywordThread } from './keyword-thread.js';
import { OPEN, THREAD } from './thread-requests.js';

/**
 * The keyword thread (keyword-thread.ts): a read-only connection of its own to the store's
 * database, running the BM25 statements (their upper rowid half) it is sent while the main thread
 * runs the rest.
 */
const data = workerData as KeywordThreadData;
const db = new Database(data.path, { readonly: true, fileMustExist: true });
applyKey(db, Buffer.from(data.key));
db.pragma('busy_timeout = 10000');
db.pragma(`cache_size = -${data.cacheMiB * 1024}`);
// As the store's own connection (database.ts): the sorter of `ORDER BY s LIMIT n` stays in memory.
db.pragma('temp_store = MEMORY');
const shared = new Int32Array(data.shared);
const statements = new Map<string, Statement>();
const reply = (m: FromKeywordThread, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(m, transfer);

parentPort!.on('message', (m: ToKeywordThread) => {
  // (Otherwise the caller took it back and ran it itself.)
  if (Atomics.compareExchange(shared, m.slot, OPEN, THREAD) !== OPEN) return;
  try {
    let stmt = statements.get(m.sql);
    if (!stmt) {
      // A few shapes only (the retriever's BM25 statements): kept prepared.
      if (statements.size >= 16) statements.clear();
      statements.set(m.sql, (stmt = db.prepare(m.sql).raw()));
    }
    const rows = stmt.all(...m.params) as [number, number][];
    const seqs = Float64Array.from(rows, (r) => r[0]);
    const scores = Float64Array.from(rows, (r) => r[1]);
    reply({ t: 'rows', id: m.id, seqs, scores }, [seqs.buffer, scores.buffer]);
  } catch (err) {
    reply({ t: 'failed', id: m.id, error: String((err as Error)?.message ?? err) });
  }
});
Atomics.store(shared, 0, 1);
