import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Without an Electron binary `npm start` now opens browser mode (issue 13); that path is proven end to
// end in test/e2e/start-browser-mode.test.ts. Here: the choices it offers, and the install line.
describe('npm start', () => {
  it('--help lists the choices and starts nothing', () => {
    const r = spawnSync(process.execPath, [path.resolve('scripts/start.mjs'), '--help'], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: path.resolve('test/fixtures/no-electron-here') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(0);
    for (const flag of ['--browser', '--no-capture', '--port']) expect(r.stdout).toContain(flag);
  });
});

describe('postinstall without an Electron binary', () => {
  it('says in one line what was skipped and how to get it later, and succeeds', () => {
    const r = spawnSync(process.execPath, [path.resolve('scripts/postinstall.mjs')], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: path.resolve('test/fixtures/no-electron-here'), ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^engram postinstall: skipped Electron's binary/);
  });
});
