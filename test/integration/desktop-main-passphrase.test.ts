import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILTIN_PAGE_CHANNEL, WRAPPED_KEY_FILE } from '../../electron/desktop/policy/index.js';
import { electronModule, fake, FakeBrowserWindow } from '../fakes/fake-electron.js';

// Linux without a secret service: safeStorage reports `basic_text`, so the app must not use it
// and asks for a passphrase on its own page instead (first run: create it).
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain } = electronModule;
let base: string;
const savedEnv = { ...process.env };
const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;

async function until<T>(probe: () => T | undefined | null | false, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
// The main window waits for the key derivation (scrypt), the store and the engine: seconds on a
// loaded machine (a shared 2-core test box took over 15 s), so the wait is generous.
const windowAt = (suffix: string) => until(() => FakeBrowserWindow.all.find((w) => !w.destroyed && w.webContents.mainFrame.url.endsWith(suffix)), `window ${suffix}`, 45_000);

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'engram-main-pass-'));
  Object.defineProperty(process, 'platform', { ...platform, value: 'linux' });
  fake.safeStorageBackend = 'basic_text';
  // An AppImage whose AppRun added --no-sandbox (Ubuntu 23.10+), as on the desktops that lack a keyring too.
  fake.switches.push('no-sandbox');
  Object.assign(process.env, { ENGRAM_DATA_DIR: path.join(base, 'data'), ENGRAM_EMBEDDER: 'none', XDG_CONFIG_HOME: path.join(base, 'config'), APPIMAGE: path.join(base, 'Engram.AppImage') });
  delete process.env.ENGRAM_KEY;
  await import('../../electron/desktop/main/main.js');
});

afterAll(() => {
  Object.defineProperty(process, 'platform', platform);
  process.env = savedEnv;
  rmSync(base, { recursive: true, force: true });
});

// One run of the app per file: main.ts starts it once, when imported, and each test is the next
// step of that run (consent before the main window, Quit last). The order is declared here, so
// npm test's shuffle keeps it; the files still run in any order among the others.
describe('desktop app without a keychain (fake Electron, basic_text backend)', { shuffle: false }, () => {
  it('after consent, asks to create a passphrase, re-asks after a weak one, then opens the app', async () => {
    const consent = await windowAt('/__pages/consent.html');
    await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, consent.webContents.mainFrame, { action: 'consent.accept', input: { audio: false, start_at_login: false } });

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
    expect(await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, frame, { action: 'passphrase.submit', input: { passphrase: 'four unrelated words here' } })).toEqual({ ok: true, output: { done: true } });

    await windowAt('app://engram/index.html');
    expect(page.destroyed).toBe(true);
    const wrapped = JSON.parse(readFileSync(path.join(base, 'data', WRAPPED_KEY_FILE), 'utf8'));
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
    await until(() => fake.exitCode !== null, 'exit');
    expect(fake.exitCode).toBe(0);
  });
});
