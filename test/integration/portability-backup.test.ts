import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DB_FILE_NAME, openStore, StaticKeyProvider, StoreError, verifyDatabaseFile, type EngramStore } from '../../agents/store/index.js';
import { backupStore } from '../../agents/portability/index.js';
import { seedStore, VAULT_CANARY } from '../fixtures/portability/seed-store.js';
import { harnessCommand } from '../helpers/harness-bundle.js';

const PLAIN_CANARY = 'plaintext-CANARY-ocelot-5521';
// One ES module built from the current sources, not tsx (seconds of CPU a start): harness-bundle.ts.
const WRITER = 'test/fixtures/portability/writer-process.ts';

function startWriter(dir: string, key: Buffer, count: number): { child: ChildProcessWithoutNullStreams; ready: Promise<void>; done: Promise<string> } {
  const child = spawn(process.execPath, [...harnessCommand(WRITER), dir, String(count), 'writer'], {
    env: { ...process.env, ENGRAM_KEY: key.toString('hex') },
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready')) resolve();
    });
    child.on('exit', () => reject(new Error(`writer exited early: ${err}`)));
  });
  const done = new Promise<string>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`writer failed (${code}): ${err}`)))),
  );
  return { child, ready, done };
}

describe('backup of the encrypted database', () => {
  let root: string;
  let key: Buffer;
  let store: EngramStore;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-backup-'));
    key = randomBytes(32);
    store = await openStore({ dataDir: join(root, 'data'), keyProvider: new StaticKeyProvider(key), embedder: null });
    seedStore(store);
    store.memories.insert({ kind: 'semantic', title: 'Canary', text: `The canary phrase is ${PLAIN_CANARY}` });
  });
  afterEach(async () => {
    await store.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('better-sqlite3 db.backup() cannot write an encrypted copy (why backup uses VACUUM INTO)', async () => {
    const target = join(root, 'native-backup.db');
    await expect(store.db.backup(target)).rejects.toThrow(/incompatible source and target/);
    // Whatever it left behind holds none of the data.
    if (existsSync(target)) expect(readFileSync(target).includes(Buffer.from(PLAIN_CANARY))).toBe(false);
  });

  it('copies a consistent, still-encrypted database while another process writes', async () => {
    const before = store.memories.count({ includeSuperseded: true });
    const writer = startWriter(store.dataDir, key, 400);
    await writer.ready;
    const backups: { path: string; memories: number }[] = [];
    // Several backups while the other process is inserting.
    for (let i = 0; i < 4; i++) {
      const r = backupStore(store, { out: join(root, 'backups', `b${i}.db`) });
      backups.push({ path: r.path, memories: r.memories });
      await new Promise((res) => setTimeout(res, 40));
    }
    const out = await writer.done;
    expect(out).toMatch(/done 400 /);
    const after = store.memories.count({ includeSuperseded: true });
    expect(after).toBe(before + 400);

    for (const b of backups) {
      const bytes = readFileSync(b.path);
      for (const needle of [PLAIN_CANARY, VAULT_CANARY, 'SQLite format 3', 'writer wrote event']) expect(bytes.includes(Buffer.from(needle)), needle).toBe(false);
      expect(statSync(b.path).mode & 0o777).toBe(0o600);
      // A snapshot: somewhere between the state before and after the writer, and internally whole.
      expect(b.memories).toBeGreaterThanOrEqual(before);
      expect(b.memories).toBeLessThanOrEqual(after);
      expect(verifyDatabaseFile(b.path, key).memories).toBe(b.memories);
    }
    // At least one backup was taken while the writer was half-way (the point of the test).
    expect(backups.some((b) => b.memories > before && b.memories < after)).toBe(true);

    // Restoring = putting the file in place as engram.db: it opens with the same key, data intact.
    const restoredDir = join(root, 'restored');
    mkdirSync(restoredDir);
    const last = backups.at(-1)!;
    copyFileSync(last.path, join(restoredDir, DB_FILE_NAME));
    const restored = await openStore({ dataDir: restoredDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      expect(restored.memories.count({ includeSuperseded: true })).toBe(last.memories);
      const hits = await restored.search({ query: PLAIN_CANARY, mode: 'bm25' });
      expect(hits[0]?.memory.text).toContain(PLAIN_CANARY);
      const vault = restored.memories.list({ kinds: ['knowledge_vault'] })[0]!;
      expect(restored.memories.get(vault.id, { reveal: true })!.fields.secret).toBe(VAULT_CANARY);
    } finally {
      await restored.close();
    }

    // The wrong key cannot read it.
    expect(() => verifyDatabaseFile(last.path, randomBytes(32))).toThrow(StoreError);
  });

  it('defaults to DATA_DIR/backups and never overwrites', () => {
    const r = backupStore(store, { now: new Date('2026-11-29T10:11:12Z') });
    expect(r.path).toBe(join(store.dataDir, 'backups', 'engram-20261129-101112.db'));
    expect(() => backupStore(store, { out: r.path })).toThrow(/already exists/);
  });
});
