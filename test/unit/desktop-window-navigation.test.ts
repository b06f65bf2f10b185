import { describe, expect, it } from 'vitest';
import { healthActionPlan, mainWindowUrl, navigationStep, trayModel } from '../../electron/desktop/policy/index.js';
import type { CaptureStatus } from '../../shared/api/index.js';
import { runningStatus } from '../fixtures/capture-status.js';

// Issue 29: the tray's and the notification's "Open Privacy" / "Open Settings" land on that screen.

const status = (over: Partial<CaptureStatus>): CaptureStatus => runningStatus({ frames_kept: 3, ...over });

describe('health actions from outside the window', () => {
  it('each action is what the banner button does: a screen, a System Settings pane, or the window', () => {
    expect(healthActionPlan('open_privacy')).toEqual({ kind: 'window', screen: 'privacy' });
    expect(healthActionPlan('open_settings')).toEqual({ kind: 'window', screen: 'settings' });
    expect(healthActionPlan('open_screen_settings')).toEqual({ kind: 'system_settings', pane: 'screen_recording' });
    expect(healthActionPlan('resume')).toEqual({ kind: 'resume' });
    expect(healthActionPlan(null)).toEqual({ kind: 'window', screen: null });
  });

  it('a new window opens at the screen; a loading one loads there; a loaded one is told (its router follows)', () => {
    expect(mainWindowUrl('privacy')).toBe('app://engram/index.html#/privacy');
    expect(mainWindowUrl(null)).toBe('app://engram/index.html');
    expect(navigationStep('none', 'settings')).toBe('create');
    expect(navigationStep('loading', 'settings')).toBe('load');
    expect(navigationStep('ready', 'privacy')).toBe('event');
    expect(navigationStep('ready', null)).toBe('show');
    expect(navigationStep('loading', null)).toBe('show');
  });

  it('the tray offers the health\'s screen under its line: Open Privacy when the windows cannot be checked, Open Settings when capture is off', () => {
    const items = (s: CaptureStatus) => trayModel({ status: s, framesToday: 0, autoPause: null, now: 0 }).menu.flatMap((i) => (i.kind === 'action' ? [{ id: i.id, label: i.label, action: i.action }] : []));
    const blocked = status({ blocked: { reason: 'window_list', message: 'no X display' } } as Partial<CaptureStatus>);
    expect(items(blocked)[0]).toEqual({ id: 'open-privacy', label: 'Open Privacy', action: { type: 'openScreen', screen: 'privacy' } });
    const off = status({ blocked: { reason: 'disabled', message: null } } as Partial<CaptureStatus>);
    expect(items(off)[0]).toEqual({ id: 'open-settings', label: 'Open Settings', action: { type: 'openScreen', screen: 'settings' } });
    // Capturing: nothing to fix, no such item.
    expect(items(status({})).some((i) => i.id.startsWith('open-') && i.id !== 'open')).toBe(false);
  });
});
