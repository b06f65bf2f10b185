import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { electronModule, fake } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, runDesktopMain, windowAt } from '../helpers/desktop-main-run.js';

// "Open that again" for a file path (issue 31), through the desktop composition root under the
// fake Electron: the window's system.open_path reaches shell.openPath with the checked real path;
// scripts, programs and missing files are refused in one line and never reach the shell.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain } = electronModule;
const run = runDesktopMain('engram-open-path-', {
  env: () => ({ ENGRAM_TRAY_HOST: 'present' }),
  before: () => {
    writeFileSync(path.join(run.base, 'Q3 review.pdf'), 'pdf');
    writeFileSync(path.join(run.base, 'deploy.sh'), '#!/bin/sh\n');
    writeFileSync(path.join(run.base, 'tool'), '#!/bin/sh\n');
    chmodSync(path.join(run.base, 'tool'), 0o755);
  },
});

describe('system.open_path in the desktop app (fake Electron)', { shuffle: false }, () => {
  it('opens a document with shell.openPath and refuses scripts, programs and missing files', async () => {
    await acceptConsent();
    const main = await windowAt('app://engram/index.html');
    const call = (input: unknown) => ipcMain.invoke('engram:invoke', main.webContents.mainFrame, { name: 'system.open_path', input }) as Promise<{ ok: boolean; output?: unknown; error?: { code: string; message: string } }>;

    const pdf = path.join(run.base, 'Q3 review.pdf');
    expect(await call({ path: pdf })).toEqual({ ok: true, output: { path: pdf } });
    expect(fake.openedPaths).toEqual([pdf]);

    expect(await call({ path: path.join(run.base, 'deploy.sh') })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringContaining('does not open programs or scripts (.sh)') } });
    expect(await call({ path: path.join(run.base, 'tool') })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await call({ path: path.join(run.base, 'gone.txt') })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call({ path: 'Q3 review.pdf' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await call({ path: pdf, extra: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(fake.openedPaths).toEqual([pdf]);
  });

  it('quits cleanly', async () => {
    electronModule.app.quit();
    expect(await exitCode()).toBe(0);
  });
});
