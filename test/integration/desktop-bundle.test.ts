import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { desktopAppStarter, desktopEntry } from '../bench/desktop-app-start.js';

// Issue 34: the desktop app's main process starts from one esbuild bundle (scripts/build-desktop.mjs,
// package.json "main"), as the CLI does, not from tsc's ~420 files and zod's ~95. Packaged, the bundle and the
// dist/ twins it names (workers, preloads, files read beside a module) must be in the app; started,
// it must not fall back to the unbundled tree.
const root = process.cwd();
const BUNDLE_DIR = path.join(root, 'dist', 'desktop');
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
// electron-builder's own matcher for "files", as it decides what goes into app.asar.
const { FileMatcher } = require('app-builder-lib/out/fileMatcher.js') as {
  FileMatcher: new (from: string, to: string, expand: (p: string) => string, patterns: string[]) => { createFilter(): (file: string, stat: ReturnType<typeof statSync>) => boolean };
};

const Meta = z.object({ outputs: z.record(z.string(), z.object({ inputs: z.record(z.string(), z.unknown()) })) });
const config = z.object({ files: z.array(z.string()) }).parse(yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')));
const packaged = new FileMatcher(root, path.join(root, 'packaged-app'), (p) => p, config.files).createFilter();
/** Whether electron-builder would put the file (and every folder above it) into the app. */
function isPackaged(file: string): boolean {
  for (let p = path.dirname(file); p.startsWith(root) && p !== root; p = path.dirname(p)) if (!packaged(p, statSync(p))) return false;
  return packaged(file, statSync(file));
}

/** The files of dist/ the bundle's code reaches by URL (import.meta.url rewritten to each module's twin). */
function twinsNamed(): string[] {
  const twins = new Set<string>();
  for (const name of readdirSync(BUNDLE_DIR).filter((f) => f.endsWith('.js'))) {
    for (const m of readFileSync(path.join(BUNDLE_DIR, name), 'utf8').matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)) twins.add(path.resolve(BUNDLE_DIR, m[1]!));
  }
  return [...twins];
}

describe('the desktop main bundle', () => {
  it('is what Electron starts: package.json "main" is the bundle, and it was built', () => {
    expect(path.relative(root, desktopEntry(root))).toBe(path.join('dist', 'desktop', 'launch.js'));
    expect(existsSync(desktopEntry(root))).toBe(true);
  });

  it('is packaged whole, with the dist/ twins it names, and without its map of sources', () => {
    const meta = Meta.parse(JSON.parse(readFileSync(path.join(BUNDLE_DIR, 'meta.json'), 'utf8')));
    const outputs = Object.keys(meta.outputs).map((o) => path.join(root, o));
    expect(outputs).toContain(desktopEntry(root));
    const twins = twinsNamed();
    // The preloads' folder (paths.ts) and the workers' starters are among them.
    expect(twins).toContain(path.join(root, 'dist/electron/desktop/main/paths.js'));
    expect(twins).toContain(path.join(root, 'dist/agents/store/vector-thread.js'));
    const missing = [...outputs, ...twins].filter((f) => !existsSync(f) || !isPackaged(f)).map((f) => path.relative(root, f));
    expect(missing).toEqual([]);
    expect(isPackaged(path.join(root, 'package.json'))).toBe(true);
    expect(isPackaged(path.join(BUNDLE_DIR, 'meta.json'))).toBe(false);
  });

  describe('started (fake Electron)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'engram-desktop-bundle-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("answers the window's first call from the bundle alone: no module of tsc's tree, none of zod's files", () => {
      const start = desktopAppStarter(root, dir, { ...process.env, ENGRAM_KEY: randomBytes(32).toString('hex') });
      const log = path.join(dir, 'modules.txt');
      const steps = start([path.join(root, 'test/fixtures/module-log/register.mjs')], { MODULE_LOG: log });
      expect(steps.answer_ms).toBeGreaterThan(steps.window_ms);
      const urls = readFileSync(log, 'utf8')
        .split('\n')
        .filter((u) => u.startsWith('file:'));
      const ours = urls.map((u) => path.relative(root, fileURLToPath(u))).filter((p) => !p.startsWith('..'));
      // The hook saw the app start from the bundle, its engine's chunks included.
      expect(ours).toContain(path.join('dist', 'desktop', 'launch.js'));
      expect(ours.filter((p) => p.startsWith(`dist${path.sep}desktop${path.sep}`)).length).toBeGreaterThan(5);
      expect(ours.filter((p) => p.startsWith(`dist${path.sep}`) && !p.startsWith(`dist${path.sep}desktop${path.sep}`))).toEqual([]);
      // node_modules may be a link to another folder: the packages are matched by URL.
      expect(urls.filter((u) => /\/node_modules\/(zod|@scure\/bip39|@noble\/hashes)\//.test(u))).toEqual([]);
    });
  });
});
