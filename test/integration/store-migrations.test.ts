import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openStore, StaticKeyProvider, LATEST_SCHEMA_VERSION, StoreError } from '../../agents/store/index.js';
import { openDatabase } from '../../agents/store/database.js';
import { MIGRATIONS } from '../../agents/store/migrations/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

describe('schema migrations', () => {
  const folder = storeFolderPerTest('engram-mig-');

  it('upgrades a version-5 database with a frame: frames gain masked-window counts, NULL for old frames', async () => {
    const old = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), targetVersion: 5, embedder: null });
    expect(old.db.pragma('user_version', { simple: true })).toBe(5);
    old.db.prepare("INSERT INTO frames (id, display, captured_at, width, height, phash, bytes, app, title) VALUES ('frm_01m8mx8p8s5mjy5vrrh4mjtqwq', '0', 3, 1, 1, '0', 10, 'Editor', 'notes')").run();
    await old.close();

    const store = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), embedder: null });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      const cols = (store.db.prepare('PRAGMA table_info(frames)').all() as { name: string }[]).map((c) => c.name);
      expect(cols).toContain('hidden');
      const f = store.frames.get('frm_01m8mx8p8s5mjy5vrrh4mjtqwq');
      expect(f?.title).toBe('notes');
      expect(f?.hidden).toBeNull();
      // A value that is not counts by a known reason reads as none, the frame itself intact.
      store.db.prepare(`UPDATE frames SET hidden = '{"window_title":"Bank"}' WHERE id = 'frm_01m8mx8p8s5mjy5vrrh4mjtqwq'`).run();
      expect(store.frames.get('frm_01m8mx8p8s5mjy5vrrh4mjtqwq')?.hidden).toBeNull();
      store.db.prepare(`UPDATE frames SET hidden = '{"excluded_title":2}' WHERE id = 'frm_01m8mx8p8s5mjy5vrrh4mjtqwq'`).run();
      expect(store.frames.get('frm_01m8mx8p8s5mjy5vrrh4mjtqwq')?.hidden).toEqual({ excluded_title: 2 });
    } finally {
      await store.close();
    }
  });

  it('upgrades a real version-1 database, keeping its data and a backup', async () => {
    const old = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), targetVersion: 1 });
    expect(old.db.pragma('user_version', { simple: true })).toBe(1);
    const m = old.memories.insert({ kind: 'semantic', title: 'Ana', text: 'Ana is the manager of the platform team' });
    old.db.prepare("INSERT INTO threads (id, title, created_at, updated_at) VALUES ('thr_01m8mx8p8s5mjy5vrrh4mjtqwq', 'old', 1, 1)").run();
    old.db.prepare("INSERT INTO messages (id, thread_id, role, text, raw, created_at) VALUES ('msg_01m8mx8p8s5mjy5vrrh4mjtqwq', 'thr_01m8mx8p8s5mjy5vrrh4mjtqwq', 'user', 'hi', '{}', 2)").run();
    old.db.prepare("INSERT INTO frames (id, display, captured_at, width, height, phash, bytes) VALUES ('frm_01m8mx8p8s5mjy5vrrh4mjtqwq', '0', 3, 1, 1, '0', 10)").run();
    await old.close();

    const store = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(store.migrationBackup).not.toBeNull();
      expect(existsSync(store.migrationBackup!)).toBe(true);
      expect(store.memories.get(m.id)?.text).toBe('Ana is the manager of the platform team');
      expect((await store.search({ query: 'platform manager' }))[0]?.memory.id).toBe(m.id);
      expect(store.messages.get('msg_01m8mx8p8s5mjy5vrrh4mjtqwq')?.status).toBe('complete');
      expect(store.frames.get('frm_01m8mx8p8s5mjy5vrrh4mjtqwq')?.damaged).toBe(false);
      expect(store.counters.bump('ticks')).toBe(1);
    } finally {
      await store.close();
    }
    // The backup is the old database, still encrypted and openable at version 1.
    const backups = readdirSync(join(folder.dir, 'backups'));
    expect(backups).toHaveLength(1);
  });

  it('upgrades a version-3 database with screen observations: their text becomes searchable passages', async () => {
    const old = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), targetVersion: 3, embedder: null });
    old.db
      .prepare(
        `INSERT INTO observations (id, kind, display, observed_at, app, title, text) VALUES
          ('obs_01m8mx8p8s5mjy5vrrh4mjtqwq', 'screen', '0', 1000, 'Chromium', 'Check-in', ?),
          ('obs_01m8mx8p8s5mjy5vrrh4mjtqwr', 'screen', '0', 2000, 'Chromium', 'Check-in', ?),
          ('obs_01m8mx8p8s5mjy5vrrh4mjtqws', 'audio', NULL, 3000, NULL, NULL, 'gate change announced on the radio')`,
      )
      .run('Your trip to Amsterdam is confirmed and your seat is saved.\n\nBoarding closes 25 minutes before departure at gate B14.', 'Boarding closes 25 minutes before departure at gate B14.');
    await old.close();

    const store = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), embedder: null });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      const [hit] = store.passages.search({ query: 'boarding gate' });
      expect(hit?.text).toBe('Boarding closes 25 minutes before departure at gate B14.');
      expect(hit?.sightings).toBe(2);
      expect(hit?.observation_id).toBe('obs_01m8mx8p8s5mjy5vrrh4mjtqwq');
      // Audio transcripts are not screen text.
      expect(store.passages.search({ query: 'radio' })).toEqual([]);
      // A new observation after the upgrade is indexed on insert, deduplicated against the backfill.
      const before = store.passages.count();
      store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: 4000, app: 'Chromium', title: 'Check-in', url: null, text: 'Boarding closes 25 minutes before departure at gate B14.', caption: null });
      expect(store.passages.count()).toBe(before);
    } finally {
      await store.close();
    }
  });

  it('a migration that fails leaves the database at the old version, with the backup in place', async () => {
    const s = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key) });
    s.memories.insert({ kind: 'semantic', text: 'kept through a failed upgrade' });
    await s.close();
    const broken = [
      ...MIGRATIONS,
      {
        version: LATEST_SCHEMA_VERSION + 1,
        name: 'broken',
        up(db: import('better-sqlite3-multiple-ciphers').Database) {
          db.exec('CREATE TABLE half_done (x)');
          throw new Error('simulated crash in the middle');
        },
      },
    ];
    let err: unknown;
    try {
      openDatabase({ dataDir: folder.dir, key: folder.key, migrations: broken });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe('MIGRATION_FAILED');
    expect(readdirSync(join(folder.dir, 'backups')).length).toBe(1);
    const again = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key) });
    try {
      expect(again.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(again.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
      expect(again.memories.count()).toBe(1);
    } finally {
      await again.close();
    }
  });
});
