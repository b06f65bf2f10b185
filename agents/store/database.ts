import Database from 'better-sqlite3-multiple-ciphers';
import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as sqliteVec from 'sqlite-vec';
import { resolvePackagedPath } from '../runtime/index.js';
import { mkdirDurable, syncDir } from './durable-file.js';
import { StoreError, toStoreError } from './errors.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations/index.js';
import { DB_FILE_NAME } from '../../shared/data-dir/index.js';

// The name hosts tell users (engram backup --help) lives in shared/data-dir.
export { DB_FILE_NAME };
const PLAIN_SQLITE_HEADER = Buffer.from('SQLite format 3\0');

export interface OpenDatabaseOptions {
  dataDir: string;
  key: Buffer;
  /** Stop at this schema version (tests of upgrades build an old database with it). */
  targetVersion?: number;
  readonly?: boolean;
  /** Page cache in MiB. sqlite-vec KNN over an encrypted file is ~10x slower when pages must be decrypted again. */
  cacheMiB?: number;
  migrations?: readonly Migration[];
}

export function applyKey(db: Db, key: Buffer): void {
  // SQLCipher-compatible format, raw key (no passphrase KDF: the key is already 256 random bits).
  db.pragma(`cipher='sqlcipher'`);
  db.pragma(`key="x'${key.toString('hex')}'"`);
}

function readHeader(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks an existing file read-only before anything may write to it, so a wrong key or a foreign
 * file is refused without touching a byte. Returns its schema version.
 */
export function probeExisting(path: string, key: Buffer): number {
  if (statSync(path).size === 0) return 0;
  const header = readHeader(path);
  if (header.equals(PLAIN_SQLITE_HEADER)) {
    throw new StoreError('NOT_ENGRAM', 'not an Engram database: the file is an unencrypted SQLite database');
  }
  let db: Db | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    applyKey(db, key);
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const version = db.pragma('user_version', { simple: true }) as number;
    const isEngram = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'meta'").get();
    if (version > 0 && !isEngram) throw new StoreError('NOT_ENGRAM', 'wrong key or not an Engram database');
    return version;
  } catch (err) {
    if (err instanceof StoreError) throw err;
    const code = (err as { code?: string }).code;
    // SQLCipher checks every page's MAC: with a wrong key page 1 already fails (NOTADB); CORRUPT means
    // the key opened the file but pages are missing or altered (a truncated or overwritten file).
    if (code === 'SQLITE_NOTADB') throw new StoreError('WRONG_KEY', 'wrong key or not an Engram database');
    if (code === 'SQLITE_CORRUPT') {
      throw new StoreError('DAMAGED', `the database file is damaged (truncated or overwritten); the key is right. Restore a backup from ${join(dirname(path), 'backups')} (see engram backup --help)`);
    }
    throw toStoreError(err, 'opening the database');
  } finally {
    db?.close();
  }
}

function configure(db: Db, cacheMiB: number, readonly: boolean): void {
  if (!readonly) db.pragma('journal_mode = WAL');
  db.pragma('secure_delete = ON');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 10000');
  // FULL: the WAL is fsynced at every commit, so a commit that returned (an observation, a memory,
  // a setting, the forget ledger) survives a power cut. NORMAL fsyncs only at checkpoints: in the
  // power-loss test every cut took back all the observations the session had reported stored.
  // Cost: ~6 ms per single-row commit on this disk; none measurable in batched inserts (bench store).
  db.pragma('synchronous = FULL');
  db.pragma(`cache_size = -${cacheMiB * 1024}`);
  db.pragma('temp_store = MEMORY');
  // Not sqliteVec.load(db): in a packaged app its path points into app.asar, which dlopen cannot read.
  db.loadExtension(resolvePackagedPath(sqliteVec.getLoadablePath(), 'native'));
}

/**
 * The app, the CLI and the MCP server open one database at once (WAL). A deferred transaction that
 * reads before it writes fails at once with SQLITE_BUSY_SNAPSHOT when another process committed in
 * between, and busy_timeout cannot help it; so every transaction of the store takes the write lock
 * up front (BEGIN IMMEDIATE, waiting out busy_timeout). Nested calls still become savepoints.
 */
