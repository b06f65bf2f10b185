import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileKeyProvider, writeFileDurableAsync, type KeyProvider } from '../../../agents/store/index.js';
import {
  checkSafeStorage,
  KeyWrapError,
  parseWrappedKey,
  passphraseProblem,
  unwrapWithPassphrase,
  unwrapWithSafeStorage,
  wrapWithPassphrase,
  wrapWithSafeStorage,
  DEFAULT_SCRYPT,
  type SafeStorageLike,
  type ScryptParams,
  type WrappedKey,
} from './key-wrap.js';

export const WRAPPED_KEY_FILE = 'engram-key.json';

/** What the passphrase page is asked to do; `error` is the one line to show above the field. */
export interface PassphraseRequest {
  mode: 'create' | 'unlock';
  /** Why a passphrase is needed (shown on the create page). */
  reason: string;
  attempt: number;
  error: string | null;
}

/** Resolves with the typed passphrase, or null when the user gives up (the app then quits). */
export type AskPassphrase = (request: PassphraseRequest) => Promise<string | null>;

/** The key of a data dir the CLI used first (its key file, outside the folder), or null: the app adopts it as its master key. */
export async function cliKeyOf(dataDir: string): Promise<Buffer | null> {
  const file = new FileKeyProvider(dataDir);
  return file.exists() ? file.getKey() : null;
}

export interface SafeStorageKeyProviderOptions {
  /** The data dir; the wrapped key lives beside the database. */
  dataDir: string;
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  askPassphrase: AskPassphrase;
  /**
   * An existing plaintext key (the CLI's key file in the same data dir): adopted instead of a new
   * random key, so data written by `engram capture` stays readable in the app.
   */
  existingKey?: () => Promise<Buffer | null>;
  scrypt?: ScryptParams;
  /** Wrong passphrases allowed before giving up with WRONG_PASSPHRASE. */
  maxAttempts?: number;
}

/**
 * KeyProvider for the desktop app (agents/store's seam: `kind` + `getKey()`): the master key
 * wrapped by the OS keychain through safeStorage, or by a passphrase where there is no keychain.
 */
export class SafeStorageKeyProvider implements KeyProvider {
  kind = 'OS keychain';
  readonly path: string;
  private cached: Buffer | null = null;

  constructor(private readonly options: SafeStorageKeyProviderOptions) {
    this.path = path.join(options.dataDir, WRAPPED_KEY_FILE);
  }

  async getKey(): Promise<Buffer> {
    if (!this.cached) this.cached = await this.load();
    return Buffer.from(this.cached);
  }

  /** What protects the key, for the privacy screen ("OS keychain (gnome_libsecret)", "passphrase"). */
  describe(file: WrappedKey): string {
    return file.method === 'safeStorage' ? `OS keychain (${file.backend})` : 'passphrase (scrypt)';
  }

  private async readFile(): Promise<WrappedKey | null> {
    let text: string;
    try {
      text = await fs.readFile(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new KeyWrapError('CORRUPT', `Cannot read ${this.path}: ${(err as Error).message}`);
    }
    return parseWrappedKey(text, this.path);
  }

  private async load(): Promise<Buffer> {
    const file = await this.readFile();
    if (file) {
      this.kind = this.describe(file);
      if (file.method === 'safeStorage') return unwrapWithSafeStorage(file, this.options.safeStorage, this.options.platform);
      return this.unlock(file);
    }
    return this.create();
  }

  private async unlock(file: Extract<WrappedKey, { method: 'passphrase' }>): Promise<Buffer> {
    const max = this.options.maxAttempts ?? 10;
    let error: string | null = null;
    for (let attempt = 1; attempt <= max; attempt++) {
      const passphrase = await this.options.askPassphrase({ mode: 'unlock', reason: 'Your memory is locked with a passphrase.', attempt, error });
      if (passphrase === null) throw new KeyWrapError('CANCELLED', 'Engram stays locked: no passphrase was given.');
      try {
        return await unwrapWithPassphrase(file, passphrase);
      } catch (err) {
        if (!(err instanceof KeyWrapError) || err.code !== 'WRONG_PASSPHRASE') throw err;
        error = err.message;
      }
    }
    throw new KeyWrapError('WRONG_PASSPHRASE', `Too many wrong passphrases (${max}).`);
  }

  private async create(): Promise<Buffer> {
    const key = (await this.options.existingKey?.()) ?? randomBytes(32);
    const check = checkSafeStorage(this.options.safeStorage, this.options.platform);
    let file: WrappedKey;
    if (check.usable) {
      file = wrapWithSafeStorage(key, this.options.safeStorage, this.options.platform);
    } else {
      let error: string | null = null;
      for (let attempt = 1; ; attempt++) {
        const passphrase = await this.options.askPassphrase({
          mode: 'create',
          reason: `Engram could not use your system keychain: ${check.reason}. Choose a passphrase to protect your memory instead; you will type it each time Engram starts.`,
          attempt,
          error,
        });
        if (passphrase === null) throw new KeyWrapError('CANCELLED', 'Engram needs a passphrase (or a system keychain) to protect your data.');
        error = passphraseProblem(passphrase);
        if (!error) {
          file = await wrapWithPassphrase(key, passphrase, this.options.scrypt ?? DEFAULT_SCRYPT);
          break;
        }
      }
    }
    await this.write(file);
    this.kind = this.describe(file);
    return key;
  }

  /**
   * Written once, 0600, never over an existing file (another instance may have just made one), and
   * durable (fsynced, folder entry included) before the database it opens is written.
   */
  private async write(file: WrappedKey): Promise<void> {
    try {
      await writeFileDurableAsync(this.path, JSON.stringify(file, null, 2) + '\n', { mode: 0o600, exclusive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new KeyWrapError('CORRUPT', `${this.path} appeared while creating a new key; start Engram again.`);
      }
      throw err;
    }
  }
}
