import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { cacheMiBFor, MAX_CACHE_MIB, MIN_CACHE_MIB } from '../../agents/store/page-cache.js';

/**
 * Issue 34's memory growth: SQLite keeps every page capture writes until its cache is full, so the
 * cache's cap is what the capture process's RSS grows to. A new store must start small.
 */
const dirs: string[] = [];
const stores: EngramStore[] = [];
async function open(cacheMiB?: number): Promise<EngramStore> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-page-cache-'));
  dirs.push(dir);
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 3)), embedder: null, ...(cacheMiB ? { cacheMiB } : {}) });
  stores.push(store);
  return store;
}
const cacheMiB = (store: EngramStore) => -Number(store.db.pragma('cache_size', { simple: true })) / 1024;

afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the page cache', () => {
  it('of a new store is bounded small, whatever capture writes later', async () => {
    const store = await open();
    expect(cacheMiB(store)).toBe(MIN_CACHE_MIB);
    expect(MIN_CACHE_MIB).toBeLessThanOrEqual(4);
  });

  it('grows with the memories queries read, up to the cap that keeps 100k memories fast', async () => {
    expect(cacheMiBFor(0)).toBe(MIN_CACHE_MIB);
    expect(cacheMiBFor(1_000)).toBeGreaterThan(MIN_CACHE_MIB);
    expect(cacheMiBFor(100_000)).toBe(MAX_CACHE_MIB);
    expect(cacheMiBFor(10_000_000)).toBe(MAX_CACHE_MIB);
    const store = await open();
    store.transaction(() => {
      for (let i = 0; i < 1_000; i++) store.memories.insert({ kind: 'semantic', title: `Fact ${i}`, text: `Fact number ${i} about the project` });
    });
    expect(store.growPageCache()).toBe(cacheMiBFor(1_000));
    expect(cacheMiB(store)).toBe(cacheMiBFor(1_000));
  });

  it("keeps a host's own size", async () => {
    const store = await open(64);
    expect(cacheMiB(store)).toBe(64);
    expect(store.growPageCache()).toBe(64);
    expect(cacheMiB(store)).toBe(64);
  });
});
