import { describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, fake } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, reopenStore, runDesktopMain, walLeft, windowAt } from '../helpers/desktop-main-run.js';

// Linux/macOS shutdown through the composition root (fake Electron): powerMonitor 'shutdown' and
// nothing else (no before-quit/will-quit). Engram takes the delay it is offered, closes capture and
// the store, and exits.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { powerMonitor } = electronModule;
const run = runDesktopMain('engram-shutdown-', { seeded: true });

describe('system shutdown on Linux and macOS (fake Electron)', () => {
  it("powerMonitor 'shutdown': delay taken, capture and store closed, exit 0, the window does not hide", async () => {
    await acceptConsent();
    const main = await windowAt('app://engram/index.html');
    // The first frame stored, not only grabbed: the window opens before the engine now, so the grab
    // can be this close to the shutdown, and a frame still on its way when capture closes is not kept.
    await vi.waitFor(
      async () => {
        const status = (await electronModule.ipcMain.invoke(INVOKE_CHANNEL, main.webContents.mainFrame, { name: 'capture.status', input: {} })) as { ok: boolean; output?: { frames_kept: number } };
        expect(status.output?.frames_kept).toBeGreaterThanOrEqual(1);
      },
      { timeout: 20_000, interval: 20 },
    );
    const quitsBefore = fake.quitCalled;

    expect(powerMonitor.systemShutdown()).toEqual({ delayed: true });
    main.userClose();
    expect(main.destroyed).toBe(true);
    expect(await exitCode()).toBe(0);
    // Not through app.quit (whose before-quit/will-quit the system skips here).
    expect(fake.quitCalled).toBe(quitsBefore);
    expect(walLeft(run)).toBe(false);
    await reopenStore(run, (again) => expect(again.frames.list({ limit: 10 }).length).toBeGreaterThanOrEqual(1));
  });
});
