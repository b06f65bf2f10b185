import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_FILE } from '../../electron/desktop/policy/index.js';
import { electronModule, fake } from '../fakes/fake-electron.js';
import { exitCode, runDesktopMain, until, windowAt } from '../helpers/desktop-main-run.js';

// Start-up through the composition root (fake Electron), issue 29 items 11 and 12, with the data
// folder where macOS and Windows put it: Electron's default profile folder, <appData>/Engram.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

type FakeTrayView = { tooltip: string; menu: Array<{ id?: string; label?: string; enabled?: boolean; click?: () => void }> };
const trayNow = () => (electronModule.Tray as unknown as { last: FakeTrayView | null }).last;
const appData = () => path.join(run.base, 'appdata');

const run = runDesktopMain('engram-startup-', {
  dataDir: (base) => path.join(base, 'appdata', 'Engram'),
  before: () => {
    // What an older Engram left: Chromium's Local State (on Windows it holds safeStorage's key) in the data folder.
    mkdirSync(run.dataDir, { recursive: true });
    writeFileSync(path.join(run.dataDir, 'Local State'), '{"os_crypt":{"encrypted_key":"RFBBUEk="}}');
    // ...and its caches and preferences, beside a file of Engram's own.
    mkdirSync(path.join(run.dataDir, 'GPUCache'));
    writeFileSync(path.join(run.dataDir, 'GPUCache', 'data_0'), 'x');
    writeFileSync(path.join(run.dataDir, 'Preferences'), '{}');
    mkdirSync(path.join(run.dataDir, 'frames'));
    writeFileSync(path.join(run.dataDir, 'frames', 'kept.frame'), 'x');
    fake.paths.appData = appData();
  },
});

describe('start-up (fake Electron)', { shuffle: false }, () => {
  it("Chromium's profile gets its own folder, outside the data folder, before ready, with Local State brought along", () => {
    expect(fake.paths.userData).toBe(path.join(appData(), 'Engram Chromium'));
    expect(fake.userDataSetBeforeReady).toBe(true);
    expect(readFileSync(path.join(appData(), 'Engram Chromium', 'Local State'), 'utf8')).toContain('encrypted_key');
  });

  it("the old profile's files leave the data folder once copied; Engram's own stay", async () => {
    // Removal goes name by name in readdir's order: wait for all of them, not for one.
    const gone = (name: string) => !existsSync(path.join(run.dataDir, name));
    await until(() => gone('GPUCache') && gone('Preferences') && gone('Local State'), 'old profile removed');
    expect(existsSync(path.join(run.dataDir, 'frames', 'kept.frame'))).toBe(true);
  });

  it('the tray is there while the consent page waits, saying so, with Open and Quit', async () => {
    await windowAt('/__pages/consent.html');
    const tray = await until(() => trayNow(), 'tray');
    expect(tray.tooltip).toMatch(/waiting for your consent/);
    expect(tray.menu.filter((i) => i.id).map((i) => [i.id, i.enabled])).toEqual([
      ['open', true],
      ['quit', true],
    ]);
  });

  it('a second launch during start-up brings the consent page back, and so does Open in the tray', async () => {
    const consent = await windowAt('/__pages/consent.html');
    consent.hide();
    fake.appEvents.emit('second-instance', {}, [], process.cwd());
    expect(consent.visible).toBe(true);
    expect(consent.focused).toBeGreaterThan(0);
    consent.hide();
    trayNow()!.menu.find((i) => i.id === 'open')!.click!();
    expect(consent.visible).toBe(true);
  });

  it('Quit in the tray during start-up leaves at once, having written nothing', async () => {
    trayNow()!.menu.find((i) => i.id === 'quit')!.click!();
    expect(await exitCode()).toBe(0);
    expect(existsSync(path.join(run.dataDir, CONSENT_FILE))).toBe(false);
  });
});
