import Database from 'better-sqlite3-multiple-ciphers';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { FileKeyProvider, openStore, StaticKeyProvider, StoreError, type EngramStore } from '../../agents/store/index.js';
import { importFile, PortabilityError } from '../../agents/portability/index.js';
import { createApi } from '../../electron/api/index.js';
import { runCli } from '../../electron/hosts/cli/main.js';
import { renderScene } from '../fixtures/fake-screen.js';
import { storeFingerprint } from './store-fingerprint.js';
import { keyFileOf } from '../helpers/key-file.js';

/**
 * Bad things on disk: a truncated or bit-flipped frame file, a database replaced by garbage, a key
 * file others can read, an import file from another tool. Each is refused in one clear line, the
 * rest keeps working, and nothing is overwritten.
 */
const root = mkdtempSync(join(tmpdir(), 'engram-corrupt-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const STACK = /\n\s*at |node_modules|\.ts:\d+/;

async function cli(dir: string, argv: string[], env: NodeJS.ProcessEnv = {}, stdin: string[] = []): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t), isTty: false, stdin: Readable.from(stdin) };
  const code = await runCli(['--data-dir', dir, ...argv], io, { PATH: process.env.PATH, ENGRAM_EMBEDDER: 'none', ...env });
  return { code, out, err };
}

function frameFile(dir: string, id: string): string {
  const shards = readdirSync(join(dir, 'frames'));
  for (const s of shards) {
    const p = join(dir, 'frames', s, `${id}.bin`);
    if (existsSync(p)) return p;
  }
  throw new Error(`no file for ${id}`);
}

describe('corrupt frame files', () => {
  it('a truncated and a bit-flipped frame: clear error, frame marked damaged, the timeline still loads', async () => {
    const dir = join(root, 'frames');
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    const api = createApi({ store, host: 'headless', version: 't', checkOutputs: true });
    try {
      const t0 = Date.now() - 60_000;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const png = await renderScene({ app: 'Editor', title: `doc ${i}`, hue: 40 * i, lines: [`line ${i}`] }, { width: 320, height: 200, format: 'webp' });
        const f = store.frames.insert({ display: '0', captured_at: t0 + i * 1000, width: 320, height: 200, phash: '0'.repeat(16), app: 'Editor', title: `doc ${i}`, url: null }, png);
        store.observations.insert({ kind: 'screen', frame_id: f.id, audio_id: null, display: '0', observed_at: f.captured_at, app: 'Editor', title: `doc ${i}`, url: null, text: `line ${i}`, caption: null });
        ids.push(f.id);
      }
      const [truncated, flipped, intact] = ids as [string, string, string];
      const tp = frameFile(dir, truncated);
      truncateSync(tp, Math.floor(statSync(tp).size / 2));
      const fp = frameFile(dir, flipped);
      const bytes = readFileSync(fp);
      bytes[Math.floor(bytes.length / 2)]! ^= 0x10;
      writeFileSync(fp, bytes);

      for (const id of [truncated, flipped]) {
        const r = await api.dispatch('frames.image', { id, size: 'thumb' });
        expect(r.ok).toBe(false);
        if (r.ok) continue;
        expect(r.error.code).toBe('IO');
        expect(r.error.message).toMatch(/damaged/);
        expect(r.error.message).not.toMatch(STACK);
        expect(store.frames.get(id)?.damaged).toBe(true);
      }
      expect((await api.dispatch('frames.image', { id: intact, size: 'thumb' })).ok).toBe(true);
      expect(store.frames.get(intact)?.damaged).toBe(false);

      const tl = await api.dispatch('timeline.range', { range: { from: new Date(t0 - 1000).toISOString(), to: new Date().toISOString() } });
      expect(tl.ok).toBe(true);
      const items = tl.ok ? (tl.output as { items: { type: string; id: string; frame_id?: string | null; damaged?: boolean }[] }).items : [];
      expect(items.filter((i) => i.type === 'observation')).toHaveLength(3);
      console.log(`timeline after damage: ${items.length} items load; frames.image answers IO "damaged" for the two bad files`);
      // The damaged frames are still there, known as damaged; a second read fails the same way.
      expect((await api.dispatch('frames.image', { id: truncated })).ok).toBe(false);
      expect(store.checkIntegrity().sqlite).toBe('ok');
    } finally {
      api.dispose();
      await store.close();
    }
  });
});

