import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import * as sqliteVec from 'sqlite-vec';
import { afterAll, describe, expect, it } from 'vitest';
import { asarUnpackedTwin, resolvePackagedPath } from '../../agents/runtime/index.js';

// Where electron-builder installs the app on each platform, and where sqlite-vec's platform
// package puts its loadable extension inside it.
const installs = [
  { platform: 'linux deb', archive: '/opt/Engram/resources/app.asar', vec: 'node_modules/sqlite-vec-linux-x64/vec0.so', sep: '/' },
  { platform: 'linux AppImage', archive: '/tmp/.mount_EngramQx1/resources/app.asar', vec: 'node_modules/sqlite-vec-linux-arm64/vec0.so', sep: '/' },
  { platform: 'macOS', archive: '/Applications/Engram.app/Contents/Resources/app.asar', vec: 'node_modules/sqlite-vec-darwin-arm64/vec0.dylib', sep: '/' },
  { platform: 'Windows', archive: 'C:\\Users\\Ana Lima\\AppData\\Local\\Programs\\Engram\\resources\\app.asar', vec: 'node_modules\\sqlite-vec-windows-x64\\vec0.dll', sep: '\\' },
];

describe('packaged paths (app.asar → app.asar.unpacked)', () => {
  it.each(installs)('sqlite-vec on $platform is loaded from the unpacked tree', ({ archive, vec, sep }) => {
    const inside = `${archive}${sep}${vec}`;
    expect(resolvePackagedPath(inside, 'native', () => false)).toBe(`${archive}.unpacked${sep}${vec}`);
    // The twin is the same file name in the same place, only the archive segment differs.
    expect(path.basename(asarUnpackedTwin(inside)!.replaceAll('\\', '/'))).toBe(path.basename(vec.replaceAll('\\', '/')));
  });

  it('leaves paths outside an archive alone, whatever the kind', () => {
    for (const p of ['/home/ana/engram/node_modules/sqlite-vec-linux-x64/vec0.so', 'C:\\src\\engram\\node_modules\\sqlite-vec-windows-x64\\vec0.dll', '/srv/app.asarx/vec0.so', '/srv/my.asar.unpacked/vec0.so']) {
      expect(asarUnpackedTwin(p)).toBeNull();
      for (const kind of ['native', 'data', 'module'] as const) expect(resolvePackagedPath(p, kind, () => true)).toBe(p);
    }
  });

  it('rewrites only the archive segment: a path ending at the archive, and later look-alikes untouched', () => {
    expect(asarUnpackedTwin('/opt/Engram/resources/app.asar')).toBe('/opt/Engram/resources/app.asar.unpacked');
    expect(asarUnpackedTwin('/opt/Engram/resources/app.asar/node_modules/x/app.asar/y')).toBe('/opt/Engram/resources/app.asar.unpacked/node_modules/x/app.asar/y');
  });

  it('data is read from the unpacked twin when it was unpacked, else from the archive', () => {
    const lang = '/opt/Engram/resources/app.asar/node_modules/@tesseract.js-data/eng/4.0.0_best_int';
    const twin = '/opt/Engram/resources/app.asar.unpacked/node_modules/@tesseract.js-data/eng/4.0.0_best_int';
    expect(resolvePackagedPath(lang, 'data', (p) => p === twin)).toBe(twin);
    expect(resolvePackagedPath(lang, 'data', () => false)).toBe(lang);
  });

  it('worker entries stay in the archive even when a twin exists, so their imports resolve there', () => {
    const entry = '/opt/Engram/resources/app.asar/dist/agents/store/embed-worker.js';
    expect(resolvePackagedPath(entry, 'module', () => true)).toBe(entry);
    const tess = 'C:\\Engram\\resources\\app.asar\\node_modules\\tesseract.js\\src\\worker-script\\node\\index.js';
    expect(resolvePackagedPath(tess, 'module', () => true)).toBe(tess);
  });

  describe('a packaged layout on disk', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'engram-asar-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('SQLite loads sqlite-vec from the rewritten path (and could not from the archive path)', () => {
      const real = sqliteVec.getLoadablePath();
      const rel = path.join('node_modules', path.basename(path.dirname(real)), path.basename(real));
      const archive = path.join(root, 'resources', 'app.asar');
      // The archive is a file: nothing can be opened "inside" it without Electron's fs.
      mkdirSync(path.dirname(archive), { recursive: true });
      copyFileSync(real, archive);
      mkdirSync(path.dirname(path.join(`${archive}.unpacked`, rel)), { recursive: true });
      copyFileSync(real, path.join(`${archive}.unpacked`, rel));

      const inside = path.join(archive, rel);
      const db = new Database(':memory:');
      try {
        expect(() => db.loadExtension(inside)).toThrow();
        db.loadExtension(resolvePackagedPath(inside, 'native'));
        expect(db.prepare('SELECT vec_version() AS v').get()).toMatchObject({ v: expect.stringMatching(/^v\d/) });
      } finally {
        db.close();
      }
    });
  });
});
