import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aliasModule, sqliteBindingPaths, useElectronSqliteBinding } from '../../electron/desktop/policy/index.js';

const base = mkdtempSync(path.join(os.tmpdir(), 'engram-binding-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('Electron sqlite binding', () => {
  it('finds the real package and its build paths', () => {
    const paths = sqliteBindingPaths(process.cwd());
    expect(paths?.defaultBuild).toMatch(/better-sqlite3-multiple-ciphers[\\/]build[\\/]Release[\\/]better_sqlite3\.node$/);
    expect(paths?.electronBuild).toMatch(/build[\\/]electron[\\/]better_sqlite3\.node$/);
  });

  it('keeps the default when there is no separate Electron build', () => {
    const root = path.join(base, 'plain');
    mkdirSync(path.join(root, 'node_modules', 'better-sqlite3-multiple-ciphers'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', 'better-sqlite3-multiple-ciphers', 'package.json'), '{"name":"better-sqlite3-multiple-ciphers"}');
    expect(useElectronSqliteBinding(root)).toMatchObject({ kind: 'default' });
    expect(useElectronSqliteBinding(path.join(base, 'none'))).toMatchObject({ kind: 'default', reason: expect.stringContaining('not installed') });
  });

  it('aliasing makes a require of the default path return the other build, without loading it', () => {
    const dir = path.join(base, 'alias');
    mkdirSync(dir, { recursive: true });
    const electronBuild = path.join(dir, 'electron-build.cjs');
    const nodeBuild = path.join(dir, 'node-build.cjs');
    writeFileSync(electronBuild, 'module.exports = { abi: "electron" };');
    // Loading this file would throw, as a Node build under Electron does.
    writeFileSync(nodeBuild, 'throw new Error("wrong ABI");');
    aliasModule(electronBuild, nodeBuild, dir);
    expect(createRequire(path.join(dir, 'x.js'))(nodeBuild)).toEqual({ abi: 'electron' });
  });
});
