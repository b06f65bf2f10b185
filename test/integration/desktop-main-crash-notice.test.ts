import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fake, FakeNotification } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, runDesktopMain, windowAt } from '../helpers/desktop-main-run.js';

// An error nobody caught, in the running app, whose message holds what the process was handling
// (here the words JSON.parse quotes from its input: a line read off the screen). The crash report
// keeps none of the message; the app's own notice of the crash (its stderr line, the notification,
// the error box) must not either: stderr lands in the session's log or a journal, notifications in
// the desktop's history, both plaintext files.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const SECRET = 'Harbour-Kestrel-7731';
/** The test runner's own handlers, set before the app installs its crash journal. */
let runnerHandlers: NodeJS.UncaughtExceptionListener[] = [];

const run = runDesktopMain('engram-crash-notice-', {
  seeded: true,
  env: () => ({ ENGRAM_TRAY_HOST: 'present' }),
  before: () => {
    runnerHandlers = process.listeners('uncaughtException');
    FakeNotification.supported = true;
  },
  after: () => {
    FakeNotification.supported = false;
  },
});

/** Raises the error as Node would for an uncaught throw, to the app's handler alone (not the test runner's). */
function throwUncaught(err: Error): void {
  for (const h of runnerHandlers) process.off('uncaughtException', h);
  try {
    process.emit('uncaughtException', err);
  } finally {
    for (const h of runnerHandlers) process.on('uncaughtException', h);
  }
}

describe('a crash of the running app (fake Electron)', { shuffle: false }, () => {
  it('is told by its kind and report, never by its message: stderr, the notification and the error box hold no screen text', async () => {
    await acceptConsent();
    await windowAt('app://engram/index.html');
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const shownBefore = FakeNotification.shown.length;
    try {
      throwUncaught(new SyntaxError(`Unexpected token 'w', "wifi password: ${SECRET}" is not valid JSON`));
      expect(await exitCode()).toBe(1);
    } finally {
      stderr.mockRestore();
    }
    const notes = FakeNotification.shown.slice(shownBefore).map((n) => `${n.options.title}\n${n.options.body}`);
    const reports = readdirSync(path.join(run.dataDir, 'crashes')).filter((f) => f.endsWith('.json'));
    expect(reports).toHaveLength(1);
    const report = readFileSync(path.join(run.dataDir, 'crashes', reports[0]!), 'utf8');
    const told = [...written, ...notes, ...fake.errorBoxes].join('\n');
    // Told: what kind of error, and where its report is.
    expect(told).toContain('SyntaxError');
    expect(told).toContain(reports[0]);
    for (const where of [told, report]) {
      expect(where).not.toContain(SECRET);
      expect(where).not.toContain('wifi password');
    }
  }, 90_000);
});
