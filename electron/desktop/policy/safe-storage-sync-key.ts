import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { removeFileDurable, SyncKeyFile, writeFileDurable } from '../../../agents/store/index.js';
import { checkSafeStorage, KeyWrapError, parseWrappedKey, unwrapWithSafeStorage, wrapWithSafeStorage, type SafeStorageLike } from './key-wrap.js';

export const WRAPPED_SYNC_KEY_FILE = 'engram-sync-key.json';

/** Where the key goes when there is no usable keychain: the key file outside the data folder (agents/store's SyncKeyFile). */
export interface SyncKeyFallback {
  readonly kind: string;
  get(): Buffer | null;
  set(key: Buffer): void;
  clear(): void;
}

export interface SafeStorageSyncKeyOptions {
  dataDir: string;
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  /** Default: the data dir's sync key file outside the data folder (where the CLI keeps it). */
  fallback?: SyncKeyFallback;
}

/**
 * The sync key in the desktop app (issue 33), kept as the master key is: wrapped by the OS keychain
 * through safeStorage beside the database (`engram-sync-key.json`, which holds only the keychain's
 * ciphertext), or, where there is no usable keychain (a Linux `basic_text` backend), in the key file
 * outside the data folder. A key the CLI put in that file before is still read, and moves into the
 * keychain the next time the key is set.
 */
export class SafeStorageSyncKey {
  readonly path: string;
  private readonly options: SafeStorageSyncKeyOptions & { fallback: SyncKeyFallback };

  constructor(options: SafeStorageSyncKeyOptions) {
    this.options = { ...options, fallback: options.fallback ?? new SyncKeyFile(options.dataDir) };
    this.path = path.join(options.dataDir, WRAPPED_SYNC_KEY_FILE);
  }

  private usable(): boolean {
    return checkSafeStorage(this.options.safeStorage, this.options.platform).usable;
  }

  /** What keeps the key now, for sync.status ("OS keychain" or "key file"). */
  get kind(): string {
    if (existsSync(this.path)) return 'OS keychain';
    if (this.options.fallback.get()) return this.options.fallback.kind;
    return this.usable() ? 'OS keychain' : this.options.fallback.kind;
  }

  get(): Buffer | null {
    if (!existsSync(this.path)) return this.options.fallback.get();
    const file = parseWrappedKey(readFileSync(this.path, 'utf8'), this.path);
    if (file.method !== 'safeStorage') throw new KeyWrapError('CORRUPT', `${this.path} is not a keychain-wrapped key.`);
    return unwrapWithSafeStorage(file, this.options.safeStorage, this.options.platform);
  }

  set(key: Buffer): void {
    if (!this.usable()) {
      this.options.fallback.set(key);
      return;
    }
    const file = wrapWithSafeStorage(key, this.options.safeStorage, this.options.platform);
    if (existsSync(this.path)) removeFileDurable(this.path);
    writeFileDurable(this.path, JSON.stringify(file, null, 2) + '\n', { mode: 0o600, exclusive: true });
    // One place only: a plain copy left in the key file would undo the keychain's protection.
    this.options.fallback.clear();
  }

  clear(): void {
    if (existsSync(this.path)) removeFileDurable(this.path);
    this.options.fallback.clear();
  }
}
