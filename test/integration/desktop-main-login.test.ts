import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_FILE, LOGIN_ITEM_TEXT } from '../../electron/desktop/policy/index.js';
import { electronModule, fake } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, runDesktopMain, until, windowAt } from '../helpers/desktop-main-run.js';

// Start at login on macOS 13+ (issue 29, item 10), through the composition root under the fake
// Electron: the login item is the app's own service, a run opened at login keeps its window
// hidden (no --hidden reaches macOS), and Settings turns the item off after consent turned it on.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain } = electronModule;
const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
const run = runDesktopMain('engram-login-', {
  env: () => ({ ENGRAM_TRAY_HOST: 'present' }),
  before: () => {
    Object.defineProperty(process, 'platform', { ...platform, value: 'darwin' });
    fake.loginItem.wasOpenedAtLogin = true;
  },
  after: () => Object.defineProperty(process, 'platform', platform),
});
const consentFile = () => JSON.parse(readFileSync(path.join(run.dataDir, CONSENT_FILE), 'utf8')) as { start_at_login: boolean };

describe('start at login on macOS (fake Electron)', { shuffle: false }, () => {
  it('consent with start at login registers the app itself as the login item', async () => {
    await acceptConsent({ audio: false, start_at_login: true });
    await until(() => fake.loginItem.set.length > 0, 'login item');
    expect(fake.loginItem.set).toEqual([{ openAtLogin: true, type: 'mainAppService' }]);
  });

  it('opened at login, the window stays hidden (tray only)', async () => {
    const main = await windowAt('app://engram/index.html');
    // Long enough for ready-to-show, which shows a window not started hidden.
    await new Promise((r) => setTimeout(r, 300));
    expect(main.isVisible()).toBe(false);
  });

  it('Settings reads the choice and turns it off: login item removed, choice saved', async () => {
    const main = await windowAt('app://engram/index.html');
    const frame = main.webContents.mainFrame;
    expect(await ipcMain.invoke('engram:invoke', frame, { name: 'app.startAtLogin', input: {} })).toEqual({ ok: true, output: { available: true, enabled: true, reason: null, attention: null } });
    expect(await ipcMain.invoke('engram:invoke', frame, { name: 'app.setStartAtLogin', input: { enabled: false } })).toEqual({ ok: true, output: { available: true, enabled: false, reason: null, attention: null } });
    expect(fake.loginItem.set.at(-1)).toEqual({ openAtLogin: false, type: 'mainAppService' });
    expect(consentFile().start_at_login).toBe(false);
    // A malformed request changes nothing.
    expect(await ipcMain.invoke('engram:invoke', frame, { name: 'app.setStartAtLogin', input: { enabled: 'yes' } })).toMatchObject({ ok: false });
    expect(fake.loginItem.set).toHaveLength(2);
  });

  it('macOS 13+ waiting for approval: Settings says so (read back, not the saved choice) and opens Login Items', async () => {
    const main = await windowAt('app://engram/index.html');
    const frame = main.webContents.mainFrame;
    const call = (name: string, input: unknown = {}) => ipcMain.invoke('engram:invoke', frame, { name, input });
    fake.loginItem.status = 'requires-approval';
    expect(await call('app.setStartAtLogin', { enabled: true })).toEqual({
      ok: true,
      output: { available: true, enabled: true, reason: null, attention: { text: LOGIN_ITEM_TEXT.approval, action: 'open_login_items' } },
    });
    expect(await call('app.openLoginItems')).toEqual({ ok: true, output: { opened: true } });
    expect(fake.opened.at(-1)).toBe('x-apple.systempreferences:com.apple.LoginItems-Settings.extension');
    // Removed by the user in System Settings: the switch is off though the choice was on.
    fake.loginItem.status = 'not-registered';
    expect(await call('app.startAtLogin')).toMatchObject({ ok: true, output: { enabled: false, attention: { action: 'open_login_items' } } });
    expect(consentFile().start_at_login).toBe(true);
    fake.loginItem.status = null;
  });

  it('quits cleanly', async () => {
    electronModule.app.quit();
    expect(await exitCode()).toBe(0);
  });
});