describe('a database file replaced by garbage', () => {
  const variants: [string, (path: string, key: Buffer) => void][] = [
    ['random bytes', (p) => writeFileSync(p, randomBytes(64 * 1024))],
    ['a plain (unencrypted) SQLite database', (p) => {
      rmSync(p);
      const db = new Database(p);
      db.exec('CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES (\'someone else\')');
      db.close();
    }],
    ['an Engram database under another key', () => undefined],
    ['the first 8 KiB of the real file', (p) => truncateSync(p, 8192)],
    ['text', (p) => writeFileSync(p, 'this is not a database\n'.repeat(500))],
  ];

  for (const [label, damage] of variants) {
    it(`${label}: refused in one line by the store and the CLI, the file untouched`, async () => {
      const dir = join(root, `db-${label.replace(/\W+/g, '-')}`);
      const key = randomBytes(32);
      const s = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
      s.memories.insert({ kind: 'semantic', text: 'a memory in the real database' });
      s.db.pragma('wal_checkpoint(TRUNCATE)');
      await s.close();
      const dbPath = join(dir, 'engram.db');
      damage(dbPath, key);
      const useKey = label.includes('another key') ? randomBytes(32) : key;
      const before = sha(dbPath);
      const filesBefore = readdirSync(dir).sort();

      let err: unknown;
      try {
        await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(useKey), embedder: null });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(StoreError);
      const e = err as StoreError;
      // A truncated file under the right key is named as damaged (restore a backup), not as a key problem.
      const truncated = label.startsWith('the first 8 KiB');
      if (truncated) expect(e.code).toBe('DAMAGED');
      else expect(['WRONG_KEY', 'NOT_ENGRAM']).toContain(e.code);
      expect(e.message).not.toMatch(STACK);
      expect(e.message.includes('\n')).toBe(false);

      const r = await cli(dir, ['stats', '--json'], { ENGRAM_KEY: useKey.toString('hex') });
      expect(r.code).toBe(1);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(truncated ? /^engram: the database file is damaged .*the key is right\. Restore a backup from / : /^engram: (wrong key|not an Engram database)/);
      expect(r.err).not.toMatch(STACK);
      console.log(`${label}: ${e.code} "${e.message}" / CLI: ${r.err.trim()}`);

      // Nothing written: same bytes, no key file. A file whose clear header says WAL (the truncated
      // real one) gets SQLite's empty side files from the read-only probe; they hold nothing.
      expect(sha(dbPath)).toBe(before);
      const added = readdirSync(dir).filter((f) => !filesBefore.includes(f));
      for (const f of added) expect(f).toMatch(/^engram\.db-(wal|shm)$/);
      if (existsSync(`${dbPath}-wal`)) expect(statSync(`${dbPath}-wal`).size).toBe(0);
    });
  }
});

describe('a key file with the wrong permissions', () => {
  it('is refused with the fix printed, and works once fixed', async () => {
    const dir = join(root, 'keyperms');
    mkdirSync(dir);
    const first = await cli(dir, ['add', '--text', 'kept before the permissions changed']);
    expect(first.code).toBe(0);
    const keyPath = keyFileOf(dir);
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    const dbBefore = sha(join(dir, 'engram.db'));
    for (const mode of [0o644, 0o640, 0o604, 0o666]) {
      chmodSync(keyPath, mode);
      const r = await cli(dir, ['stats']);
      expect(r.code).toBe(1);
      expect(r.err).toContain(`chmod 600 '${keyPath}'`);
      expect(r.err).toMatch(/readable by other users/);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      let err: unknown;
      try {
        await new FileKeyProvider(dir).getKey();
      } catch (e) {
        err = e;
      }
      expect((err as StoreError).code).toBe('KEY_FILE_PERMS');
    }
    expect(sha(join(dir, 'engram.db'))).toBe(dbBefore);
    chmodSync(keyPath, 0o600);
    const ok = await cli(dir, ['search', 'permissions', '--json']);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('kept before the permissions changed');
  });
});

