import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_FILE_NAME, openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { readCaptureSettings, writeCaptureSettings } from '../../electron/sensing/capture/index.js';
import { BUILTIN_PAGE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, fake, FakeBrowserWindow } from '../fakes/fake-electron.js';

// Linux/macOS shutdown through the composition root (fake Electron): powerMonitor 'shutdown' and
// nothing else (no before-quit/will-quit). Engram takes the delay it is offered, closes capture and
// the store, and exits.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain, powerMonitor } = electronModule;
let base: string;
let dataDir: string;
const key = randomBytes(32);
const savedEnv = { ...process.env };

async function until<T>(probe: () => T | undefined | null | false, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const windowAt = (suffix: string) => until(() => FakeBrowserWindow.all.find((w) => !w.destroyed && w.webContents.mainFrame.url.endsWith(suffix)), `window ${suffix}`);

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'engram-shutdown-'));
  dataDir = path.join(base, 'data');
  const seed = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
  const s = readCaptureSettings(seed);
  writeCaptureSettings(seed, { ...s, interval_s: 3600, ocr: { ...s.ocr, enabled: false } });
  await seed.close();
  Object.assign(process.env, { ENGRAM_DATA_DIR: dataDir, ENGRAM_EMBEDDER: 'none', ENGRAM_KEY: key.toString('hex'), XDG_CONFIG_HOME: path.join(base, 'config') });
  await import('../../electron/desktop/main/main.js');
});

afterAll(() => {
  process.env = savedEnv;
  rmSync(base, { recursive: true, force: true });
});

describe('system shutdown on Linux and macOS (fake Electron)', () => {
  it("powerMonitor 'shutdown': delay taken, capture and store closed, exit 0, the window does not hide", async () => {
    const consent = await windowAt('/__pages/consent.html');
    await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, consent.webContents.mainFrame, { action: 'consent.accept', input: { audio: false, start_at_login: false } });
    const main = await windowAt('app://engram/index.html');
    await until(() => fake.captures >= 1, 'first frame');
    const quitsBefore = fake.quitCalled;

    expect(powerMonitor.systemShutdown()).toEqual({ delayed: true });
    main.userClose();
    expect(main.destroyed).toBe(true);
    await until(() => fake.exitCode !== null, 'exit');
    expect(fake.exitCode).toBe(0);
    // Not through app.quit (whose before-quit/will-quit the system skips here).
    expect(fake.quitCalled).toBe(quitsBefore);
    expect(existsSync(path.join(dataDir, `${DB_FILE_NAME}-wal`))).toBe(false);
    const again = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      expect(again.frames.list({ limit: 10 }).length).toBeGreaterThanOrEqual(1);
    } finally {
      await again.close();
    }
  });
});
