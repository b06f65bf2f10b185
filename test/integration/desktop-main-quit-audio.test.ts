import { describe, expect, it, vi } from 'vitest';
import { electronModule, fake } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, recorderWithLastSegment, reopenStore, runDesktopMain, startedRecorder, until, walLeft, windowAt } from '../helpers/desktop-main-run.js';

// Quit with the microphone on, through the composition root (fake Electron, which quits as Electron
// does: before-quit, then every window closes, then will-quit). Issue 29, item 7: the seconds since
// the last segment are in the hidden recorder's window, so the quit must be held before it closes.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const run = runDesktopMain('engram-quit-audio-', { seeded: true });

describe('Quit with audio on (fake Electron)', { shuffle: false }, () => {
  it('starts with audio on: the hidden recorder records while capture runs', async () => {
    await acceptConsent({ audio: true, start_at_login: false });
    await windowAt('app://engram/index.html');
    await startedRecorder();
    await until(() => fake.captures >= 1, 'first frame');
  });

  it('Quit keeps the segment in progress: the windows stay open until it is stored, then exit 0', async () => {
    const recorder = await windowAt('/__pages/recorder.html');
    const page = recorderWithLastSegment(recorder);
    electronModule.app.quit();
    // Held at before-quit: nothing was closed under the recorder.
    expect(recorder.destroyed).toBe(false);
    expect(await exitCode()).toBe(0);
    expect(page.stops).toBe(1);
    expect(walLeft(run)).toBe(false);
    await reopenStore(run, (again) => expect(again.audio.count()).toBe(1));
  });
});
