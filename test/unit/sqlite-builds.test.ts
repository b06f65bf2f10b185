import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without types (scripts/ is not part of the TypeScript projects)
import { buildForElectron, packagedAddon, readStamp, sqliteBuildPaths } from '../../scripts/sqlite-builds.mjs';
import { fakeSqlitePackage, FakeRebuilder, readAddon } from '../fakes/fake-rebuilder.js';
import { tempDirsEachTest } from '../helpers/temp-dirs.js';

type Paths = { nodeBuild: string; electronBuild: string; marker: string };
const tmp = tempDirsEachTest('engram-sqlite-builds-');
function setup() {
  const root = tmp();
  const sqliteDir = fakeSqlitePackage(root);
  return { root, sqliteDir, paths: sqliteBuildPaths(sqliteDir) as Paths };
}
const target = { electron: '41.7.1', platform: 'linux', arch: 'x64' };

describe('postinstall keeps Node’s and Electron’s SQLite builds apart', () => {
  it('two installs and a packaging step: Node’s build for Node, Electron’s for the app and the package', async () => {
    const { root, sqliteDir, paths } = setup();
    const rebuilder = new FakeRebuilder(sqliteDir);

    const first = await buildForElectron({ sqliteDir, target, rebuild: rebuilder.rebuild });
    expect(first.status).toBe('built');
    expect(readAddon(paths.nodeBuild)).toBe('addon for node-115');
    expect(readAddon(paths.electronBuild)).toMatch(/^addon for electron-141/);
    // The Release folder holds Node's build again: no marker may claim it is Electron's.
    expect(existsSync(paths.marker)).toBe(false);

    const second = await buildForElectron({ sqliteDir, target, rebuild: rebuilder.rebuild });
    expect(second.status).toBe('current');
    expect(readAddon(paths.nodeBuild)).toBe('addon for node-115');
    expect(readAddon(paths.electronBuild)).toMatch(/^addon for electron-141/);

    const unpacked = path.join(root, 'release', 'linux-unpacked', 'resources', 'app.asar.unpacked', 'node_modules', 'better-sqlite3-multiple-ciphers');
    const shipped = packagedAddon({ sqliteDir, unpackedSqliteDir: unpacked, target });
    expect(readAddon(shipped)).toMatch(/^addon for electron-141/);

    // Any later rebuild of build/Release (install-app-deps by hand) really rebuilds it.
    await rebuilder.rebuild();
    expect(rebuilder.skipped).toBe(0);
  });

  it('a rebuild that fails after node-gyp cleaned build/ (no headers) leaves both builds as they were', async () => {
    const { sqliteDir, paths } = setup();
    await buildForElectron({ sqliteDir, target, rebuild: new FakeRebuilder(sqliteDir).rebuild });
    const electronBefore = readAddon(paths.electronBuild);

    const offline = new FakeRebuilder(sqliteDir, 'electron-142', true);
    const r = await buildForElectron({ sqliteDir, target: { ...target, electron: '41.8.0' }, rebuild: offline.rebuild });
    expect(offline.runs).toBe(1);
    expect(r.status).toBe('failed');
    expect(readAddon(paths.nodeBuild)).toBe('addon for node-115');
    expect(readAddon(paths.electronBuild)).toBe(electronBefore);
    // Still the build for 41.7.1: packaging for that version goes on working, for 41.8.0 it refuses.
    expect(readStamp(sqliteDir)?.electron).toBe('41.7.1');
    expect(readdirSync(sqliteDir).filter((f) => f.startsWith('.engram-'))).toEqual([]);
  });

  it('a new Electron version rebuilds; a rebuilder that produces nothing leaves build/electron alone', async () => {
    const { sqliteDir, paths } = setup();
    const rebuilder = new FakeRebuilder(sqliteDir);
    await buildForElectron({ sqliteDir, target, rebuild: rebuilder.rebuild });
    const before = readAddon(paths.electronBuild);

    const lazy = async () => ({ ok: true }); // "nothing to do": build/Release untouched
    const r = await buildForElectron({ sqliteDir, target: { ...target, electron: '41.8.0' }, rebuild: lazy });
    expect(r.status).toBe('unchanged');
    expect(readAddon(paths.electronBuild)).toBe(before);
    expect(readAddon(paths.nodeBuild)).toBe('addon for node-115');

    const rebuilt = await buildForElectron({ sqliteDir, target: { ...target, electron: '41.8.0' }, rebuild: new FakeRebuilder(sqliteDir, 'electron-142').rebuild });
    expect(rebuilt.status).toBe('built');
    expect(readAddon(paths.electronBuild)).toMatch(/^addon for electron-142/);
    expect(readAddon(paths.nodeBuild)).toBe('addon for node-115');
  });

  it('a marker left by an older postinstall does not stop the next rebuild', async () => {
    const { sqliteDir, paths } = setup();
    writeFileSync(paths.marker, 'x64--electron-141'); // the defect: Node's build under an Electron marker
    const rebuilder = new FakeRebuilder(sqliteDir);
    const r = await buildForElectron({ sqliteDir, target, rebuild: rebuilder.rebuild });
    expect(r.status).toBe('built');
    expect(rebuilder.skipped).toBe(0);
    expect(readAddon(paths.electronBuild)).toMatch(/^addon for electron-141/);
    expect(readAddon(paths.nodeBuild)).toBe('addon for node-115');
  });

  it('packaging refuses a build for another Electron or architecture, and a missing one', async () => {
    const { root, sqliteDir } = setup();
    const unpacked = path.join(root, 'out');
    expect(() => packagedAddon({ sqliteDir, unpackedSqliteDir: unpacked, target })).toThrow(/no Electron build/);
    await buildForElectron({ sqliteDir, target, rebuild: new FakeRebuilder(sqliteDir).rebuild });
    expect(() => packagedAddon({ sqliteDir, unpackedSqliteDir: unpacked, target: { ...target, arch: 'arm64' } })).toThrow(/not Electron 41.7.1 linux-arm64/);
  });
});

describe('electron-builder.yml packages the Electron build', () => {
  it('turns its own in-place rebuild off and ships build/electron through the afterPack hook', async () => {
    const { createRequire } = await import('node:module');
    const { readFileSync } = await import('node:fs');
    const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
    const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as { npmRebuild: boolean; afterPack: string };
    expect(config.npmRebuild).toBe(false);
    expect(existsSync(config.afterPack)).toBe(true);
    expect(readFileSync(config.afterPack, 'utf8')).toContain('packagedAddon');
  });
});
