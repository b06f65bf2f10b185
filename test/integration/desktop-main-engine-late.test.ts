import { describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, runDesktopMain, windowAt } from '../helpers/desktop-main-run.js';

// The desktop app loads the engine's modules (~0.1 s of CPU) only once its window exists (issue 34's
// cold start): the engine's door is held here until the test lets it load, and the window, with
// its IPC channel, is there meanwhile; the call it made then is answered once the engine runs.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const engineRoom = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { gate, open, loaded: false };
});
vi.mock('../../electron/engine/index.js', async (original) => {
  await engineRoom.gate;
  engineRoom.loaded = true;
  return original();
});

runDesktopMain('engram-engine-late-', { seeded: true });

describe("the desktop app's window before the engine's modules (fake Electron)", { shuffle: false }, () => {
  it('opens the window while the engine door has not loaded; the call made then is answered once it has', async () => {
    await acceptConsent();
    const main = await windowAt('app://engram/index.html');
    expect(engineRoom.loaded).toBe(false);
    let answered = false;
    const call = electronModule.ipcMain.invoke(INVOKE_CHANNEL, main.webContents.mainFrame, { name: 'app.info', input: {} }).finally(() => (answered = true));
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    engineRoom.open();
    expect(await call).toMatchObject({ ok: true, output: { features: { capture: true } } });
    expect(engineRoom.loaded).toBe(true);
    electronModule.app.quit();
    expect(await exitCode()).toBe(0);
  });
});
