import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';

/** The database is as private as the key file (issue 28): mode 0600 for engram.db, -wal and -shm. */
describe.skipIf(process.platform === 'win32')('database file modes', () => {
  let dir: string;
  let umask: number;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-modes-'));
    // The usual desktop umask: without care SQLite would create world-readable files under it.
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(dir, { recursive: true, force: true });
  });
  const mode = (f: string) => statSync(join(dir, f)).mode & 0o777;
  const open = () => openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 9)), embedder: null });

  it('a new database, its WAL and shared memory are created 0600', async () => {
    const store = await open();
    store.memories.insert({ kind: 'semantic', title: 'A fact', text: 'Something to write to the WAL.' });
    expect([mode('engram.db'), mode('engram.db-wal'), mode('engram.db-shm')]).toEqual([0o600, 0o600, 0o600]);
    await store.close();
  });

  it('an existing database that others could read is tightened when opened', async () => {
    await (await open()).close();
    chmodSync(join(dir, 'engram.db'), 0o644);
    const store = await open();
    expect(mode('engram.db')).toBe(0o600);
    await store.close();
  });
});
