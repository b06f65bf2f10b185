import { describe, expect, it } from 'vitest';
import { captureHealthOf, type CaptureStatus } from '../../shared/api/index.js';
import { consentRecord, consentState, readConsent, writeConsent } from '../../electron/desktop/policy/index.js';
import { createBrowserSession } from '../../electron/engine/index.js';
import type { CaptureControl } from '../../electron/api/index.js';
import { tempDirsEachTest } from '../helpers/temp-dirs.js';

const tmp = tempDirsEachTest('engram-browser-session-');

/** A capture service stand-in that only records whether it was started and what it was asked. */
function fakeCapture() {
  const calls: string[] = [];
  const status = (state: CaptureStatus['state']): CaptureStatus => ({ state, paused_until: null, last_frame_at: null, frames_kept: 0, frames_skipped: 0, frames_gated: 0, ocr_backlog: 0, audio: false, message: null });
  let running = false;
  const control: CaptureControl = {
    status: () => status(running ? 'running' : 'stopped'),
    pause: () => (calls.push('pause'), status('paused')),
    resume: () => (calls.push('resume'), status('running')),
  };
  return {
    calls,
    control,
    start: () => void ((running = true), calls.push('start')),
    stop: async () => void ((running = false), calls.push('stop')),
    drain: async () => void calls.push('drain'),
    running: () => running,
  };
}

describe('browser mode’s consent', () => {
  it('captures nothing until the window’s welcome page is accepted, then records the desktop app’s record', async () => {
    const dir = tmp();
    const cap = fakeCapture();
    const s = createBrowserSession({ dataDir: dir, captures: true, onQuit: () => undefined, now: () => new Date('2026-01-02T03:04:05Z') });
    const capture = s.gate(cap.control);
    await s.attach(cap);
    expect(cap.running()).toBe(false);
    expect(await s.session.consent()).toMatchObject({ asked_here: true, granted: false, reason: 'first-run', captures: true, data_dir: dir });
    expect(capture.status()).toMatchObject({ state: 'stopped', message: expect.stringContaining('accept') });
    // Resume (or pause) from the window before consent must not start anything.
    expect(() => capture.resume()).toThrow(/accept/);
    expect(cap.calls).toEqual([]);

    expect(await s.session.acceptConsent()).toMatchObject({ granted: true, reason: null });
    expect(cap.calls).toEqual(['start']);
    expect(s.capturing()).toBe(true);
    // The same record, read the way the desktop app reads it.
    expect(consentState(await readConsent(dir))).toEqual({ state: 'granted', record: { version: 1, accepted_at: '2026-01-02T03:04:05.000Z', audio: false, start_at_login: false } });
    expect(capture.status().state).toBe('running');
  });

  it('before consent the health says to accept the welcome page, even when capture is also off in Settings', async () => {
    const cap = fakeCapture();
    const off: CaptureControl = { ...cap.control, status: () => ({ ...cap.control.status(), blocked: { reason: 'disabled', message: null } }) };
    const s = createBrowserSession({ dataDir: tmp(), captures: true, onQuit: () => undefined });
    const capture = s.gate(off);
    await s.attach(cap);
    const h = captureHealthOf(capture.status());
    expect(h).toMatchObject({ state: 'not_recording', reason: 'no_consent', title: 'Not recording — waiting for your consent', action: null });
    expect(h.detail).toMatch(/accept the welcome page/);
    // Once accepted, what is in the way next (the Settings switch) is what the window says.
    await s.session.acceptConsent();
    expect(captureHealthOf(capture.status())).toMatchObject({ reason: 'disabled', action: 'open_settings' });
  });

  it('does not ask again when the desktop app already has consent on record, and keeps that record as it was', async () => {
    const dir = tmp();
    const desktop = consentRecord({ audio: true, start_at_login: true }, new Date('2025-12-01T00:00:00Z'));
    await writeConsent(dir, desktop);
    const cap = fakeCapture();
    const s = createBrowserSession({ dataDir: dir, captures: true, onQuit: () => undefined });
    await s.attach(cap);
    expect(cap.running()).toBe(true);
    expect(await s.session.consent()).toMatchObject({ granted: true });
    await s.session.acceptConsent();
    expect(cap.calls).toEqual(['start']);
    expect(await readConsent(dir)).toEqual(desktop);
  });

  it('withdrawn: capture stops (what was taken is read first), the record goes, and nothing restarts until accepted again', async () => {
    const dir = tmp();
    await writeConsent(dir, consentRecord({ audio: false, start_at_login: false }, new Date('2025-12-01T00:00:00Z')));
    const cap = fakeCapture();
    const s = createBrowserSession({ dataDir: dir, captures: true, onQuit: () => undefined, now: () => new Date('2026-02-03T00:00:00Z') });
    const capture = s.gate(cap.control);
    await s.attach(cap);
    expect(cap.running()).toBe(true);

    expect(await s.session.withdrawConsent()).toMatchObject({ granted: false, reason: 'first-run' });
    expect(cap.calls).toEqual(['start', 'stop', 'drain']);
    expect(s.capturing()).toBe(false);
    expect(await readConsent(dir)).toBeNull();
    // The window's controls are back to waiting: resume cannot restart capture behind the user's back.
    expect(capture.status()).toMatchObject({ state: 'stopped', message: expect.stringContaining('accept') });
    expect(() => capture.resume()).toThrow(/accept/);
    // Withdrawing twice is harmless.
    await s.session.withdrawConsent();
    expect(cap.calls).toEqual(['start', 'stop', 'drain']);

    // Accepted again: a new record, capture runs again.
    expect(await s.session.acceptConsent()).toMatchObject({ granted: true });
    expect(cap.calls).toEqual(['start', 'stop', 'drain', 'start']);
    expect(consentState(await readConsent(dir))).toMatchObject({ state: 'granted', record: { accepted_at: '2026-02-03T00:00:00.000Z' } });
  });

  it('without a display there is nothing to consent to, and Quit reaches the host', async () => {
    let quits = 0;
    const s = createBrowserSession({ dataDir: tmp(), captures: false, onQuit: () => quits++ });
    await s.attach(null);
    expect(await s.session.consent()).toMatchObject({ captures: false, granted: false });
    s.session.quit();
    expect(quits).toBe(1);
  });
});
