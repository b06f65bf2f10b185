import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openStore, StaticKeyProvider, SyncKeyFile } from '../../agents/store/index.js';
import { SyncControl } from '../../agents/sync/index.js';
import { SyncthingManager } from '../../electron/syncthing/index.js';
import { SYNCTHING_SETTINGS_KEY } from '../../shared/settings/index.js';
import { electronModule } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, runDesktopMain, windowAt } from '../helpers/desktop-main-run.js';
import { freeLocalPort, processAlive, processesMentioning, waitFor } from '../helpers/syncthing-pair.js';

// Issue 33: the desktop app starts Engram's own Syncthing by itself when sync is on and the user chose
// that instance, and stops it when it quits: no syncthing process outlives the app. Run through the
// desktop composition root under the fake Electron, with the real Syncthing on 127.0.0.1.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain } = electronModule;
const keysDir = (base: string) => path.join(base, 'keys');
let manager: SyncthingManager;
const run = runDesktopMain('engram-desktop-syncthing-', {
  env: (r) => ({ ENGRAM_TRAY_HOST: 'present', ENGRAM_KEY_DIR: keysDir(r.base) }),
  // Before the app starts: sync on, the instance chosen earlier, its config made listening on 127.0.0.1.
  before: async (r) => {
    const folder = path.join(r.base, 'folder');
    mkdirSync(folder);
    const store = await openStore({ dataDir: r.dataDir, keyProvider: new StaticKeyProvider(r.key), embedder: null });
    try {
      new SyncControl(store, new SyncKeyFile(r.dataDir, { ENGRAM_KEY_DIR: keysDir(r.base) })).init(folder);
      store.settings.set(SYNCTHING_SETTINGS_KEY, { own_instance: true });
    } finally {
      await store.close();
    }
    manager = new SyncthingManager({ dataDir: r.dataDir });
    await manager.start({ folder, listen: `tcp://127.0.0.1:${await freeLocalPort()}`, local_discovery: false });
    await manager.stop();
  },
  after: () => {
    const pid = manager?.pid();
    if (!pid) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  },
});

type Answer = { ok: boolean; output?: { running: boolean; own_instance: boolean }; error?: { message: string } };

describe("the desktop app and Engram's own Syncthing (fake Electron)", () => {
  it('starts it at start while sync is on and it was chosen, and stops it on quit', async () => {
    expect(manager.pid()).toBeNull();
    await acceptConsent();
    const main = await windowAt('app://engram/index.html');
    const status = async () => ((await ipcMain.invoke('engram:invoke', main.webContents.mainFrame, { name: 'syncthing.status', input: {} })) as Answer).output;
    await waitFor('the app to start Syncthing', async () => (await status())?.running === true, 120_000, 250);
    expect(await status()).toMatchObject({ running: true, own_instance: true });
    const pid = manager.pid()!;
    expect(processAlive(pid)).toBe(true);

    electronModule.app.quit();
    expect(await exitCode()).toBe(0);
    expect(processAlive(pid)).toBe(false);
    expect(manager.pid()).toBeNull();
    expect(processesMentioning(run.dataDir)).toEqual([]);
  }, 240_000);
});
