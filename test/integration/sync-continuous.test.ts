import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import type { SyncStatus } from '../../shared/api/index.js';
import { until } from '../helpers/desktop-main-run.js';

// Issue 33, step 4: a running engine syncs by itself: after a write, and when the folder changes.
describe('continuous sync in the engine', () => {
  let root: string;
  const stores: EngramStore[] = [];
  const engines: Engram[] = [];
  const statusEvents: SyncStatus[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-sync-run-'));
    const folder = join(root, 'folder');
    mkdirSync(folder);
    for (const name of ['a', 'b']) {
      const store = await openStore({ dataDir: join(root, name), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
      stores.push(store);
      // The periodic pass is an hour away: only the write hook and the folder watcher can sync within the test.
      engines.push(await startEngram({ store, host: 'headless', version: 'test', env: {}, chat: false, sync: { periodMs: 3_600_000, debounceMs: 100 } }));
    }
    engines[1]!.api.events.subscribe((name, payload) => {
      if (name === 'sync.status') statusEvents.push(payload as SyncStatus);
    });
    const { code } = await engines[0]!.client.call('sync.init', { folder });
    await engines[1]!.client.call('sync.join', { code, folder });
  });
  afterAll(async () => {
    for (const e of engines) await e.close();
    for (const s of stores) await s.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a memory written on A reaches B without anyone asking for a pass, and B tells the window', async () => {
    const [a, b] = stores as [EngramStore, EngramStore];
    const id = a.memories.insert({ kind: 'semantic', title: 'Gate code', text: 'The garage gate code is 8812.', fields: { name: 'gate code' } }).id;
    await until(() => b.memories.get(id), 'the memory on B');
    expect(b.memories.get(id)?.text).toBe('The garage gate code is 8812.');
    const seen = await until(() => statusEvents.find((s) => s.devices.length > 0), 'a sync.status event naming A');
    expect(seen).toMatchObject({ on: true, last_error: null });
  });

  it('a forget on B reaches A the same way', async () => {
    const [a, b] = stores as [EngramStore, EngramStore];
    const id = b.memories.insert({ kind: 'semantic', title: 'Locker', text: 'Locker 14 at the gym.', fields: { name: 'locker' } }).id;
    await until(() => a.memories.get(id), 'the memory on A');
    b.memories.delete([id]);
    await until(() => a.memories.get(id) === null, 'the forget on A');
  });
});
