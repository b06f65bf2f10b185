import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Statement } from 'better-sqlite3-multiple-ciphers';
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

/**
 * The statements that read each table, prepared once per open database: a fuzz run fingerprints
 * the store thousands of times, and preparing ~40 statements each time (half of them failing
 * first on tables without a rowid) cost more than reading the rows.
 */
const readers = new WeakMap<EngramStore['db'], { tables: Statement; rows: Map<string, Statement> }>();

function tableReaders(db: EngramStore['db']): { tables: Statement; rows: Map<string, Statement> } {
  let r = readers.get(db);
  if (!r) {
    r = {
      tables: db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'memory_fts%' AND name NOT LIKE 'memory_vec%' ORDER BY name")
        .pluck(),
      rows: new Map(),
    };
    readers.set(db, r);
  }
  return r;
}

const ident = (n: string): string => `"${n.replace(/"/g, '""')}"`;

/**
 * One table's rows as a single byte string built inside SQLite: every cell through quote()
 * (exact: text quoted with its bytes as stored, blobs in hex, reals to the last bit, NULL apart
 * from the text 'NULL'), cells joined by commas and rows by newlines in rowid order (the first
 * column's order for tables without a rowid). Reading ~40 tables as JS rows and serialising them
 * per row cost three times as much.
 */
function rowReader(db: EngramStore['db'], rows: Map<string, Statement>, t: string): Statement {
  let s = rows.get(t);
  if (!s) {
    const cols = (db.prepare(`PRAGMA table_info(${ident(t)})`).all() as { name: string }[]).map((c) => c.name);
    const row = cols.map((c) => `quote(${ident(c)})`).join(" || ',' || ");
    const read = (order: string): Statement => db.prepare(`SELECT count(*), CAST(group_concat(${row}, char(10) ORDER BY ${order}) AS BLOB) FROM ${ident(t)}`).raw();
    try {
      s = read('rowid');
    } catch {
      s = read(ident(cols[0]!));
    }
    rows.set(t, s);
  }
  return s;
}

function fingerprintParts(store: EngramStore): Map<string, string> {
  const parts = new Map<string, string>();
  const { tables, rows: readersByTable } = tableReaders(store.db);
  for (const t of tables.all() as string[]) {
    const [count, bytes] = rowReader(store.db, readersByTable, t).get() as [number, Buffer | null];
    const h = createHash('sha256').update(`${count}\n`);
    if (bytes) h.update(bytes);
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
