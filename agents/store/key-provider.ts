import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurable } from './durable-file.js';
import { StoreError } from './errors.js';

/** Where the 256-bit master key comes from. The Electron app wraps it with safeStorage; CLI/headless use env or a 0600 file. */
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

/**
 * A key file in the data dir, created with mode 0600 on first use. A file that group or others
 * can read is refused (with the fix), because anyone who can read it can read every memory.
 */
export class FileKeyProvider implements KeyProvider {
  readonly kind = 'key file';
  readonly path: string;
  constructor(dataDir: string, fileName = KEY_FILE_NAME) {
    this.path = join(dataDir, fileName);
  }

  async getKey(): Promise<Buffer> {
    if (!existsSync(this.path)) return this.create();
    const fd = openSync(this.path, 'r');
    try {
      const st = fstatSync(fd);
      if (process.platform !== 'win32' && (st.mode & 0o077) !== 0) {
        throw new StoreError(
          'KEY_FILE_PERMS',
          `key file ${this.path} is readable by other users (mode ${(st.mode & 0o777).toString(8)}); fix it with: chmod 600 '${this.path}'`,
        );
      }
      return parseKey(readFileSync(fd, 'utf8'), `key file ${this.path}`);
    } finally {
      closeSync(fd);
    }
  }

  private create(): Buffer {
    const dir = join(this.path, '..');
    // A database without a key file belongs to the desktop app (key in the OS keychain): a new
    // random key could never open it, and a stray key file would only mislead.
    if (existsSync(join(dir, 'engram.db'))) {
      throw new StoreError(
        'KEY_INVALID',
        `the database in ${dir} is locked by a key kept elsewhere (the desktop app keeps it in the OS keychain); set ENGRAM_KEY to open it here`,
      );
    }
    const key = randomBytes(32);
    // Exclusive: never replace a key another process created a moment ago. Durable: the database
    // this key opens is fsynced at every commit, so the key must be too, folder entry included, or a
    // power cut could leave an encrypted database and no key (or an empty key file) to open it.
    try {
      writeFileDurable(this.path, key.toString('hex') + '\n', { mode: 0o600, exclusive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return parseKey(readFileSync(this.path, 'utf8'), `key file ${this.path}`);
      throw err;
    }
    return key;
  }
}

/** Headless and CLI: ENGRAM_KEY if set, else the key file in the data dir. */
export function resolveKeyProvider(dataDir: string, env: NodeJS.ProcessEnv = process.env): KeyProvider {
  const fromEnv = env.ENGRAM_KEY;
  if (fromEnv && fromEnv.trim() !== '') return new EnvKeyProvider(fromEnv);
  return new FileKeyProvider(dataDir);
}
