import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { EngramStore } from '../../agents/store/index.js';

/**
 * A hash of everything a call could change: every row of every table (search indexes excluded:
 * they follow the rows, and the integrity check covers them) and the list of files in the data
 * dir with their sizes. Two equal fingerprints mean the call left the store as it was.
 */
export function storeFingerprint(store: EngramStore): string {
  const h = createHash('sha256');
  const tables = store.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'memory_fts%' AND name NOT LIKE 'memory_vec%' ORDER BY name")
    .pluck()
    .all() as string[];
  for (const t of tables) {
    h.update(`\u0000table ${t}\u0000`);
    let rows: unknown[];
    try {
      rows = store.db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).raw().all();
    } catch {
      rows = store.db.prepare(`SELECT * FROM "${t}" ORDER BY 1`).raw().all();
    }
    for (const r of rows) h.update(JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? String(v) : v)));
  }
  const walk = (dir: string, rel: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const n of names) {
      // The database files change size with checkpoints, not with content.
      if (rel === '' && n.startsWith('engram.db')) continue;
      const p = join(dir, n);
      const st = statSync(p);
      if (st.isDirectory()) walk(p, `${rel}${n}/`);
      else h.update(`\u0000file ${rel}${n} ${st.size}`);
    }
  };
  walk(store.dataDir, '');
  return h.digest('hex');
}
