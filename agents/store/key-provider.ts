import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mkdirDurable, removeFileDurable, writeFileDurable } from './durable-file.js';
import { keyFilePath } from './key-file-path.js';
import { StoreError } from './errors.js';

/** Where the 256-bit master key comes from. The Electron app wraps it with safeStorage; CLI/headless use env or a 0600 file kept outside the data dir. */
export interface KeyProvider {
  /** A short description for status screens ("key file", "ENGRAM_KEY", "OS keychain"); never the key. */
  readonly kind: string;
  getKey(): Promise<Buffer>;
}

export const KEY_FILE_NAME = 'engram.key';

/** Parses a 256-bit key given as 64 hex characters or base64. */
export function parseKey(text: string, origin: string): Buffer {
  const t = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(t)) key = Buffer.from(t, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) key = Buffer.from(t, 'base64');
  if (!key || key.length !== 32) {
    throw new StoreError('KEY_INVALID', `${origin} is not a 256-bit key (expected 64 hex characters or base64)`);
  }
  return key;
}

export class EnvKeyProvider implements KeyProvider {
  readonly kind = 'ENGRAM_KEY';
  constructor(private readonly value: string) {}
  async getKey(): Promise<Buffer> {
    return parseKey(this.value, 'ENGRAM_KEY');
  }
}

/** A key held in memory (tests, and keys unwrapped by another provider). */
export class StaticKeyProvider implements KeyProvider {
  constructor(
    private readonly key: Buffer,
    readonly kind = 'static',
  ) {}
  async getKey(): Promise<Buffer> {
    if (this.key.length !== 32) throw new StoreError('KEY_INVALID', 'the master key must be 32 bytes');
    return Buffer.from(this.key);
  }
}

export interface FileKeyProviderOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** Where the one-line notice of a moved key goes (stderr by default). */
  notice?: (line: string) => void;
}

/**
 * The key file of a data folder, kept in the keys folder (key-file-path.ts), created with mode 0600
 * on first use. A file that group or others can read is refused, because anyone who can read it can
 * read every memory. A key file left inside the data folder by an older version is moved out once.
 */
export class FileKeyProvider implements KeyProvider {
  readonly kind = 'key file';
  /** Where the key lives now. */
  readonly path: string;
  /** Where older versions kept it: inside the data folder. */
  readonly legacyPath: string;
  private readonly notice: (line: string) => void;
  constructor(
    private readonly dataDir: string,
    opts: FileKeyProviderOptions = {},
  ) {
    this.path = keyFilePath(dataDir, opts.env ?? process.env, opts.platform ?? process.platform);
    this.legacyPath = join(dataDir, KEY_FILE_NAME);
    this.notice = opts.notice ?? ((line) => process.stderr.write(`${line}\n`));
  }

  /** True when this data folder has a key file (here or still in the folder). */
  exists(): boolean {
    return existsSync(this.path) || existsSync(this.legacyPath);
  }

  async getKey(): Promise<Buffer> {
    if (existsSync(this.legacyPath)) return this.moveLegacy();
    if (!existsSync(this.path)) return this.create();
    return readKeyFile(this.path);
  }

  /** Moves the in-folder key out: the new file written and fsynced first, then the old one removed. */
  private moveLegacy(): Buffer {
    const old = readKeyFile(this.legacyPath);
    if (existsSync(this.path)) {
      const current = readKeyFile(this.path);
      if (!current.equals(old)) {
        throw new StoreError(
          'KEY_CONFLICT',
          `two different keys for ${this.dataDir}: ${this.legacyPath} and ${this.path}; keep the one that opens the database and remove the other`,
        );
      }
    } else {
      ensureKeysDir(dirname(this.path));
      try {
        writeFileDurable(this.path, old.toString('hex') + '\n', { mode: 0o600, exclusive: true });
      } catch (err) {
        // Another process moved it a moment ago: the same key, or a conflict to refuse.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        return this.moveLegacy();
      }
    }
    removeFileDurable(this.legacyPath);
    this.notice(`engram: moved the key file out of the data folder, from ${this.legacyPath} to ${this.path} (a copy of the folder no longer carries its key)`);
    return old;
  }

  private create(): Buffer {
    // A database without a key file belongs to the desktop app (key in the OS keychain): a new
    // random key could never open it, and a stray key file would only mislead.
    if (existsSync(join(this.dataDir, 'engram.db'))) {
      throw new StoreError(
        'KEY_INVALID',
        `the database in ${this.dataDir} is locked by a key kept elsewhere (the desktop app keeps it in the OS keychain); set ENGRAM_KEY to open it here`,
      );
    }
    const key = randomBytes(32);
    ensureKeysDir(dirname(this.path));
    // Exclusive: never replace a key another process created a moment ago. Durable: the database
    // this key opens is fsynced at every commit, so the key must be too, folder entry included, or a
    // power cut could leave an encrypted database and no key (or an empty key file) to open it.
    try {
      writeFileDurable(this.path, key.toString('hex') + '\n', { mode: 0o600, exclusive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(this.path);
      throw err;
    }
    return key;
  }
}

/** Reads a key file, refusing one that group or others can read. */
export function readKeyFile(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    if (process.platform !== 'win32' && (st.mode & 0o077) !== 0) {
      throw new StoreError(
        'KEY_FILE_PERMS',
        `key file ${path} is readable by other users (mode ${(st.mode & 0o777).toString(8)}); fix it with: chmod 600 '${path}'`,
      );
    }
    return parseKey(readFileSync(fd, 'utf8'), `key file ${path}`);
  } finally {
    closeSync(fd);
  }
}

/** The keys folder, owner-only: created 0700, and tightened if it was left open. */
export function ensureKeysDir(dir: string): void {
  mkdirDurable(dir, 0o700);
  if (process.platform !== 'win32' && (statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/** Headless and CLI: ENGRAM_KEY if set, else the data folder's key file in the keys folder. */
export function resolveKeyProvider(dataDir: string, env: NodeJS.ProcessEnv = process.env, notice?: (line: string) => void): KeyProvider {
  const fromEnv = env.ENGRAM_KEY;
  if (fromEnv && fromEnv.trim() !== '') return new EnvKeyProvider(fromEnv);
  // The keys-folder override also comes from the process: a host handed a narrowed env (an
  // embedder, a test's in-process CLI) still keeps keys where the process was told to.
  const keyDir = env.ENGRAM_KEY_DIR ?? process.env.ENGRAM_KEY_DIR;
  return new FileKeyProvider(dataDir, { env: keyDir === undefined ? env : { ...env, ENGRAM_KEY_DIR: keyDir }, notice });
}
