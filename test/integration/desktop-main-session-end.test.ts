import { describe, expect, it, vi } from 'vitest';
import { endWindowsSession, fake } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, recorderWithLastSegment, reopenStore, runDesktopMain, startedRecorder, until, walLeft, windowAt } from '../helpers/desktop-main-run.js';

// Windows logoff through the composition root (fake Electron): no before-quit/will-quit, only the
// windows' query-session-end/session-end. The recorder's last segment, capture and the store must
// still be closed cleanly, and close-to-tray must not stand in the way.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const run = runDesktopMain('engram-session-end-', { seeded: true });

// One run of the app per file: main.ts starts it once, when imported, and each test is the next
// step of that run (consent before the main window, Quit last). The order is declared here, so
// npm test's shuffle keeps it; the files still run in any order among the others.
describe('Windows logoff (fake Electron)', { shuffle: false }, () => {
  it('starts with audio on: the hidden recorder records while capture runs', async () => {
    expect(await acceptConsent({ audio: true, start_at_login: false })).toEqual({ ok: true, output: null });
    await windowAt('app://engram/index.html');
    await startedRecorder();
    await until(() => fake.captures >= 1, 'first frame');
  });

  it('logoff is held only until the last audio segment is kept and the store closed, then the app exits 0', async () => {
    const recorder = await windowAt('/__pages/recorder.html');
    const main = await windowAt('app://engram/index.html');
    const page = recorderWithLastSegment(recorder);
    // Held (Windows waits for a busy app) until the shutdown is done; then Engram exits by itself.
    expect(endWindowsSession(['logoff'])).toEqual({ prevented: true });
    // A close now closes: close-to-tray no longer turns it into a hide that would keep us running.
    main.userClose();
    expect(main.destroyed).toBe(true);
    expect(await exitCode()).toBe(0);
    expect(page.stops).toBe(1);
    expect(recorder.destroyed).toBe(true);
    // Closed cleanly: SQLite removes the WAL when the last connection closes.
    expect(walLeft(run)).toBe(false);
    await reopenStore(run, (again) => {
      expect(again.frames.list({ limit: 10 }).length).toBeGreaterThanOrEqual(1);
      // The segment that arrived after the recorder was told to stop is in the store.
      expect(again.audio.count()).toBe(1);
    });
  });
});
