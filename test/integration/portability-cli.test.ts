import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { engramCommand } from '../fixtures/mcp/cli-runner.js';
import { seedStore, VAULT_CANARY } from '../fixtures/portability/seed-store.js';

const run = promisify(execFile);

async function engram(dir: string, key: Buffer, args: string[], env: Record<string, string> = {}) {
  const { cmd, args: pre } = engramCommand();
  try {
    const r = await run(cmd, [...pre, '--data-dir', dir, ...args], { env: { ...process.env, ENGRAM_KEY: key.toString('hex'), ENGRAM_EMBEDDER: 'none', ...env } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('engram export / import / backup / mcp status on the command line', { timeout: 240_000 }, () => {
  let root: string;
  let dir: string;
  let key: Buffer;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-port-cli-'));
    dir = join(root, 'data');
    key = randomBytes(32);
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    seedStore(store);
    await store.close();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('exports JSON to a file and imports it into another data dir, twice without duplicates', async () => {
    const file = join(root, 'all.json');
    const e = await engram(dir, key, ['export', '--out', file, '--include-secrets']);
    expect(e.stderr).toBe('');
    expect(e.code).toBe(0);
    expect(e.stdout).toMatch(/^exported 8 memories to .*all\.json \(vault secrets INCLUDED\)\n$/);
    expect(readFileSync(file, 'utf8')).toContain(VAULT_CANARY);

    const other = join(root, 'other');
    const otherKey = randomBytes(32);
    // Another machine's Engram (another key): the user vouches that the file is their own, core and all.
    const i1 = await engram(other, otherKey, ['import', file, '--trust-core', '--json']);
    expect(i1.code).toBe(0);
    expect(JSON.parse(i1.stdout).memories).toMatchObject({ inserted: 8, total: 8 });
    const i2 = await engram(other, otherKey, ['import', file, '--trust-core']);
    expect(i2.stdout).toMatch(/0 new, 0 updated, 8 already here/);

    // The re-export of the imported copy is the same document.
    const again = await engram(other, otherKey, ['export', '--include-secrets']);
    const a = JSON.parse(readFileSync(file, 'utf8'));
    const b = JSON.parse(again.stdout);
    // But for the time and the core seal (each Engram seals with its own key).
    expect({ ...b, exported_at: 0, core_seal: 0 }).toEqual({ ...a, exported_at: 0, core_seal: 0 });
  });

  it('exports Markdown and filtered JSON to standard output, secrets masked by default', async () => {
    const md = await engram(dir, key, ['export', '--format', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout).toMatch(/^# Engram export/);
    expect(md.stdout).not.toContain(VAULT_CANARY);
    const json = await engram(dir, key, ['export', '--kind', 'experience,semantic', '--since', '2026-11-20T11:00:00Z']);
    const doc = JSON.parse(json.stdout);
    expect(doc.secrets).toBe('masked');
    expect(doc.filter.kinds).toEqual(['experience', 'semantic']);
    expect(doc.memories.map((m: { kind: string }) => m.kind).sort()).toEqual(['procedural', 'semantic', 'semantic']);
    const bad = await engram(dir, key, ['export', '--kind', 'gossip']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^engram: unknown kind "gossip" \(kinds: core, .*experience\)\n$/);
    // A file of the user's in the way is never overwritten (this test's own: tests run in any order).
    const taken = join(root, 'taken.json');
    writeFileSync(taken, 'the user\'s own file');
    const exists = await engram(dir, key, ['export', '--out', taken]);
    expect(exists.code).toBe(1);
    expect(readFileSync(taken, 'utf8')).toBe('the user\'s own file');
    expect(exists.stderr).toMatch(/already exists/);
  });

  it('refuses a foreign file with one line and exit 1, changing nothing', async () => {
    const foreign = join(root, 'foreign.json');
    writeFileSync(foreign, JSON.stringify({ type: 'FeatureCollection', features: [] }));
    const r = await engram(dir, key, ['import', foreign]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('engram: import: foreign.json is not an Engram export (no "format": "engram-export"); nothing was imported\n');
    const stats = JSON.parse((await engram(dir, key, ['export'])).stdout);
    expect(stats.count).toBe(8);
  });

  it('writes an encrypted archive with a passphrase file and imports it under another key', async () => {
    const pass = join(root, 'pass.txt');
    writeFileSync(pass, 'a long passphrase for the archive\n');
    const file = join(root, 'all.engram-archive');
    const e = await engram(dir, key, ['export', '--with-frames', '--out', file, '--passphrase-file', pass, '--json']);
    expect(e.code).toBe(0);
    expect(JSON.parse(e.stdout)).toMatchObject({ memories: 8, frames: 3, key: 'passphrase' });
    expect(readFileSync(file).includes(Buffer.from('Ana Lopez'))).toBe(false);
    const other = join(root, 'from-archive');
    const k = randomBytes(32);
    const noPass = await engram(other, k, ['import', file]);
    expect(noPass.code).toBe(1);
    expect(noPass.stderr).toMatch(/protected by a passphrase/);
    const ok = await engram(other, k, ['import', file, '--trust-core'], { ENGRAM_ARCHIVE_PASSPHRASE: 'a long passphrase for the archive' });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/8 new/);
    expect(ok.stdout).toMatch(/3 frames, 1 observations, 1 threads, 1 messages added/);
    const md = await engram(dir, key, ['export', '--with-frames']);
    expect(md.stderr).toMatch(/needs --out FILE/);
    // The screenshots in an archive are not redacted: the result line and --help say so.
    const said = await engram(dir, key, ['export', '--with-frames', '--out', join(root, 'again.engram-archive'), '--passphrase-file', pass]);
    expect(said.code).toBe(0);
    expect(said.stdout).toMatch(/3 frames, .*; the screenshots are unredacted \(vault secrets masked\)\n$/);
    const help = await engram(dir, key, ['export', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toMatch(/--with-frames .* The screenshots are NOT redacted/);
  });

  it('backs up the database and reports where', async () => {
    const out = join(root, 'b.db');
    const r = await engram(dir, key, ['backup', '--out', out, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ path: out, memories: 8 });
    expect(existsSync(out)).toBe(true);
    expect(readFileSync(out).includes(Buffer.from('Ana Lopez'))).toBe(false);
    const again = await engram(dir, key, ['backup', '--out', out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  });

  it('mcp status / disable / enable', async () => {
    expect(JSON.parse((await engram(dir, key, ['mcp', 'status', '--json'])).stdout)).toEqual({ enabled: true });
    expect((await engram(dir, key, ['mcp', 'disable'])).stdout).toMatch(/off/);
    expect(JSON.parse((await engram(dir, key, ['mcp', 'status', '--json'])).stdout)).toEqual({ enabled: false });
    const serve = await engram(dir, key, ['mcp']);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toMatch(/turned off/);
    expect((await engram(dir, key, ['mcp', 'enable'])).stdout).toMatch(/on:/);
    const bad = await engram(dir, key, ['mcp', 'dance']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown action "dance"/);
  });
});
