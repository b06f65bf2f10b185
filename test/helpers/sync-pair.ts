import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { FolderSync } from '../../agents/sync/index.js';

/** Two data dirs (real encrypted stores, each its own master key) that sync through one plain folder. */
export interface SyncPair {
  root: string;
  folder: string;
  a: EngramStore;
  b: EngramStore;
  syncA: FolderSync;
  syncB: FolderSync;
  /** Closes both stores and removes every folder. */
  close(): Promise<void>;
}

/** Opens the pair under a new temp folder; `key` and `folderId` are what the devices share. */
export async function openSyncPair(prefix: string, shared: { key: Buffer; folderId: string }): Promise<SyncPair> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const folder = join(root, 'folder');
  mkdirSync(folder);
  const open = (name: string) => openStore({ dataDir: join(root, name), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
  const a = await open('a');
  const b = await open('b');
  return {
    root,
    folder,
    a,
    b,
    syncA: new FolderSync(a, { folder, ...shared }),
    syncB: new FolderSync(b, { folder, ...shared }),
    async close() {
      await a.close();
      await b.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh pair for each test of the calling describe, handed to `ready` (which sets the file's
 * variables and may start the first passes); closed after the test. The devices share `shared`
 * (by default a sync key and folder id of their own, the same for every test).
 */
export function syncPairEachTest(prefix: string, ready: (pair: SyncPair) => void | Promise<void>, shared = { key: randomBytes(32), folderId: randomBytes(16).toString('hex') }): void {
  let pair: SyncPair | undefined;
  beforeEach(async () => {
    pair = await openSyncPair(prefix, shared);
    await ready(pair);
  });
  afterEach(async () => {
    await pair?.close();
    pair = undefined;
  });
}
