import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without types (scripts/ is not part of the TypeScript projects)
import { dropInstallScriptFlags, flaggedEntries } from '../../scripts/electron-lockfile.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'engram-lockfile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type LockEntry = { version?: string; hasInstallScript?: boolean };
type Lock = { packages: Record<string, LockEntry> };

describe('npm 10 and 11 leave Electron’s download to our postinstall', () => {
  it('the committed lockfile does not mark electron as having an install script, though electron has one', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;
    expect(lock.packages['node_modules/electron']?.version).toMatch(/^\d+\./);
    // Electron really ships a postinstall that downloads from GitHub: the flag's absence is what
    // keeps npm from running it (a lockfile npm regenerated would carry it again).
    const electronPkg = JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as { scripts?: Record<string, string> };
    expect(electronPkg.scripts?.postinstall).toBeTruthy();
    expect(flaggedEntries(lock)).toEqual([]);
    // Other native packages keep theirs (the SQLite addon must still build at install).
    expect(lock.packages['node_modules/better-sqlite3-multiple-ciphers']?.hasInstallScript).toBe(true);
  });

  it('postinstall’s repair removes only electron’s flag and keeps npm’s formatting', () => {
    const lock: Lock = {
      packages: {
        '': { version: '0.1.0' },
        'node_modules/electron': { version: '41.7.1', hasInstallScript: true },
        'node_modules/foo/node_modules/electron': { version: '40.0.0', hasInstallScript: true },
        'node_modules/electron-winstaller': { version: '5.4.0', hasInstallScript: true },
        'node_modules/better-sqlite3-multiple-ciphers': { version: '12.11.1', hasInstallScript: true },
      },
    };
    const file = path.join(tmp, 'package-lock.json');
    writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
    expect(flaggedEntries(lock)).toEqual(['node_modules/electron', 'node_modules/foo/node_modules/electron']);

    expect(dropInstallScriptFlags(file)).toEqual(['node_modules/electron', 'node_modules/foo/node_modules/electron']);
    const after = JSON.parse(readFileSync(file, 'utf8')) as Lock;
    expect(after.packages['node_modules/electron']).toEqual({ version: '41.7.1' });
    expect(after.packages['node_modules/foo/node_modules/electron']).toEqual({ version: '40.0.0' });
    expect(after.packages['node_modules/electron-winstaller']?.hasInstallScript).toBe(true);
    expect(after.packages['node_modules/better-sqlite3-multiple-ciphers']?.hasInstallScript).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "packages": {\n');

    // Already right, or no lockfile at all: nothing written.
    expect(dropInstallScriptFlags(file)).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(dropInstallScriptFlags(path.join(tmp, 'missing.json'))).toEqual([]);
  });
});
