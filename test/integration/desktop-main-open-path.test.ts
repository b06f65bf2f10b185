import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILTIN_PAGE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, fake } from '../fakes/fake-electron.js';
import { until, windowAt } from '../helpers/desktop-main-run.js';

// "Open that again" for a file path (issue 31), through the desktop composition root under the
// fake Electron: the window's system.open_path reaches shell.openPath with the checked real path;
// scripts, programs and missing files are refused in one line and never reach the shell.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain } = electronModule;
let base: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'engram-open-path-'));
  writeFileSync(path.join(base, 'Q3 review.pdf'), 'pdf');
  writeFileSync(path.join(base, 'deploy.sh'), '#!/bin/sh\n');
  writeFileSync(path.join(base, 'tool'), '#!/bin/sh\n');
  chmodSync(path.join(base, 'tool'), 0o755);
  Object.assign(process.env, { ENGRAM_DATA_DIR: path.join(base, 'data'), ENGRAM_EMBEDDER: 'none', ENGRAM_KEY: randomBytes(32).toString('hex'), ENGRAM_TRAY_HOST: 'present' });
  await import('../../electron/desktop/main/main.js');
});

afterAll(() => {
  process.env = savedEnv;
  rmSync(base, { recursive: true, force: true });
});

describe('system.open_path in the desktop app (fake Electron)', { shuffle: false }, () => {
  it('opens a document with shell.openPath and refuses scripts, programs and missing files', async () => {
    const consent = await windowAt('/__pages/consent.html');
    await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, consent.webContents.mainFrame, { action: 'consent.accept', input: { audio: false, start_at_login: false } });
    const main = await windowAt('app://engram/index.html');
    const call = (input: unknown) => ipcMain.invoke('engram:invoke', main.webContents.mainFrame, { name: 'system.open_path', input }) as Promise<{ ok: boolean; output?: unknown; error?: { code: string; message: string } }>;

    const pdf = path.join(base, 'Q3 review.pdf');
    expect(await call({ path: pdf })).toEqual({ ok: true, output: { path: pdf } });
    expect(fake.openedPaths).toEqual([pdf]);

    expect(await call({ path: path.join(base, 'deploy.sh') })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringContaining('does not open programs or scripts (.sh)') } });
    expect(await call({ path: path.join(base, 'tool') })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await call({ path: path.join(base, 'gone.txt') })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call({ path: 'Q3 review.pdf' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await call({ path: pdf, extra: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(fake.openedPaths).toEqual([pdf]);
  });

  it('quits cleanly', async () => {
    electronModule.app.quit();
    await until(() => fake.exitCode !== null, 'exit');
    expect(fake.exitCode).toBe(0);
  });
});