function immediateByDefault(db: Db): void {
  const original = db.transaction.bind(db);
  db.transaction = (<F extends (...args: never[]) => unknown>(fn: F) => {
    const t = original(fn);
    const run = ((...args: unknown[]) => (t.immediate as (...a: unknown[]) => unknown)(...args)) as unknown as typeof t;
    Object.assign(run, { deferred: t.deferred, immediate: t.immediate, exclusive: t.exclusive, default: t.default });
    return run;
  }) as unknown as Db['transaction'];
}

/**
 * A database file other than the data dir's own (a backup being re-scrubbed, backup-rescrub.ts),
 * opened as the store opens its own: keyed, configured (WAL, secure_delete, sqlite-vec for the
 * passage triggers), write transactions immediate, migrated to the latest schema. Never for the live file.
 */
export function openDatabaseFile(path: string, key: Buffer): Db {
  const version = probeExisting(path, key);
  refuseNewer(version);
  const db = new Database(path, { fileMustExist: true });
  try {
    applyKey(db, key);
    configure(db, 16, false);
    immediateByDefault(db);
    migrate(db, MIGRATIONS, LATEST_SCHEMA_VERSION);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Copies the database aside before a migration: after a checkpoint the main file is the whole database. */
function backupBeforeMigration(db: Db, dataDir: string, path: string, from: number): string {
  db.pragma('wal_checkpoint(TRUNCATE)');
  const dir = join(dataDir, 'backups');
  mkdirDurable(dir);
  const target = join(dir, `engram-v${from}-${Date.now()}.db`);
  copyFileSync(path, target);
  // Durable before the migration commits (FULL): a cut must not leave the migrated database and no backup.
  const fd = openSync(target, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  syncDir(dir);
  return target;
}

export function migrate(db: Db, migrations: readonly Migration[], target: number): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const m of migrations) {
    if (m.version <= current || m.version > target) continue;
    const step = db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    });
    try {
      step.immediate();
    } catch (err) {
      throw new StoreError('MIGRATION_FAILED', `migration ${m.version} (${m.name}) failed: ${String((err as Error).message).split('\n')[0]}`);
    }
  }
}

/** Opens (creating if needed) the encrypted database of a data dir, migrated to the latest schema. */
/**
 * The database file readable by its owner only, like the key file and frames: created empty with
 * mode 0600 before SQLite opens it (SQLite gives the -wal and -shm files the database file's
 * mode), and an existing file (and its -wal/-shm) that others could read is tightened.
 */
function ownerOnly(path: string): void {
  try {
    closeSync(openSync(path, 'wx', 0o600));
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw toStoreError(err, 'creating the database');
  }
  if (process.platform === 'win32') return;
  for (const p of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      if ((statSync(p).mode & 0o077) !== 0) chmodSync(p, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw toStoreError(err, 'securing the database file');
    }
  }
}

/** A database written by a newer Engram is refused, never opened for writing. */
export function refuseNewer(version: number, latest: number = LATEST_SCHEMA_VERSION): void {
  if (version > LATEST_SCHEMA_VERSION || version > latest) {
    throw new StoreError(
      'NEWER_SCHEMA',
      `this database was written by a newer version of Engram (schema ${version}, this app knows up to ${latest}); update Engram to open it`,
    );
  }
}

export function openDatabase(opts: OpenDatabaseOptions): { db: Db; path: string; backup: string | null } {
  const migrations = opts.migrations ?? MIGRATIONS;
  const latest = migrations.length ? migrations[migrations.length - 1]!.version : 0;
  const target = opts.targetVersion ?? latest;
  mkdirDurable(opts.dataDir);
  const path = join(opts.dataDir, DB_FILE_NAME);
  const exists = existsSync(path);
  const version = exists ? probeExisting(path, opts.key) : 0;
  refuseNewer(version, latest);
  if (opts.readonly && !exists) throw new StoreError('NOT_FOUND', `no Engram database in ${opts.dataDir}`);
  if (!opts.readonly) ownerOnly(path);
  let db: Db;
  try {
    db = new Database(path, { readonly: opts.readonly ?? false });
    applyKey(db, opts.key);
    configure(db, opts.cacheMiB ?? 256, opts.readonly ?? false);
    if (!opts.readonly) immediateByDefault(db);
  } catch (err) {
    throw toStoreError(err, 'opening the database');
  }
  let backup: string | null = null;
  try {
    if (!opts.readonly && version < target) {
      if (exists && version > 0) backup = backupBeforeMigration(db, opts.dataDir, path, version);
      migrate(db, migrations, target);
    }
  } catch (err) {
    db.close();
    throw err;
  }
  return { db, path, backup };
}
