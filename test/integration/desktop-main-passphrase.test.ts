import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BUILTIN_PAGE_CHANNEL, WRAPPED_KEY_FILE } from '../../electron/desktop/policy/index.js';
import { electronModule, fake } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, runDesktopMain, until, windowAt } from '../helpers/desktop-main-run.js';

// Linux without a secret service: safeStorage reports `basic_text`, so the app must not use it
// and asks for a passphrase on its own page instead (first run: create it).
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain } = electronModule;
const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
const run = runDesktopMain('engram-main-pass-', {
  // No key in the environment: the app makes one and asks for the passphrase that wraps it.
  env: ({ base }) => ({ ENGRAM_KEY: undefined, APPIMAGE: path.join(base, 'Engram.AppImage') }),
  before: () => {
    Object.defineProperty(process, 'platform', { ...platform, value: 'linux' });
    fake.safeStorageBackend = 'basic_text';
    // An AppImage whose AppRun added --no-sandbox (Ubuntu 23.10+), as on the desktops that lack a keyring too.
    fake.switches.push('no-sandbox');
  },
  after: () => Object.defineProperty(process, 'platform', platform),
});

// One run of the app per file: main.ts starts it once, when imported, and each test is the next
// step of that run (consent before the main window, Quit last). The order is declared here, so
// npm test's shuffle keeps it; the files still run in any order among the others.
describe('desktop app without a keychain (fake Electron, basic_text backend)', { shuffle: false }, () => {
  it('after consent, asks to create a passphrase, re-asks after a weak one, then opens the app', async () => {
    await acceptConsent();

    const page = await windowAt('/__pages/passphrase.html');
    const frame = page.webContents.mainFrame;
    const info = (await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, frame, { action: 'passphrase.info' })) as { ok: true; output: { mode: string; reason: string } };
    expect(info.output).toMatchObject({ mode: 'create', reason: expect.stringContaining('basic_text') });
    // The consent page's actions are not the passphrase page's.
    expect(await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, frame, { action: 'consent.accept', input: { audio: true, start_at_login: true } })).toMatchObject({ ok: false });

    expect(await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, frame, { action: 'passphrase.submit', input: { passphrase: 'short' } })).toEqual({
      ok: true,
      output: { done: false, request: expect.objectContaining({ mode: 'create', attempt: 2, error: 'Use at least 8 characters.' }) },
    });
    // The main window opened with consent, before the key: the passphrase page stays the one Open shows.
    const main = await windowAt('app://engram/index.html');
    const focused = page.focused;
    fake.appEvents.emit('second-instance', {}, [], process.cwd());
    expect(page.focused).toBeGreaterThan(focused);
    expect(main.focused).toBe(0);

    expect(await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, frame, { action: 'passphrase.submit', input: { passphrase: 'four unrelated words here' } })).toEqual({ ok: true, output: { done: true } });
    await until(() => page.destroyed, 'passphrase page closed');
    const wrapped = JSON.parse(readFileSync(path.join(run.dataDir, WRAPPED_KEY_FILE), 'utf8'));
    expect(wrapped).toMatchObject({ method: 'passphrase', kdf: 'scrypt', params: { N: 131072, r: 8, p: 1 } });
  });

  it('the privacy screen names the passphrase as the key protection', async () => {
    const main = await windowAt('app://engram/index.html');
    const res = (await ipcMain.invoke('engram:invoke', main.webContents.mainFrame, { name: 'privacy.status', input: {} })) as { ok: boolean; output: { encryption: { key_source: string } } };
    expect(res.ok).toBe(true);
    expect(res.output.encryption.key_source).toContain('passphrase');
  });

  it("the privacy screen says Chromium's sandbox is off (--no-sandbox from the AppImage) and recommends the deb", async () => {
    const main = await windowAt('app://engram/index.html');
    const res = (await ipcMain.invoke('engram:invoke', main.webContents.mainFrame, { name: 'privacy.status', input: {} })) as { ok: boolean; output: { sandbox?: { on: boolean; detail: string } } };
    // As root (CI containers) the reason given is root, not the AppImage.
    expect(res.output.sandbox).toEqual({ on: false, detail: expect.stringMatching(process.getuid?.() === 0 ? /sandbox is off.*as root/ : /sandbox is off.*deb/) });
  });

  it('quits cleanly', async () => {
    electronModule.app.quit();
    expect(await exitCode()).toBe(0);
  });
});
