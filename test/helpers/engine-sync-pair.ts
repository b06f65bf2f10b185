import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';

/** Two real engines on real encrypted stores (each its own master key), joined through one plain folder. */
export interface EngineSyncPair {
  a: Engram;
  b: Engram;
  storeA: EngramStore;
  storeB: EngramStore;
  /** The sync ids A and B were given by sync.init and sync.join. */
  deviceA: string;
  deviceB: string;
}

/**
 * A fresh pair for each test of the calling describe, handed to `ready`: A runs sync.init on the
 * folder, B joins with A's code. Passes run only when a test asks (sync.now). Closed after the test.
 */
export function engineSyncPairEachTest(prefix: string, ready: (pair: EngineSyncPair) => void): void {
  let root = '';
  let stores: EngramStore[] = [];
  let engines: Engram[] = [];
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), prefix));
    const folder = join(root, 'folder');
    mkdirSync(folder);
    stores = [];
    engines = [];
    for (const name of ['a', 'b']) {
      const store = await openStore({ dataDir: join(root, name), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
      stores.push(store);
      engines.push(await startEngram({ store, host: 'headless', version: 'test', env: {}, chat: false, sync: false }));
    }
    const [a, b] = engines as [Engram, Engram];
    const { code, status } = await a.client.call('sync.init', { folder });
    const joined = await b.client.call('sync.join', { code, folder });
    ready({ a, b, storeA: stores[0]!, storeB: stores[1]!, deviceA: status.device!, deviceB: joined.status.device! });
  });
  afterEach(async () => {
    for (const e of engines) await e.close();
    for (const s of stores) await s.close();
    rmSync(root, { recursive: true, force: true });
  });
}
