import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { EngramStore } from '../../agents/store/index.js';

/**
 * A hash of everything a call could change: every row of every table (search indexes excluded:
 * they follow the rows, and the integrity check covers them) and the list of files in the data
 * dir with their sizes. Two equal fingerprints mean the call left the store as it was. The
 * fingerprint ends with one short hash per part ("table threads=…"), so a failing assertion
 * names the part that changed.
 */
export function storeFingerprint(store: EngramStore): string {
  const parts = fingerprintParts(store);
  const whole = createHash('sha256');
  for (const [k, v] of parts) whole.update(`${k}=${v}\u0000`);
  return `${whole.digest('hex')} ${[...parts].map(([k, v]) => `${k}=${v}`).join(' ')}`;
}

/** Which parts differ between two fingerprints, for a readable failure. */
export function changedParts(before: string, after: string): string[] {
  const split = (f: string): Map<string, string> => new Map(f.split(' ').slice(1).map((p) => [p.slice(0, p.lastIndexOf('=')), p.slice(p.lastIndexOf('=') + 1)]));
  const a = split(before);
  const b = split(after);
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
}

function fingerprintParts(store: EngramStore): Map<string, string> {
  const parts = new Map<string, string>();
  const tables = store.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'memory_fts%' AND name NOT LIKE 'memory_vec%' ORDER BY name")
    .pluck()
    .all() as string[];
  for (const t of tables) {
    const h = createHash('sha256');
    let rows: unknown[];
    try {
      rows = store.db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).raw().all();
    } catch {
      rows = store.db.prepare(`SELECT * FROM "${t}" ORDER BY 1`).raw().all();
    }
    for (const r of rows) h.update(JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? String(v) : v)));
    parts.set(`table:${t}`, h.digest('hex').slice(0, 12));
  }
  const files = createHash('sha256');
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
      else files.update(`\u0000file ${rel}${n} ${st.size}`);
    }
  };
  walk(store.dataDir, '');
  parts.set('files', files.digest('hex').slice(0, 12));
  return parts;
}
