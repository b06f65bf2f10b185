import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { DeviceNames, FolderSync } from '../../agents/sync/index.js';

// trust54 left it open: while this device has a name, every sync pass checked it against the vault
// with a vault cut made afresh, which revealed every vault entry each pass. One cut for the sync's
// life reads the vault again only when it changed. Real encrypted store, real folder sync.
describe('a named device syncing', { timeout: 60_000 }, () => {
  let root: string;
  let store: EngramStore;
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-sync-name-reads-'));
    mkdirSync(join(root, 'folder'));
    store = await openStore({ dataDir: join(root, 'data'), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
  });
  afterEach(async () => {
    await store.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('reads the vault again only after the vault changed', async () => {
    for (let i = 0; i < 5; i++) store.memories.insert({ kind: 'knowledge_vault', title: `Lock ${i}`, text: `Lock ${i}`, fields: { entry_type: 'password', secret: `Sorrel-Wren-${4410 + i}`, sensitivity: 'medium', source: 'user' } });
    new DeviceNames(store).setOwn('Studio Desk');
    const sync = new FolderSync(store, { folder: join(root, 'folder'), key: randomBytes(32), folderId: randomBytes(16).toString('hex') });
    await sync.now();
    const get = store.memories.get.bind(store.memories);
    let reveals = 0;
    store.memories.get = ((id: string, opts?: { reveal?: boolean }) => {
      if (opts?.reveal) reveals++;
      return get(id, opts);
    }) as typeof store.memories.get;
    // A pass with something to send (its segment's trailer carries the name), the vault as it was.
    store.memories.insert({ kind: 'episodic', title: 'Walked to the harbour', text: 'Walked to the harbour' });
    await sync.now();
    expect(reveals).toBe(0);
    store.memories.insert({ kind: 'knowledge_vault', title: 'Shed', text: 'Shed', fields: { entry_type: 'password', secret: 'Thistle-Crane-8812', sensitivity: 'medium', source: 'user' } });
    await sync.now();
    expect(reveals).toBeGreaterThan(0);
  });
});
