import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileKeyProvider, keyFilePath, keysDir, resolveKeyProvider, StoreError } from '../../agents/store/index.js';

/** Every case keeps its keys in its own temp folder: nothing is written into the real home. */
const roots: string[] = [];
function setup() {
  const root = mkdtempSync(join(tmpdir(), 'engram-keyfile-'));
  roots.push(root);
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  const env = { ENGRAM_KEY_DIR: join(root, 'keys') };
  const notices: string[] = [];
  const provider = () => new FileKeyProvider(dataDir, { env, notice: (l) => notices.push(l) });
  return { root, dataDir, env, notices, provider };
}
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const HEX_A = 'a'.repeat(64);
const HEX_B = 'b'.repeat(64);

describe('the key file lives outside the data folder', () => {
  it('is created in the keys folder (0700), 0600, named by the data folder, nothing in the data folder', async () => {
    const t = setup();
    const key = await t.provider().getKey();
    const path = keyFilePath(t.dataDir, t.env);
    expect(path.startsWith(join(t.root, 'keys'))).toBe(true);
    expect(readFileSync(path, 'utf8').trim()).toBe(key.toString('hex'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(t.root, 'keys')).mode & 0o777).toBe(0o700);
    expect(existsSync(join(t.dataDir, 'engram.key'))).toBe(false);
    expect((await t.provider().getKey()).equals(key)).toBe(true);
    expect(t.notices).toEqual([]);
  });

  it('one key per data folder, the same through a symlink or a relative path', () => {
    const t = setup();
    const other = join(t.root, 'other');
    symlinkSync(t.dataDir, join(t.root, 'link'));
    expect(keyFilePath(join(t.root, 'link'), t.env)).toBe(keyFilePath(t.dataDir, t.env));
    expect(keyFilePath(join(t.dataDir, '..', 'data'), t.env)).toBe(keyFilePath(t.dataDir, t.env));
    expect(keyFilePath(other, t.env)).not.toBe(keyFilePath(t.dataDir, t.env));
    // A data folder not made yet gets the path it will have once made.
    const later = keyFilePath(join(t.root, 'link', 'sub'), t.env);
    mkdirSync(join(t.dataDir, 'sub'));
    expect(keyFilePath(join(t.dataDir, 'sub'), t.env)).toBe(later);
  });

  it('per-OS keys folders', () => {
    expect(keysDir({ XDG_CONFIG_HOME: '/x/cfg' }, 'linux')).toBe('/x/cfg/engram/keys');
    expect(keysDir({}, 'linux')).toMatch(/\/\.config\/engram\/keys$/);
    expect(keysDir({}, 'darwin')).toMatch(/\/Library\/Application Support\/Engram Keys$/);
    expect(keysDir({ APPDATA: '/appdata' }, 'win32')).toMatch(/appdata.Engram Keys$/);
    expect(keysDir({ ENGRAM_KEY_DIR: '/k', XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/k');
  });

  it('ENGRAM_KEY still wins, and writes no key file', async () => {
    const t = setup();
    const p = resolveKeyProvider(t.dataDir, { ...t.env, ENGRAM_KEY: HEX_A });
    expect(p.kind).toBe('ENGRAM_KEY');
    expect((await p.getKey()).toString('hex')).toBe(HEX_A);
    expect(existsSync(join(t.root, 'keys'))).toBe(false);
  });
});

describe('a key file left in the data folder', () => {
  it('moves out once, with one line on stderr, and opens the same key', async () => {
    const t = setup();
    const legacy = join(t.dataDir, 'engram.key');
    writeFileSync(legacy, HEX_A + '\n', { mode: 0o600 });
    expect((await t.provider().getKey()).toString('hex')).toBe(HEX_A);
    expect(existsSync(legacy)).toBe(false);
    const moved = keyFilePath(t.dataDir, t.env);
    expect(readFileSync(moved, 'utf8').trim()).toBe(HEX_A);
    expect(statSync(moved).mode & 0o777).toBe(0o600);
    expect(t.notices).toHaveLength(1);
    expect(t.notices[0]).toContain(legacy);
    expect(t.notices[0]).toContain(moved);
    expect(t.notices[0]!.split('\n')).toHaveLength(1);
    expect((await t.provider().getKey()).toString('hex')).toBe(HEX_A);
    expect(t.notices).toHaveLength(1);
  });

  it('next to a different key is refused with one line, and nothing changes', async () => {
    const t = setup();
    const legacy = join(t.dataDir, 'engram.key');
    writeFileSync(legacy, HEX_A + '\n', { mode: 0o600 });
    const moved = keyFilePath(t.dataDir, t.env);
    mkdirSync(join(t.root, 'keys'), { mode: 0o700 });
    writeFileSync(moved, HEX_B + '\n', { mode: 0o600 });
    const err = await t.provider().getKey().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe('KEY_CONFLICT');
    expect((err as StoreError).message.split('\n')).toHaveLength(1);
    expect(readFileSync(legacy, 'utf8')).toBe(HEX_A + '\n');
    expect(readFileSync(moved, 'utf8')).toBe(HEX_B + '\n');
    expect(t.notices).toEqual([]);
  });

  it('next to the same key: the copy in the data folder goes', async () => {
    const t = setup();
    const legacy = join(t.dataDir, 'engram.key');
    writeFileSync(legacy, HEX_A + '\n', { mode: 0o600 });
    mkdirSync(join(t.root, 'keys'), { mode: 0o700 });
    writeFileSync(keyFilePath(t.dataDir, t.env), HEX_A + '\n', { mode: 0o600 });
    expect((await t.provider().getKey()).toString('hex')).toBe(HEX_A);
    expect(existsSync(legacy)).toBe(false);
  });
});

describe('a key file others can read', () => {
  it('is refused in the keys folder, with the fix', async () => {
    const t = setup();
    await t.provider().getKey();
    const path = keyFilePath(t.dataDir, t.env);
    for (const mode of [0o644, 0o640, 0o604]) {
      chmodSync(path, mode);
      const err = await t.provider().getKey().catch((e: unknown) => e);
      expect((err as StoreError).code).toBe('KEY_FILE_PERMS');
      expect((err as StoreError).message).toContain(`chmod 600 '${path}'`);
    }
  });

  it('left in the data folder is refused and not moved', async () => {
    const t = setup();
    const legacy = join(t.dataDir, 'engram.key');
    writeFileSync(legacy, HEX_A + '\n', { mode: 0o644 });
    chmodSync(legacy, 0o644);
    const err = await t.provider().getKey().catch((e: unknown) => e);
    expect((err as StoreError).code).toBe('KEY_FILE_PERMS');
    expect(existsSync(legacy)).toBe(true);
    expect(existsSync(keyFilePath(t.dataDir, t.env))).toBe(false);
  });
});