describe('an import file from another tool', () => {
  const foreign: [string, string | Buffer][] = [
    ['an Evernote-like JSON export', JSON.stringify({ format: 'evernote', notes: [{ title: 'Groceries', content: 'milk' }] })],
    ['a Notion-like JSON array', JSON.stringify([{ object: 'page', id: 'abc', properties: { title: 'x' } }])],
    ['a ChatGPT conversations.json', JSON.stringify([{ title: 'Chat', mapping: { a: { message: { content: { parts: ['hi'] } } } } }])],
    ['an Engram-looking header with a future version', JSON.stringify({ format: 'engram-export', version: 99, memories: [] })],
    ['a CSV file', 'title,text\nfoo,bar\n'],
    ['a ZIP file', Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(200)])],
    ['binary noise', randomBytes(4096)],
    ['an empty file', ''],
  ];

  it('each is refused in one line, by importFile and by engram import, and changes nothing', async () => {
    const dir = join(root, 'import');
    const key = randomBytes(32);
    const store: EngramStore = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      store.memories.insert({ kind: 'semantic', text: 'already here' });
      const before = storeFingerprint(store);
      const files = join(root, 'import-files');
      mkdirSync(files, { recursive: true });
      for (const [label, content] of foreign) {
        const f = join(files, `${label.replace(/\W+/g, '-')}.json`);
        writeFileSync(f, content);
        let err: unknown;
        try {
          await importFile(store, f);
        } catch (e) {
          err = e;
        }
        expect(err, label).toBeInstanceOf(PortabilityError);
        expect((err as Error).message, label).not.toMatch(STACK);
        const r = await cli(dir, ['import', f], { ENGRAM_KEY: key.toString('hex') });
        expect(r.code, label).toBe(1);
        expect(r.err.trim().split('\n'), label).toHaveLength(1);
        expect(r.err, label).toMatch(/^engram: import: /);
        console.log(`${label}: ${r.err.trim()}`);
        expect(storeFingerprint(store), label).toBe(before);
      }
    } finally {
      await store.close();
    }
  });
});

describe('engram add --file - reads the standard input it is given', () => {
  it('stores a conversation piped in chunks, and refuses a malformed one in one line, storing nothing', async () => {
    const dir = join(root, 'stdin');
    const key = randomBytes(32).toString('hex');
    const conv = JSON.stringify([
      { role: 'user', content: 'The quarterly review moved to the Aurora room' },
      { role: 'assistant', content: 'Noted: Aurora room.' },
    ]);
    // Split mid-string: the command must read the whole stream, not the first chunk.
    const ok = await cli(dir, ['add', '--file', '-', '--json'], { ENGRAM_KEY: key }, [conv.slice(0, 25), conv.slice(25)]);
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out).message_ids).toHaveLength(2);

    const before = JSON.parse((await cli(dir, ['stats', '--json'], { ENGRAM_KEY: key })).out).counts;
    const bad = await cli(dir, ['add', '--file', '-'], { ENGRAM_KEY: key }, ['[{"role": "user", "content": ']);
    expect(bad.code).toBe(2); // bad input, as for every CLI usage error
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/^engram: add: - is not valid JSON/);
    const after = JSON.parse((await cli(dir, ['stats', '--json'], { ENGRAM_KEY: key })).out).counts;
    expect(after).toEqual(before);
  });
});
