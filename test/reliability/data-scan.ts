import Database from 'better-sqlite3-multiple-ciphers';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as sqliteVec from 'sqlite-vec';
import { foldOcr } from '../../agents/store/index.js';
import { decryptDatabasePages, decryptWalFrames, needlesInPages } from './sqlcipher-pages.js';

/**
 * Byte-level and decrypted scans of a data dir, for the privacy and delete proofs. The raw scan
 * looks at every byte of every file as it is on disk; the decrypted scans open what encryption
 * hides: every page of the database and its WAL (free pages and stale copies included), and every
 * row of every table (search-index internals included).
 */
export function filesUnder(dir: string): string[] {
  const names = unlessGone(() => readdirSync(dir)) ?? [];
  return names.flatMap((n) => {
    const p = join(dir, n);
    const st = unlessGone(() => statSync(p));
    if (!st) return [];
    return st.isDirectory() ? filesUnder(p) : [p];
  });
}

/**
 * `read()`, or null when the file was listed and then removed before it could be read (a frame's
 * `.tmp` renamed into place, a WAL checkpointed away): the scans run beside a live session. Any
 * other error (a permission, a directory where a file was expected) is the scan's to report.
 */
export function unlessGone<T>(read: () => T): T | null {
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The forms a string can take in a file: UTF-8, UTF-16LE, lower-cased. */
function forms(needle: string): Buffer[] {
  const out = [Buffer.from(needle), Buffer.from(needle, 'utf16le')];
  if (needle.toLowerCase() !== needle) out.push(Buffer.from(needle.toLowerCase()), Buffer.from(needle.toLowerCase(), 'utf16le'));
  return out;
}

export interface RawHit {
  file: string;
  needle: string;
}

/** Every (file, needle) where the needle's bytes occur in the file as stored. */
export function rawScan(paths: string[], needles: string[]): RawHit[] {
  const hits: RawHit[] = [];
  for (const f of paths) {
    const bytes = unlessGone(() => readFileSync(f));
    if (!bytes) continue;
    for (const n of needles) if (forms(n).some((b) => bytes.includes(b))) hits.push({ file: f, needle: n });
  }
  return hits;
}

/** Needles found in the WAL's frames alone (what a checkpoint has not yet moved or dropped). */
export function decryptedWalScan(dbPath: string, key: Buffer, needles: string[]): { walBytes: number; walFrames: number; badHmac: number; found: string[] } {
  let walBytes = 0;
  try {
    walBytes = statSync(`${dbPath}-wal`).size;
  } catch {
    walBytes = 0;
  }
  const wal = decryptWalFrames(dbPath, key);
  return { walBytes, walFrames: wal.pages.length, badHmac: wal.badHmac, found: needlesInPages(wal.pages, needles) };
}

/** Needles found in the decrypted pages of the database file and in the WAL's frames. */
export function decryptedPageScan(dbPath: string, key: Buffer, needles: string[]): { pages: number; walFrames: number; badHmac: number; found: string[] } {
  const db = decryptDatabasePages(dbPath, key);
  const wal = decryptWalFrames(dbPath, key);
  const found = needlesInPages([...db.pages, ...wal.pages], needles);
  return { pages: db.pages.length, walFrames: wal.pages.length, badHmac: db.badHmac + wal.badHmac, found };
}

export interface RowHit {
  table: string;
  needle: string;
  row: string;
}

/**
 * Every row of every table (FTS and vector shadow tables included), read through SQLite with the
 * key, searched for the needles. `skip(table, row)` may exempt rows by design (the vault's secret).
 */
export function decryptedRowScan(dbPath: string, key: Buffer, needles: string[], skip: (table: string, row: Record<string, unknown>) => boolean = () => false): { tables: number; rows: number; hits: RowHit[] } {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    db.pragma(`cipher='sqlcipher'`);
    db.pragma(`key="x'${key.toString('hex')}'"`);
    sqliteVec.load(db);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    const hits: RowHit[] = [];
    let rows = 0;
    for (const t of tables) {
      let all: Record<string, unknown>[];
      try {
        all = db.prepare(`SELECT * FROM "${t}"`).all() as Record<string, unknown>[];
      } catch {
        continue; // virtual tables that cannot be scanned whole (they are covered by their shadow tables)
      }
      for (const r of all) {
        rows++;
        const text = Object.values(r)
          .map((v) => (Buffer.isBuffer(v) ? `${v.toString('latin1')}\u0000${v.toString('utf16le')}` : String(v)))
          .join('\u0001');
        const lower = text.toLowerCase();
        for (const n of needles) {
          if ((text.includes(n) || lower.includes(n.toLowerCase())) && !skip(t, r)) hits.push({ table: t, needle: n, row: text.slice(0, 160) });
        }
      }
    }
    return { tables: tables.length, rows, hits };
  } finally {
    db.close();
  }
}

/** Whether the trigram index keeps positions (before migration 18) and so answers phrase queries. */
function trigramPositions(db: Database.Database): boolean {
  const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'passage_trigram'").pluck().get() as string | undefined;
  return !!sql && !/detail\s*=\s*none/i.test(sql);
}

/** FTS matches for each term (a quoted phrase), read through SQLite with the key. */
export function ftsMatches(dbPath: string, key: Buffer, terms: string[]): Record<string, number> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    db.pragma(`cipher='sqlcipher'`);
    db.pragma(`key="x'${key.toString('hex')}'"`);
    const out: Record<string, number> = {};
    // Every FTS index: memories, and screen passages (schema 4 on; the forgiving trigram one from 13).
    const tables = ['memory_fts', 'passage_fts', 'passage_trigram'].filter((t) => db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(t));
    for (const t of terms) {
      out[t] = tables.reduce((acc, table) => {
        // The trigram index holds folded text (ocr-fold.ts): look for the term as it was stored.
        const term = table === 'passage_trigram' ? foldOcr(t) : t;
        const phrase = `"${term.replace(/"/g, '""')}"`;
        // It keeps no positions from migration 18 on (no phrase queries): all the term's trigrams, then the text itself.
        if (table === 'passage_trigram' && !trigramPositions(db)) {
          const grams = [...new Set(Array.from({ length: Math.max(0, term.length - 2) }, (_, i) => term.slice(i, i + 3)))];
          if (!grams.length) return acc;
          const all = grams.map((g) => `"${g.replace(/"/g, '""')}"`).join(' AND ');
          return acc + (db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ? AND instr(text, ?) > 0`).pluck().get(all, term) as number);
        }
        return acc + (db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(phrase) as number);
      }, 0);
    }
    return out;
  } finally {
    db.close();
  }
}
