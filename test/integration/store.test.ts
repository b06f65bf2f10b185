import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  openStore,
  StaticKeyProvider,
  FileKeyProvider,
  HashEmbedder,
  StoreError,
  LATEST_SCHEMA_VERSION,
  type EngramStore,
} from '../../agents/store/index.js';
import { keyFileOf } from '../helpers/key-file.js';

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

function grepDir(dir: string, needle: string): string[] {
  const bytes = Buffer.from(needle);
  return walk(dir).filter((f) => readFileSync(f).includes(bytes));
}

describe('encrypted store', () => {
  let dir: string;
  let key: Buffer;
  let store: EngramStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-store-'));
    key = randomBytes(32);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds a canary by search and by no byte-level grep of the data dir', async () => {
    const canary = 'zebracanary' + randomBytes(6).toString('hex');
    const m = store.memories.insert({ kind: 'semantic', title: 'Canary', text: `The launch code word is ${canary}.` });
    store.frames.insert({ display: '0', captured_at: Date.now(), width: 1, height: 1, phash: '0', app: null, title: null, url: null }, Buffer.from(`pixels ${canary}`));
    await store.flushEmbeddings();
    const hits = await store.search({ query: canary });
    expect(hits[0]?.memory.id).toBe(m.id);
    const vec = await store.search({ query: canary, mode: 'vector' });
    expect(vec.map((h) => h.memory.id)).toContain(m.id);
    await store.close();
    expect(existsSync(join(dir, 'engram.db'))).toBe(true);
    expect(grepDir(dir, canary)).toEqual([]);
    expect(grepDir(dir, 'SQLite format 3')).toEqual([]);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) });
    expect((await store.search({ query: canary }))[0]?.memory.id).toBe(m.id);
  });

  it('refuses a wrong key without touching the file', async () => {
    store.memories.insert({ kind: 'semantic', text: 'something' });
    await store.close();
    const before = readFileSync(join(dir, 'engram.db'));
    const err = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe('WRONG_KEY');
    expect((err as StoreError).message).toBe('wrong key or not an Engram database');
    expect(readFileSync(join(dir, 'engram.db')).equals(before)).toBe(true);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key) });
  });

  it('delete leaves nothing searchable, and forgetting sources deletes the memories citing them', async () => {
    const a = store.memories.insert({ kind: 'episodic', text: 'Edited quarterly budget spreadsheet', occurred_at: Date.now() - 5 * 60_000 });
    const obs = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: Date.now() - 60_000, app: 'Calc', title: 'budget.xlsx', url: null, text: 'flamingo ledger', caption: null });
    const b = store.memories.insert({ kind: 'resource', text: 'flamingo ledger file', provenance: [{ source_type: 'observation', source_id: obs.id }], created_at: Date.now() - 3 * 3600_000 });
    await store.flushEmbeddings();
    expect((await store.search({ query: 'quarterly budget' })).map((r) => r.memory.id)).toContain(a.id);
    store.memories.delete([a.id]);
    expect((await store.search({ query: 'quarterly budget' })).map((r) => r.memory.id)).not.toContain(a.id);
    expect((await store.search({ query: 'quarterly budget', mode: 'vector' })).map((r) => r.memory.id)).not.toContain(a.id);
    const report = store.forget({ from: Date.now() - 15 * 60_000, to: Date.now() });
    expect(report.observations).toBe(1);
    expect(report.memories).toBe(1);
    expect(store.memories.get(b.id)).toBeNull();
    expect(await store.search({ query: 'flamingo' })).toEqual([]);
  });

  it('keeps history on update, masks vault secrets, and validates fields', async () => {
    const m = store.memories.insert({ kind: 'semantic', title: 'Manager', text: 'Ana is the manager' });
    const u = store.memories.update(m.id, { text: 'Bruno is the manager' }, 'newer fact');
    expect(u.version).toBe(2);
    const hist = store.memories.history(m.id);
    expect(hist[0]?.snapshot.text).toBe('Ana is the manager');
    const v = store.memories.insert({ kind: 'knowledge_vault', text: 'Bank PIN', fields: { secret: '4921', sensitivity: 'high' } });
    expect(v.fields.secret).not.toContain('4921');
    expect(store.memories.get(v.id, { reveal: true })?.fields.secret).toBe('4921');
    expect(await store.search({ query: '4921' })).toEqual([]);
    expect(() => store.memories.insert({ kind: 'core', text: 'x', fields: {} })).toThrow(/core fields/);
    expect(store.memories.count()).toBe(2);
  });

  it('refuses a key file readable by others, with the fix', async () => {
    const d2 = mkdtempSync(join(tmpdir(), 'engram-key-'));
    const kp = new FileKeyProvider(d2);
    await kp.getKey();
    expect(statSync(kp.path).mode & 0o777).toBe(0o600);
    chmodSync(kp.path, 0o644);
    await expect(kp.getKey()).rejects.toThrow(/chmod 600/);
    rmSync(d2, { recursive: true, force: true });
  });

  it('refuses a database from a newer Engram', async () => {
    store.db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    await store.close();
    const err = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key) }).catch((e: unknown) => e);
    expect((err as StoreError).code).toBe('NEWER_SCHEMA');
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), targetVersion: LATEST_SCHEMA_VERSION + 1 }).catch(() => store);
  });

  it('refuses a garbage database file without overwriting it', async () => {
    await store.close();
    const garbage = randomBytes(8192);
    writeFileSync(join(dir, 'engram.db'), garbage);
    rmSync(join(dir, 'engram.db-wal'), { force: true });
    rmSync(join(dir, 'engram.db-shm'), { force: true });
    await expect(openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key) })).rejects.toThrow(/wrong key or not an Engram database/);
    expect(readFileSync(join(dir, 'engram.db')).equals(garbage)).toBe(true);
    rmSync(join(dir, 'engram.db'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key) });
  });
});

describe('store integrity', () => {
  it('reports agreement of rows, indexes, provenance and files, and repairs orphan frame files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-int-'));
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(32) });
    try {
      const f = store.frames.insert({ display: '0', captured_at: Date.now(), width: 1, height: 1, phash: '0', app: null, title: null, url: null }, Buffer.from('img'));
      store.memories.insert({ kind: 'episodic', text: 'looked at a frame', provenance: [{ source_type: 'frame', source_id: f.id }] });
      await store.flushEmbeddings();
      expect(store.checkIntegrity()).toMatchObject({ ok: true, sqlite: 'ok', memories: 1, fts_rows: 1 });
      // A crash between the file write and the row insert leaves a file without a row.
      store.db.prepare('DELETE FROM frames WHERE id = ?').run(f.id);
      const r = store.checkIntegrity();
      expect(r.ok).toBe(false);
      expect(r.orphan_frame_files).toEqual([f.id]);
      expect(store.repairOrphans()).toBe(1);
      expect(store.checkIntegrity().ok).toBe(true);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('key file', () => {
  it('never creates a new key for a database that already exists (the app keeps its key in the keychain)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-keyless-'));
    const s = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)) });
    await s.close();
    await expect(new FileKeyProvider(dir).getKey()).rejects.toThrow(/set ENGRAM_KEY/);
    expect(existsSync(join(dir, 'engram.key'))).toBe(false);
    expect(existsSync(keyFileOf(dir))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
