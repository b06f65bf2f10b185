import { describe, expect, it } from 'vitest';
import { captureHealthLine, captureHealthOf, CaptureHealthSchema, type CaptureStatus } from '../../shared/api/index.js';
import { HealthNotices, systemSettingsUrl, trayModel } from '../../electron/desktop/policy/index.js';
import { runningStatus } from '../fixtures/capture-status.js';

// One capture-health model (issue 29, item 4) decides what the tray icon, the tray line, the
// window banner and the one notification say. Written from the user's side: what they must be told.

const status = (over: Partial<CaptureStatus> = {}): CaptureStatus => runningStatus({ frames_kept: 3, ...over });
const hhmm = (iso: string) => iso.slice(11, 16);

describe('capture health', () => {
  it('running with nothing in the way is capturing, with the count', () => {
    const h = captureHealthOf(status());
    expect(h).toMatchObject({ state: 'capturing', reason: null, action: null });
    expect(captureHealthLine(h, 3, hhmm)).toBe('Capturing — 3 frames today');
    expect(CaptureHealthSchema.parse(h)).toEqual(h);
  });

  it('a scheduler that ticks but keeps nothing is never "capturing"', () => {
    const cases = [
      [{ reason: 'no_permission', message: null }, 'Not recording — grant Screen Recording', 'open_screen_settings'],
      [{ reason: 'wayland', message: 'Wayland does not let apps list the windows' }, 'Not recording — Wayland hides the windows', 'open_privacy'],
      [{ reason: 'window_list', message: 'no X display (DISPLAY is not set)' }, 'Not recording — windows cannot be checked', 'open_privacy'],
      [{ reason: 'no_display', message: 'no display found' }, 'Not recording — no display found', null],
      [{ reason: 'disabled', message: null }, 'Not recording — capture is off in Settings', 'open_settings'],
    ] as const;
    for (const [blocked, title, action] of cases) {
      const h = captureHealthOf(status({ blocked }));
      expect(h).toMatchObject({ state: 'not_recording', reason: blocked.reason, title, action });
      expect(captureHealthLine(h, 3, hhmm)).toBe(title);
      // Every not-recording state says what to do.
      expect(h.detail).toBeTruthy();
      expect(h.action_label === null).toBe(action === null);
    }
  });

  it('the window-list reason carries the problem and what to do', () => {
    const h = captureHealthOf(status({ blocked: { reason: 'window_list', message: 'no X display (DISPLAY is not set)' } }));
    expect(h.detail).toMatch(/^no X display \(DISPLAY is not set\)\. Engram keeps nothing it cannot check/);
  });

  it('Wayland does not promise a picker', () => {
    const h = captureHealthOf(status({ blocked: { reason: 'wayland', message: null } }));
    expect(h.detail).not.toMatch(/picker|choose the screen/i);
    expect(h.detail).toMatch(/keeps nothing/);
  });

  it('a block outranks a pause: resuming would not record either', () => {
    expect(captureHealthOf(status({ state: 'paused', blocked: { reason: 'no_permission', message: null } })).state).toBe('not_recording');
  });

  it('paused by the user: until when, and Resume', () => {
    const timed = captureHealthOf(status({ state: 'paused', paused_until: '2026-03-02T14:30:00.000Z' }));
    expect(timed).toMatchObject({ state: 'paused', paused_until: '2026-03-02T14:30:00.000Z', action: 'resume' });
    expect(captureHealthLine(timed, 1, hhmm)).toBe('Paused until 14:30 — 1 frame today');
    expect(captureHealthLine(captureHealthOf(status({ state: 'paused' })), 0, hhmm)).toBe('Paused until you resume — 0 frames today');
  });

  it('paused by the computer: why, from the status or the host, and no Resume', () => {
    const h = captureHealthOf(status({ auto_pause: 'locked' }));
    expect(h).toMatchObject({ state: 'paused', auto_pause: 'locked', action: null });
    expect(captureHealthLine(h, 3, hhmm)).toBe('Paused (screen locked) — 3 frames today');
    expect(captureHealthOf(status({ auto_pause: 'locked' }), null).state).toBe('capturing');
    expect(captureHealthOf(status(), 'idle').title).toBe('Paused (you are away)');
  });

  it('an error says what happened and offers Resume; a host without capture says where it runs', () => {
    expect(captureHealthOf(status({ state: 'error', message: 'the disk is full' }))).toMatchObject({ state: 'not_recording', reason: 'error', title: 'Not recording — the disk is full', action: 'resume' });
    expect(captureHealthOf(status({ state: 'unavailable', message: 'Capture runs in the desktop app.' }))).toMatchObject({ reason: 'no_capture', detail: 'Capture runs in the desktop app.' });
    expect(captureHealthLine(captureHealthOf(null), 0, hhmm)).toBe('Engram — starting…');
  });
});

describe('the tray and the notification follow the health', () => {
  const base = { framesToday: 0, autoPause: null, now: 0, formatTime: (t: number) => new Date(t).toISOString().slice(11, 16) };

  it('Wayland fail-closed: error icon, no "Capturing" (the tray used to say "Capturing — 0 frames today")', () => {
    const m = trayModel({ ...base, status: status({ blocked: { reason: 'wayland', message: null } }) });
    expect(m.icon).toBe('error');
    expect(m.tooltip).toBe('Not recording — Wayland hides the windows');
  });

  it('macOS without the grant: a menu item right under the line opens the Screen Recording pane', () => {
    const m = trayModel({ ...base, status: status({ blocked: { reason: 'no_permission', message: null } }) });
    expect(m.menu[0]).toEqual({ kind: 'status', label: 'Not recording — grant Screen Recording' });
    expect(m.menu[1]).toEqual({ kind: 'action', id: 'grant-screen', label: 'Open Screen Recording settings', enabled: true, action: { type: 'openScreenSettings' } });
    expect(trayModel({ ...base, status: status() }).menu.some((i) => i.kind === 'action' && i.id === 'grant-screen')).toBe(false);
  });

  it('one notification per reason, again only after capture recovered; none for the user\'s own switch', () => {
    const notices = new HealthNotices();
    const denied = captureHealthOf(status({ blocked: { reason: 'no_permission', message: null } }));
    expect(notices.next(denied)).toMatchObject({ title: 'Not recording — grant Screen Recording', action: 'open_screen_settings' });
    expect(notices.next(denied)).toBeNull();
    expect(notices.next(captureHealthOf(status({ state: 'paused' })))).toBeNull();
    expect(notices.next(denied)).toBeNull();
    expect(notices.next(captureHealthOf(status()))).toBeNull();
    expect(notices.next(denied)).not.toBeNull();
    expect(new HealthNotices().next(captureHealthOf(status({ blocked: { reason: 'disabled', message: null } })))).toBeNull();
  });

  it('the Screen Recording pane is a fixed macOS address, and none elsewhere', () => {
    expect(systemSettingsUrl('screen_recording', 'darwin')).toBe('x-apple.systempreferences:com.apple.preference.security?Privacy_ScreenCapture');
    expect(systemSettingsUrl('screen_recording', 'linux')).toBeNull();
    expect(systemSettingsUrl('screen_recording', 'win32')).toBeNull();
  });
});
