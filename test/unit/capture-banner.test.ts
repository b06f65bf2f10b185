import { describe, expect, it } from 'vitest';
import { captureHealthOf, type CaptureStatus } from '../../shared/api/index.js';
import { captureBanner } from '../../renderer/src/lib/capture-banner.js';
import { captureStatusLine } from '../../renderer/src/lib/capture-status-line.js';
import { runningStatus } from '../fixtures/capture-status.js';

// The window's banner and browser mode's status line (issue 29, item 4): they say what the one
// capture-health model says. The scheduler's raw "running" is not "recording": a tick that keeps
// nothing must never read as Recording or Capturing, whatever the raw state.

const status = (over: Partial<CaptureStatus> = {}): CaptureStatus => runningStatus({ frames_kept: 7, ...over });
const RECORDING = /^(Recording|Capturing)/;

describe('the window’s capture banner', () => {
  it('a running scheduler that keeps nothing is "Not recording", with what to do and the button for it', () => {
    const cases = [
      [{ reason: 'wayland', message: null }, 'Not recording — Wayland hides the windows', 'open_privacy', 'Open Privacy'],
      [{ reason: 'no_permission', message: null }, 'Not recording — grant Screen Recording', 'open_screen_settings', 'Open Screen Recording settings'],
      [{ reason: 'window_list', message: 'no X display' }, 'Not recording — windows cannot be checked', 'open_privacy', 'Open Privacy'],
      [{ reason: 'no_display', message: null }, 'Not recording — no display found', null, null],
      [{ reason: 'disabled', message: null }, 'Not recording — capture is off in Settings', 'open_settings', 'Open Settings'],
    ] as const;
    for (const [blocked, title, kind, label] of cases) {
      const s = status({ state: 'running', blocked });
      const b = captureBanner(captureHealthOf(s), s);
      expect(b.title).toBe(title);
      expect(b.tone).toBe('off');
      expect(b.canPause).toBe(false);
      expect(b.action).toEqual(kind ? { kind, label } : null);
      expect(b.title).not.toMatch(RECORDING);
      const line = captureStatusLine(captureHealthOf(s), s);
      expect(line).toBe(title);
      expect(line).not.toMatch(RECORDING);
    }
  });

  it('capturing shows the count and can be paused; a timed pause says until when and offers Resume', () => {
    const run = status({ last_frame_at: new Date(Date.now() - 5_000).toISOString() });
    expect(captureBanner(captureHealthOf(run), run)).toMatchObject({ tone: 'capturing', title: 'Capturing', canPause: true, action: null });
    expect(captureStatusLine(captureHealthOf(run), run)).toBe('Capturing — 7 frames today');

    const until = '2026-03-04T14:30:00.000Z';
    const paused = status({ state: 'paused', paused_until: until });
    const b = captureBanner(captureHealthOf(paused), paused);
    expect(b).toMatchObject({ tone: 'paused', canPause: false, action: { kind: 'resume', label: 'Resume' } });
    expect(b.title).toMatch(/^Paused until \d{1,2}:\d{2}/);
    expect(captureStatusLine(captureHealthOf(paused), paused)).toMatch(/^Paused until \d{1,2}:\d{2}.* — 7 frames today$/);
  });

  it('the computer’s own pause (screen locked) is paused, not recording, with nothing to press', () => {
    const s = status({ auto_pause: 'locked' });
    const b = captureBanner(captureHealthOf(s), s);
    expect(b).toMatchObject({ tone: 'paused', title: 'Paused (screen locked)', action: null, canPause: false });
  });

  it('before the host answers, it says starting, never recording', () => {
    expect(captureBanner(null, null)).toMatchObject({ tone: 'starting', action: null });
    expect(captureStatusLine(null, status())).toBe('Engram — starting…');
  });
});
