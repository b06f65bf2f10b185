import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm start without an Electron binary', () => {
  it('prints one clear line on how to get it and exits non-zero, before building anything', () => {
    // Pointing Electron at an empty folder makes "no binary" true on any machine.
    const r = spawnSync(process.execPath, [path.resolve('scripts/start.mjs')], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: path.resolve('test/fixtures/no-electron-here') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^engram: cannot start the desktop app — .*does not exist\. To get it, run `node node_modules\/electron\/install\.js`/);
    expect(r.stdout).toBe('');
  });
});

describe('postinstall without an Electron binary', () => {
  it('skips the native rebuild, says why, and succeeds', () => {
    const r = spawnSync(process.execPath, [path.resolve('scripts/postinstall.mjs')], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: path.resolve('test/fixtures/no-electron-here') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^engram postinstall: skipped electron-builder install-app-deps: .*does not exist$/);
  });
});
