import Database from 'better-sqlite3-multiple-ciphers';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import { DB_FILE_NAME, type EngramStore } from '../../agents/store/index.js';

/**
 * A hash of everything a call could change: every row of every table (search indexes excluded:
 * they follow the rows, and the integrity check covers them) and every file and folder of the data
 * dir with its bytes. Two equal fingerprints mean the call left the store as it was. The
 * fingerprint ends with one short hash per part ("table threads=…"), so a failing assertion
 * names the part that changed.
 */
export function storeFingerprint(store: EngramStore): string {
  return joinParts(new Map([...tableParts(store.db), filesPart(store.dataDir)]));
}

function joinParts(parts: Map<string, string>): string {
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

function tableParts(db: Db): Map<string, string> {
  const parts = new Map<string, string>();
  const { tables, rows: readersByTable } = tableReaders(db);
  for (const t of tables.all() as string[]) {
    const [count, bytes] = rowReader(db, readersByTable, t).get() as [number, Buffer | null];
    const h = createHash('sha256').update(`${count}\n`);
    if (bytes) h.update(bytes);
    parts.set(`table:${t}`, h.digest('hex').slice(0, 12));
  }
  return parts;
}

/** A file's bytes as last hashed, with the stat they were hashed under. */
interface HashedFile {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  hash: string;
}

const hashedFiles = new Map<string, HashedFile>();

/**
 * A file's change time comes from the kernel's coarse clock (one tick: 4 ms here, at most 10 ms)
 * and cannot be set back (utimes sets it to now). A file whose ctime is older than this when it is
 * hashed cannot change again without a newer ctime, so its hash may be reused while its stat is the
 * same; a younger one could still change within its tick, so it is hashed again next time
 * ("racily clean", as git says). Size and mtime alone would not do: a rewrite of the same size
 * within one tick, or with its mtime put back, keeps both.
 */
const SETTLED_NS = 20_000_000n;

/** A file's content hash: read again only when its stat changed, or it was too young to trust. */
function contentHash(path: string, st: BigIntStats, startNs: bigint): string {
  const seen = hashedFiles.get(path);
  if (seen && seen.dev === st.dev && seen.ino === st.ino && seen.size === st.size && seen.mtimeNs === st.mtimeNs && seen.ctimeNs === st.ctimeNs) return seen.hash;
  const hash = createHash('sha256').update(readFileSync(path)).digest('hex');
  if (st.ctimeNs < startNs - SETTLED_NS) hashedFiles.set(path, { dev: st.dev, ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, ctimeNs: st.ctimeNs, hash });
  else hashedFiles.delete(path);
  return hash;
}

/**
 * Every folder and file of the data dir, with each file's bytes (hashes reused only under the
 * rule above), and the database file's identity (a call must not replace it); the database's
 * bytes are its rows, and its files change with checkpoints, not with content.
 */
function filesPart(dataDir: string): [string, string] {
  // Taken before any stat: a change after this moment gets a ctime no older than one tick before it.
  const startNs = BigInt(Date.now()) * 1_000_000n;
  const files = createHash('sha256');
  const walk = (dir: string, rel: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(dir, n);
      const st = statSync(p, { bigint: true });
      if (rel === '' && n.startsWith(DB_FILE_NAME)) {
        if (n === DB_FILE_NAME) files.update(`\u0000db ${st.dev}:${st.ino}`);
        continue;
      }
      if (st.isDirectory()) {
        files.update(`\u0000dir ${rel}${n}`);
        walk(p, `${rel}${n}/`);
      } else files.update(`\u0000file ${rel}${n} ${st.size} ${contentHash(p, st, startNs)}`);
    }
  };
  walk(dataDir, '');
  return ['files', files.digest('hex').slice(0, 12)];
}

/**
 * storeFingerprint for a fuzz loop: the same string, without reading every table again when no
 * commit happened since the last one. A second connection of its own (read-only) asks SQLite's
 * data_version, which changes whenever another connection commits; the store's own connection is
 * one of those. The table parts are reused only if data_version did not move, the store's
 * connection is the same and holds no open transaction (whose uncommitted rows it would see), and
 * the database file is the same file. Files are checked on every call (filesPart).
 */
export class StoreWatch {
  private readonly checker: Db;
  private readonly dataVersion: Statement;
  private last: { version: number; db: Db; tables: Map<string, string> } | null = null;
  /** How many fingerprints read every table, and how many reused them. */
  readonly counts = { full: 0, reused: 0 };

  constructor(
    private readonly store: EngramStore,
    key: Buffer,
  ) {
    this.checker = new Database(join(store.dataDir, DB_FILE_NAME), { readonly: true, fileMustExist: true });
    // The store's cipher settings (agents/store/database.ts).
    this.checker.pragma(`cipher='sqlcipher'`);
    this.checker.pragma(`key="x'${key.toString('hex')}'"`);
    this.dataVersion = this.checker.prepare('PRAGMA data_version').pluck();
  }

  fingerprint(): string {
    const db = this.store.db;
    // Read before the tables: a commit in between moves it again, and the next call reads them.
    const version = this.dataVersion.get() as number;
    const last = this.last;
    let tables: Map<string, string>;
    if (last && last.version === version && last.db === db && !db.inTransaction) {
      tables = last.tables;
      this.counts.reused++;
    } else {
      tables = tableParts(db);
      this.counts.full++;
    }
    this.last = db.inTransaction ? null : { version, db, tables };
    return joinParts(new Map([...tables, filesPart(this.store.dataDir)]));
  }

  close(): void {
    this.checker.close();
  }
}
