import { describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, fake, FakeBrowserWindow } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, runDesktopMain, until, windowAt } from '../helpers/desktop-main-run.js';

// The desktop app's staged start (issue 34's cold start): the main window and its IPC channel exist
// as soon as consent is on record, while the engine is still starting; a call made then waits and
// gets the engine's real answer, or UNAVAILABLE with the reason when the start fails. The engine
// start is held here until the test lets it go. Two starts of the composition root (fake Electron):
// the first one's engine fails, the second one's runs.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const engine = vi.hoisted(() => {
  const gates = [0, 1].map(() => {
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  });
  return { gates, entered: 0 };
});
type Core = typeof import('../../electron/desktop/main/core.js');
vi.mock('../../electron/desktop/main/core.js', async (importOriginal) => ({
  ...(await importOriginal<Core>()),
  startCore: async (opts: Parameters<Core['startCore']>[0]) => {
    const start = engine.entered++;
    await engine.gates[start]!.opened;
    if (start === 0) throw new Error('the engine died on its way up');
    return (await vi.importActual<Core>('../../electron/desktop/main/core.js')).startCore(opts);
  },
}));

runDesktopMain('engram-early-answer-', { seeded: true });

const { ipcMain } = electronModule;
/** A call from the main window's page, and whether it has been answered yet. */
function callFrom(win: FakeBrowserWindow, name: string): { answer: Promise<unknown>; answered: () => boolean } {
  let done = false;
  const answer = ipcMain.invoke(INVOKE_CHANNEL, win.webContents.mainFrame, { name, input: {} }).finally(() => (done = true));
  return { answer, answered: () => done };
}
/** Lets the tasks already queued run (the IPC guard, the dispatcher), without racing real work. */
const drain = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};

describe('the main window before the engine (fake Electron)', { shuffle: false }, () => {
  it('opens with its IPC channel while the engine starts; a call then waits, and answers UNAVAILABLE with the reason when the start fails', async () => {
    await acceptConsent();
    const main = await windowAt('app://engram/index.html');
    await until(() => engine.entered === 1, 'engine start begun');
    expect(main.visible).toBe(true);
    const call = callFrom(main, 'app.info');
    await drain();
    expect(call.answered()).toBe(false);
    engine.gates[0]!.open();
    expect(await call.answer).toEqual({ ok: false, error: { code: 'UNAVAILABLE', message: 'Engram did not start: the engine died on its way up' } });
    expect(await exitCode()).toBe(1);
    expect(fake.errorBoxes.at(-1)).toContain('the engine died on its way up');
  });

  it('at the next start (consent on record) the window is there before the engine, and its early call gets the real answer', async () => {
    // A new process: fresh modules, no app handlers, IPC handlers or windows of the first one.
    fake.exitCode = null;
    fake.appEvents.removeAllListeners();
    ipcMain.handlers.clear();
    for (const w of FakeBrowserWindow.getAllWindows()) w.destroy();
    vi.resetModules();
    await import('../../electron/desktop/main/main.js');
    const main = await windowAt('app://engram/index.html');
    await until(() => engine.entered === 2, 'engine start begun');
    const call = callFrom(main, 'app.info');
    await drain();
    expect(call.answered()).toBe(false);
    engine.gates[1]!.open();
    expect(await call.answer).toMatchObject({ ok: true, output: { features: { capture: true, consolidation: true } } });
    electronModule.app.quit();
    expect(await exitCode()).toBe(0);
  });
});
