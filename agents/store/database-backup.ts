import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFAULT_REDACTION, type RedactionSwitches } from '../../shared/redaction/index.js';
import { rescrubNewBackup, vaultValues } from './backup-rescrub.js';
import { rescrubDue } from './rescrub.js';
import { syncDir } from './durable-file.js';
import { StoreError, toStoreError } from './errors.js';
import type { EngramStore } from './store.js';

export interface BackupReport {
  path: string;
  bytes: number;
  took_ms: number;
  schema_version: number;
  memories: number;
}

const PLAIN_SQLITE_HEADER = Buffer.from('SQLite format 3\0');

/**
 * Opens a database file read-only with the key and checks it: encrypted on disk (no plaintext
 * SQLite header), readable with this key, passes quick_check. Returns what it holds.
 */
export function verifyDatabaseFile(path: string, key: Buffer): { schema_version: number; memories: number } {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(16);
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.equals(PLAIN_SQLITE_HEADER)) throw new StoreError('IO', `${path} is not encrypted`);
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    // Same cipher settings as the store itself (database.ts): SQLCipher format, raw 256-bit key.
    db.pragma(`cipher='sqlcipher'`);
    db.pragma(`key="x'${key.toString('hex')}'"`);
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new StoreError('IO', `${path} failed its integrity check (${String(check)})`);
    const schema_version = db.pragma('user_version', { simple: true }) as number;
    const memories = db.prepare('SELECT count(*) FROM memories').pluck().get() as number;
    return { schema_version, memories };
  } catch (err) {
    if (err instanceof StoreError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') throw new StoreError('WRONG_KEY', `${path} cannot be read with this key`);
    throw toStoreError(err, `checking ${path}`);
  } finally {
    db?.close();
  }
}

/**
 * A consistent copy of the encrypted database while other connections (the app, the MCP server)
 * keep writing. better-sqlite3's db.backup() cannot be used: SQLite3MultipleCiphers refuses to back
 * up into a target it cannot key ("incompatible source and target databases"). VACUUM INTO reads
 * one snapshot (a WAL read transaction, so writers are not blocked) and SQLite3MultipleCiphers
 * writes the copy encrypted with the main database's cipher and key; the copy is verified before
 * it gets its final name. While the live store's re-scrub is due, the copy runs the rest of it first
 * (rescrubNewBackup, with the user's `switches`): a backup holds no more than the live store will.
 */
export function backupDatabase(store: EngramStore, target: string, switches: RedactionSwitches = DEFAULT_REDACTION): BackupReport {
  if (existsSync(target)) throw new StoreError('INVALID_INPUT', `${target} already exists; choose another name`);
  const started = Date.now();
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const tmp = `${target}.partial-${process.pid}`;
  rmSync(tmp, { force: true });
  try {
    store.db.prepare('VACUUM INTO ?').run(tmp);
    chmodSync(tmp, 0o600);
    if (rescrubDue(store.db)) rescrubNewBackup(tmp, store.masterKey, switches, vaultValues(store.db));
    const fd = openSync(tmp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    const info = verifyDatabaseFile(tmp, store.masterKey);
    renameSync(tmp, target);
    // The name too: a backup reported made must still be there after a power cut.
    syncDir(dirname(target));
    return { path: target, bytes: statSync(target).size, took_ms: Date.now() - started, ...info };
  } catch (err) {
    rmSync(tmp, { force: true });
    throw toStoreError(err, 'backing up the database');
  }
}
