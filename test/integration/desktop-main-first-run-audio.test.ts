import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readCaptureSettings } from '../../electron/sensing/capture/index.js';
import { CONSENT_FILE } from '../../electron/desktop/policy/index.js';
import { electronModule, fake, FakeBrowserWindow } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, reopenStore, runDesktopMain, until, walLeft, windowAt } from '../helpers/desktop-main-run.js';

// The first run's microphone choice (the consent page's "Record audio") is kept the moment it is
// made, not when the engine starts: an engine that dies on the first start must not lose it, since
// the next start has consent on record and asks nothing. Two starts of the composition root in one
// file (fake Electron): the first one's engine start fails, the second one's runs.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const starts = vi.hoisted(() => ({ count: 0 }));
type Core = typeof import('../../electron/desktop/main/core.js');
vi.mock('../../electron/desktop/main/core.js', async (importOriginal) => ({
  ...(await importOriginal<Core>()),
  startCore: async (opts: Parameters<Core['startCore']>[0]) => {
    // The crash between the consent page and the engine: the first start fails before the engine runs.
    if (starts.count++ === 0) throw new Error('the engine died on its first start');
    // The real one of this start's modules (the mock itself outlives vi.resetModules).
    return (await vi.importActual<Core>('../../electron/desktop/main/core.js')).startCore(opts);
  },
}));

const run = runDesktopMain('engram-first-audio-', { seeded: true });
const consentOnDisk = () => JSON.parse(readFileSync(path.join(run.dataDir, CONSENT_FILE), 'utf8')) as Record<string, unknown>;

// Two starts of the app on one data folder, told in order: the second reads what the first left on disk.
describe("the first run's microphone choice (fake Electron)", { shuffle: false }, () => {
  it('is on disk as soon as the consent page is accepted, although the engine then fails to start', async () => {
    await acceptConsent({ audio: true, start_at_login: false });
    expect(await exitCode()).toBe(1);
    expect(starts.count).toBe(1);
    expect(consentOnDisk()).toMatchObject({ audio: true, audio_pending: true });
  });

  it('becomes "Record audio" at the next start, which asks nothing, and is then no longer pending', async () => {
    // A new process: fresh modules (Engram's; the mocked Electron stays, with its exit code cleared), the same data folder and key.
    fake.exitCode = null;
    // The first run's app handlers (its Quit), IPC handlers and windows went with its process.
    fake.appEvents.removeAllListeners();
    electronModule.ipcMain.handlers.clear();
    for (const w of FakeBrowserWindow.getAllWindows()) w.destroy();
    vi.resetModules();
    await import('../../electron/desktop/main/main.js');
    await windowAt('app://engram/index.html');
    expect(starts.count).toBe(2);
    await until(() => consentOnDisk().audio_pending === undefined, 'the choice taken');
    expect(consentOnDisk()).toMatchObject({ audio: true, start_at_login: false });
    electronModule.app.quit();
    expect(await exitCode()).toBe(0);
    expect(walLeft(run)).toBe(false);
    await reopenStore(run, (store) => expect(readCaptureSettings(store).audio.enabled).toBe(true));
  });
});
