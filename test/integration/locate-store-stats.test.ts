import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, StoreError } from '../../agents/store/index.js';
import { startEngram } from '../../electron/engine/index.js';
import { readStoreStats, storeFailureOf, type StoreLocation } from '../../electron/locate/index.js';

// Issue 34: `engram stats` reads the store through the locator's door without starting the engine.
// What it reads must be what the engine's store.stats request answers, on the same data dir.
describe('readStoreStats, the engine-less stats of engram stats', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  async function filledDir(): Promise<StoreLocation> {
    const dataDir = mkdtempSync(join(tmpdir(), 'engram-locate-stats-'));
    dirs.push(dataDir);
    const keyProvider = new StaticKeyProvider(randomBytes(32));
    const store = await openStore({ dataDir, keyProvider, embedder: null });
    store.memories.insert({ kind: 'episodic', text: 'Moved the budget review to Thursday', occurred_at: Date.parse('2026-03-01T10:00:00Z') });
    store.memories.insert({ kind: 'semantic', text: 'Ana Lopez is my manager' });
    store.memories.insert({ kind: 'procedural', text: 'Restart the workers from the admin page', occurred_at: Date.parse('2025-11-20T08:30:00Z') });
    await store.close();
    return { dataDir, keyProvider, embedder: 'none' };
  }

  it('answers what the engine answers to store.stats', async () => {
    const at = await filledDir();
    const light = await readStoreStats(at);
    const engram = await startEngram({ store: at, host: 'headless', version: 't', env: {}, chat: false });
    const viaEngine = await engram.client.call('store.stats', {}).finally(() => engram.close());
    expect(light).toEqual(viaEngine);
    expect(light.counts).toMatchObject({ episodic: 1, semantic: 1, procedural: 1 });
    expect(light.oldest_memory_at).toBe('2025-11-20T08:30:00.000Z');
  });

  it('refuses a wrong key with the store failure the CLI prints as one line', async () => {
    const at = await filledDir();
    const err = await readStoreStats({ ...at, keyProvider: new StaticKeyProvider(randomBytes(32)) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect(storeFailureOf(err)?.message).toBe('wrong key or not an Engram database');
    expect(storeFailureOf(new Error('other'))).toBeNull();
  });
});
