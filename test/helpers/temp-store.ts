import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openStore, StaticKeyProvider, type Embedder, type EngramStore } from '../../agents/store/index.js';

export interface TempStoreOptions {
  /** The store's key (default: a random one). */
  key?: Buffer;
  /** Default null: BM25 only. */
  embedder?: Embedder | null;
}

/** A fresh store in a temp folder of its own (named from `prefix`), with a random key and no embedder unless told. */
export async function openTempStore(prefix: string, opts: TempStoreOptions = {}): Promise<{ dir: string; store: EngramStore }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(opts.key ?? randomBytes(32)), embedder: opts.embedder ?? null });
  return { dir, store };
}

/** Closes a store from openTempStore and removes its folder. */
export async function removeTempStore(store: EngramStore, dir: string): Promise<void> {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

export interface TempStore {
  dir: string;
  key: Buffer;
  store: EngramStore;
}

/** What a test's set-up started on its store, stopped after the test before the store is closed. */
export type StopFn = () => unknown;

/**
 * A fresh store for each test of the calling file or describe, in a temp folder of its own: opened
 * before the test and handed to `ready` (which sets the file's variables and starts what runs on the
 * store, returning how to stop it); after the test that is stopped, the store closed, the folder removed.
 */
export function tempStoreEachTest(prefix: string, ready: (t: TempStore) => void | StopFn | Promise<void | StopFn>, opts: TempStoreOptions = {}): void {
  let open: TempStore | null = null;
  let stop: void | StopFn;
  beforeEach(async () => {
    const key = opts.key ?? randomBytes(32);
    const t = await openTempStore(prefix, { ...opts, key });
    open = { ...t, key };
    stop = await ready(open);
  });
  afterEach(async () => {
    const t = open;
    open = null;
    try {
      if (typeof stop === 'function') await stop();
    } finally {
      stop = undefined;
      if (t) await removeTempStore(t.store, t.dir);
    }
  });
}

/** Opens fresh temp stores on demand for the calling file or describe; each is removed after the test that opened it. */
export function freshStores(prefix: string): () => Promise<EngramStore> {
  const opened: Array<{ dir: string; store: EngramStore }> = [];
  afterEach(async () => {
    for (const { store, dir } of opened.splice(0)) await removeTempStore(store, dir);
  });
  return async () => {
    const t = await openTempStore(prefix);
    opened.push(t);
    return t.store;
  };
}

export interface StoreFolder {
  /** This test's data folder (a new one per test). */
  readonly dir: string;
  /** The one key every open of the folder uses. */
  readonly key: Buffer;
  /** Opens the folder's store without an embedder, at `targetVersion` (an old schema) or the latest. */
  open(targetVersion?: number): Promise<EngramStore>;
}

/**
 * A fresh data folder per test of the calling describe, removed after it, and one key: for tests that
 * open the same store more than once (at an old schema version, then at the latest; before and after a change).
 */
export function storeFolderPerTest(prefix: string): StoreFolder {
  const key = randomBytes(32);
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
    key,
    open: (targetVersion) => openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null, targetVersion }),
  };
}
