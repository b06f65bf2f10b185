import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KillableScript } from '../helpers/killable-script.js';
import { LATEST_SCHEMA_VERSION, openStore, StaticKeyProvider, verifyDatabaseFile } from '../../agents/store/index.js';

/**
 * A migration killed mid-way (kill -9 of a real process inside the migration's transaction):
 * the database opens at the old version with its data, the pre-migration backup is in place, and
 * the next start migrates normally.
 */
describe('interrupted migration', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-migkill-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('kill -9 inside the last migration leaves the old version openable, with the backup', async () => {
    const key = randomBytes(32);
    const old = LATEST_SCHEMA_VERSION - 1;
    const s = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), targetVersion: old, embedder: null });
    const kept = s.memories.insert({ kind: 'semantic', title: 'Ana', text: 'Ana manages the platform team (written before the upgrade)' });
    s.db.pragma('wal_checkpoint(TRUNCATE)');
    await s.close();

    const child = new KillableScript('slow-migration.ts', [dir], { ENGRAM_KEY: key.toString('hex') });
    await child.until('migrating', 120_000, 'the slow migration never got under way');
    const walDuring = statSync(join(dir, 'engram.db-wal')).size;
    expect(await child.kill9()).toBe('SIGKILL');
    expect(child.out).not.toContain('finished');
    console.log(`killed inside migration ${LATEST_SCHEMA_VERSION}; WAL held ${walDuring} bytes of the unfinished transaction`);

    // The backup taken before migrating is there and is the old database, whole.
    const backups = readdirSync(join(dir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(new RegExp(`^engram-v${old}-\\d+\\.db$`));
    expect(verifyDatabaseFile(join(dir, 'backups', backups[0]!), key)).toEqual({ schema_version: old, memories: 1 });

    // Openable at the old version, nothing of the half-done migration visible.
    const back = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), targetVersion: old, embedder: null });
    try {
      expect(back.db.pragma('user_version', { simple: true })).toBe(old);
      expect(back.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(back.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'migration_scratch'").get()).toBeUndefined();
      expect(back.memories.get(kept.id)?.text).toContain('before the upgrade');
    } finally {
      await back.close();
    }

    // The next start migrates for real, keeping the data, with a second backup.
    const up = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      expect(up.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(up.memories.get(kept.id)?.title).toBe('Ana');
      expect((await up.search({ query: 'platform team' }))[0]?.memory.id).toBe(kept.id);
      expect(up.checkIntegrity().problems).toEqual([]);
      expect(existsSync(up.migrationBackup!)).toBe(true);
    } finally {
      await up.close();
    }
  });
});
