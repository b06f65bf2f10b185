import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCodeCacheDir, isPrivateDir, privateTempCacheDir, requireWithCodeCache } from '../../agents/runtime/index.js';

const require = createRequire(import.meta.url);

/** A CommonJS module with enough functions that V8's cache has something to hold. */
function moduleSource(answer: number): string {
  const fns = Array.from({ length: 40 }, (_, i) => `function f${i}(x) { return x * ${i} + ${answer}; }`).join('\n');
  return `${fns}\nexports.answer = () => f1(0);\nexports.sum = (n) => { let s = 0; for (let i = 0; i < n; i++) s += f${39}(i); return s; };\nexports.dir = __dirname;\n`;
}

let root: string;
let pkgFile: string;
let cacheDir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'engram-code-cache-test-'));
  mkdirSync(join(root, 'node_modules', 'fixture-bundle', 'dist'), { recursive: true });
  writeFileSync(join(root, 'node_modules', 'fixture-bundle', 'package.json'), JSON.stringify({ name: 'fixture-bundle', main: 'dist/index.js' }));
  pkgFile = join(root, 'node_modules', 'fixture-bundle', 'dist', 'index.js');
  writeFileSync(pkgFile, moduleSource(42));
  cacheDir = join(root, 'cache');
  mkdirSync(cacheDir, { mode: 0o700 });
});

afterEach(() => {
  forget();
  rmSync(root, { recursive: true, force: true });
});

const from = () => join(root, 'main.js');
/** Drops the module from this thread's require cache, as a new process would start. */
function forget(): void {
  delete require.cache[pkgFile];
}
type Fixture = { answer(): number; sum(n: number): number; dir: string };
const load = (dir: string | null = cacheDir) => requireWithCodeCache<Fixture>('fixture-bundle', from(), dir);
const cacheFiles = () => readdirSync(cacheDir).filter((f) => f.endsWith('.v8cache'));

describe('requireWithCodeCache', () => {
  it('compiles from source, writes a private cache once the code ran, and the next load uses it', () => {
    const first = load();
    expect(first.cache).toBe('compiled');
    expect(first.exports.answer()).toBe(42);
    expect(first.exports.dir).toBe(join(root, 'node_modules', 'fixture-bundle', 'dist'));
    expect(cacheFiles()).toEqual([]);
    first.exports.sum(10);
    first.save();
    expect(cacheFiles()).toHaveLength(1);
    if (process.platform !== 'win32') expect(statSync(join(cacheDir, cacheFiles()[0]!)).mode & 0o777).toBe(0o600);
    forget();
    const second = load();
    expect(second.cache).toBe('accepted');
    expect(second.exports.answer()).toBe(42);
    expect(second.exports.sum(10)).toBe(first.exports.sum(10));
  });

  it('puts the module in the require cache, so a plain require shares it and a second load is "loaded"', () => {
    const first = load();
    expect(require(pkgFile)).toBe(first.exports);
    expect(load().cache).toBe('loaded');
  });

  it('ignores a cache whose bytes were damaged (V8 itself accepts flipped payload bytes)', () => {
    const m = load();
    m.save();
    const file = join(cacheDir, cacheFiles()[0]!);
    const buf = readFileSync(file);
    buf[buf.length >> 1] = buf[buf.length >> 1]! ^ 0x55;
    writeFileSync(file, buf);
    forget();
    const again = load();
    expect(again.cache).toBe('compiled');
    expect(again.exports.answer()).toBe(42);
  });

  it('a changed module gets a new cache, and the stale one is removed when the new one is written', () => {
    load().save();
    const old = cacheFiles();
    forget();
    writeFileSync(pkgFile, moduleSource(7));
    const changed = load();
    expect(changed.cache).toBe('compiled');
    expect(changed.exports.answer()).toBe(7);
    changed.save();
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()).not.toEqual(old);
  });

  it('a cache file whose header names another source is not used', () => {
    load().save();
    const file = join(cacheDir, cacheFiles()[0]!);
    const buf = readFileSync(file);
    buf[8] = buf[8]! ^ 0xff; // the source key
    writeFileSync(file, buf);
    forget();
    expect(load().cache).toBe('compiled');
  });

  it('null or a directory others can write means a plain require', () => {
    expect(load(null).cache).toBe('off');
    forget();
    if (process.platform === 'win32') return;
    chmodSync(cacheDir, 0o777);
    const m = load();
    expect(m.cache).toBe('off');
    expect(m.exports.answer()).toBe(42);
    m.save();
    expect(cacheFiles()).toEqual([]);
  });
});

describe.skipIf(process.platform === 'win32')('private cache directory', () => {
  it('is made 0700 for this user, and refused when it is open to others or a link', () => {
    const dir = privateTempCacheDir(root);
    expect(dir).not.toBeNull();
    expect(statSync(dir!).mode & 0o777).toBe(0o700);
    expect(isPrivateDir(dir!)).toBe(true);
    chmodSync(dir!, 0o755);
    expect(privateTempCacheDir(root)).toBeNull();
    const link = join(root, 'link');
    symlinkSync(cacheDir, link);
    expect(isPrivateDir(link)).toBe(false);
    expect(isPrivateDir(join(root, 'missing'))).toBe(false);
  });
});

describe('default cache directory', () => {
  it('is the private temp folder under Node and none inside Electron, whose signed app.asar must stay the only code it runs', () => {
    expect(defaultCodeCacheDir({ ...process.versions, electron: '41.7.1' } as NodeJS.ProcessVersions, root)).toBeNull();
    const versions: NodeJS.ProcessVersions = { ...process.versions };
    delete (versions as { electron?: string }).electron;
    expect(defaultCodeCacheDir(versions, root)).toBe(privateTempCacheDir(root));
  });
});
