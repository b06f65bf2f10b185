import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, openStore, StaticKeyProvider, StoreError } from '../../agents/store/index.js';
import { MIGRATIONS } from '../../agents/store/migrations/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

// One test per migration: a database left at each released version, holding data, opens at the
// latest version with that data intact; a database from a newer Engram is refused and left as it is.
describe('each schema version upgrades with its data', () => {
  const folder = storeFolderPerTest('engram-mig-step-');

  it('lists the migrations 1..latest in order, each once', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: LATEST_SCHEMA_VERSION }, (_, i) => i + 1));
  });

  const from = MIGRATIONS.slice(0, -1).map((m) => [m.version, m.name] as const);
  it.each(from)('from version %i (%s) to the latest', async (version) => {
    const old = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), targetVersion: version, embedder: null });
    expect(old.db.pragma('user_version', { simple: true })).toBe(version);
    const memory = old.memories.insert({ kind: 'semantic', title: `kept from v${version}`, text: `Ana leads the platform team (written at schema ${version})` });
    old.db.prepare("INSERT INTO threads (id, title, created_at, updated_at) VALUES ('thr_01m8mx8p8s5mjy5vrrh4mjtqwq', 'old thread', 1, 1)").run();
    old.db.prepare("INSERT INTO messages (id, thread_id, role, text, raw, created_at) VALUES ('msg_01m8mx8p8s5mjy5vrrh4mjtqwq', 'thr_01m8mx8p8s5mjy5vrrh4mjtqwq', 'user', 'who leads the platform team?', '{}', 2)").run();
    old.db
      .prepare("INSERT INTO observations (id, kind, display, observed_at, app, title, text) VALUES ('obs_01m8mx8p8s5mjy5vrrh4mjtqwq', 'screen', '0', 1000, 'Chromium', 'Team page', 'Platform team: Ana (lead), Ben, Chen')")
      .run();
    await old.close();

    const store = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), embedder: null });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(store.migrationBackup).not.toBeNull();
      const kept = store.memories.get(memory.id);
      expect(kept?.title).toBe(`kept from v${version}`);
      expect(kept?.text).toBe(`Ana leads the platform team (written at schema ${version})`);
      expect(store.messages.get('msg_01m8mx8p8s5mjy5vrrh4mjtqwq')?.text).toBe('who leads the platform team?');
      expect(store.threads.get('thr_01m8mx8p8s5mjy5vrrh4mjtqwq')?.title).toBe('old thread');
      expect(store.observations.get('obs_01m8mx8p8s5mjy5vrrh4mjtqwq')?.text).toBe('Platform team: Ana (lead), Ben, Chen');
      expect(store.memories.count()).toBe(1);
      // Still a working store: the upgraded memory is found by keyword.
      expect((await store.search({ query: 'platform team' })).map((r) => r.memory.id)).toContain(memory.id);
    } finally {
      await store.close();
    }
  });

  it('refuses a database from a newer Engram and leaves it unchanged', async () => {
    const s = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), embedder: null });
    s.memories.insert({ kind: 'semantic', text: 'written by a newer Engram' });
    s.db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    const file = s.db.name;
    await s.close();
    const before = createHash('sha256').update(readFileSync(file)).digest('hex');

    let err: unknown;
    try {
      const again = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), embedder: null });
      await again.close();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe('NEWER_SCHEMA');
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(before);
  });
});
