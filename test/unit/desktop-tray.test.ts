import { describe, expect, it } from 'vitest';
import { trayModel, type TrayInput, type TrayMenuItem } from '../../electron/desktop/policy/index.js';
import { runningStatus } from '../fixtures/capture-status.js';


const base: TrayInput = { status: runningStatus(), framesToday: 412, autoPause: null, now: Date.parse('2025-03-01T10:00:00Z'), formatTime: (t) => new Date(t).toISOString().slice(11, 16) };

function actions(menu: TrayMenuItem[]) {
  return Object.fromEntries(menu.filter((i) => i.kind === 'action').map((i) => [i.id, i.enabled]));
}

describe('tray model', () => {
  it('recording: red icon, frame count in the tooltip, pause enabled, resume disabled', () => {
    const m = trayModel(base);
    expect(m.icon).toBe('recording');
    expect(m.tooltip).toBe('Capturing — 412 frames today');
    expect(actions(m.menu)).toEqual({ 'pause-15': true, 'pause-60': true, 'pause-indefinite': true, resume: false, open: true, quit: true });
    expect(m.menu[0]).toEqual({ kind: 'status', label: 'Capturing — 412 frames today' });
  });

  it('menu offers 15 minutes, 1 hour and until resume, then Resume, Open, Quit in that order', () => {
    const labels = trayModel(base).menu.filter((i) => i.kind === 'action').map((i) => (i.kind === 'action' ? [i.label, i.action] : null));
    expect(labels).toEqual([
      ['Pause for 15 minutes', { type: 'pause', minutes: 15 }],
      ['Pause for 1 hour', { type: 'pause', minutes: 60 }],
      ['Pause until I resume', { type: 'pause', minutes: null }],
      ['Resume', { type: 'resume' }],
      ['Open Engram', { type: 'open' }],
      ['Quit Engram', { type: 'quit' }],
    ]);
  });

  it('timed pause: paused icon, until-time in the tooltip, resume enabled', () => {
    const m = trayModel({ ...base, status: runningStatus({ state: 'paused', paused_until: '2025-03-01T10:15:00.000Z' }) });
    expect(m.icon).toBe('paused');
    expect(m.tooltip).toBe('Paused until 10:15 — 412 frames today');
    expect(actions(m.menu).resume).toBe(true);
    // The user may change a 15-minute pause into "until I resume".
    expect(actions(m.menu)['pause-indefinite']).toBe(true);
  });

  it('pause until resume', () => {
    const m = trayModel({ ...base, framesToday: 1, status: runningStatus({ state: 'paused' }) });
    expect(m.tooltip).toBe('Paused until you resume — 1 frame today');
  });

  it.each([
    ['locked', 'Paused (screen locked) — 412 frames today'],
    ['suspended', 'Paused (computer asleep) — 412 frames today'],
    ['idle', 'Paused (you are away) — 412 frames today'],
  ] as const)('auto-pause %s shows the reason; Resume stays off (the user did not pause)', (reason, tooltip) => {
    const m = trayModel({ ...base, autoPause: reason });
    expect(m.icon).toBe('paused');
    expect(m.tooltip).toBe(tooltip);
    expect(actions(m.menu).resume).toBe(false);
  });

  it('capture error: error icon with the message; Resume retries', () => {
    const m = trayModel({ ...base, status: runningStatus({ state: 'error', message: 'Screen recording permission was denied' }) });
    expect(m.icon).toBe('error');
    expect(m.tooltip).toBe('Not recording — Screen recording permission was denied');
    expect(actions(m.menu)).toMatchObject({ resume: true, 'pause-15': false, open: true, quit: true });
  });

  it('an app-level problem (key, OCR) wins over a running capture', () => {
    const m = trayModel({ ...base, error: 'OCR workers keep crashing' });
    expect(m.icon).toBe('error');
    expect(m.tooltip).toContain('OCR workers keep crashing');
  });

  it('unavailable and not-yet-started states', () => {
    expect(trayModel({ ...base, status: runningStatus({ state: 'unavailable', message: null }) }).icon).toBe('error');
    const starting = trayModel({ ...base, status: null });
    expect(starting.tooltip).toBe('Engram — starting…');
    expect(actions(starting.menu)).toMatchObject({ 'pause-15': false, resume: false, open: true, quit: true });
  });

  it('stopped capture keeps nothing (error icon, never "Capturing") and can be resumed', () => {
    const m = trayModel({ ...base, status: runningStatus({ state: 'stopped' }) });
    expect(m.icon).toBe('error');
    expect(m.tooltip).toBe('Not recording — capture is stopped');
    expect(actions(m.menu).resume).toBe(true);
  });

  it('keeps tooltips short enough for Windows', () => {
    const m = trayModel({ ...base, error: 'x'.repeat(300) });
    expect(m.tooltip.length).toBeLessThanOrEqual(120);
  });

  it('formats big counts with separators', () => {
    expect(trayModel({ ...base, framesToday: 12_345 }).tooltip).toBe('Capturing — 12,345 frames today');
  });

  it('with several displays, each can be paused and resumed on its own; one display adds nothing', () => {
    const privacy = {
      window_list: 'ok' as const,
      problem: null,
      windows_hidden: { excluded_app: 0, excluded_title: 0, excluded_url: 0, engram_window: 0 },
      frames_masked: 0,
      frames_dropped_race: 0,
      frames_failed_closed: 0,
      frames_mostly_hidden: 0,
      displays: [
        { id: 'DP-1', name: 'DP-1', paused: false },
        { id: 'HDMI-1', name: 'HDMI-1', paused: true },
      ],
    };
    const items = trayModel({ ...base, status: runningStatus({ privacy }) }).menu.filter((i) => i.kind === 'action' && i.id.startsWith('display-'));
    expect(items.map((i) => (i.kind === 'action' ? [i.label, i.action] : null))).toEqual([
      ['Pause display DP-1', { type: 'pauseDisplay', display: 'DP-1', paused: true }],
      ['Resume display HDMI-1', { type: 'pauseDisplay', display: 'HDMI-1', paused: false }],
    ]);
    const one = trayModel({ ...base, status: runningStatus({ privacy: { ...privacy, displays: privacy.displays.slice(0, 1) } }) });
    expect(one.menu.some((i) => i.kind === 'action' && i.id.startsWith('display-'))).toBe(false);
  });
});
