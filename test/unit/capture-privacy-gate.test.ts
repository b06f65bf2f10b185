import { describe, expect, it } from 'vitest';
import { PrivacyGate, type WindowInfo } from '../../electron/sensing/capture/index.js';
import { CaptureSettingsSchema, DEFAULT_EXCLUDED_APPS, defaultCaptureSettings } from '../../shared/settings/index.js';

const win = (app: string, title = 'Untitled', extra: Partial<WindowInfo> = {}): WindowInfo => ({ app, title, url: null, pid: 4242, path: null, bounds: null, ...extra });
const self = { pids: [1], apps: ['Engram'] };

describe('privacy gate', () => {
  const settings = defaultCaptureSettings();
  const gate = new PrivacyGate(settings.privacy, self);
  const now = Date.parse('2026-03-02T10:00:00Z');

  it('blocks the default password managers by app or executable name', () => {
    expect(DEFAULT_EXCLUDED_APPS).toEqual(expect.arrayContaining(['1Password', 'Bitwarden', 'KeePassXC', 'LastPass', 'Dashlane', 'Keychain Access']));
    expect(gate.check(win('KeePassXC'), now)).toMatchObject({ allowed: false, reason: 'excluded_app' });
    expect(gate.check(win('keepassxc'), now)).toMatchObject({ allowed: false, reason: 'excluded_app' });
    expect(gate.check(win('1Password.app'), now)).toMatchObject({ allowed: false, reason: 'excluded_app' });
    expect(gate.check(win('node', 'x', { path: '/usr/bin/bitwarden' }), now)).toMatchObject({ allowed: false, reason: 'excluded_app' });
    expect(gate.check(win('Firefox', 'Docs'), now)).toEqual({ allowed: true });
    expect(gate.check(null, now)).toEqual({ allowed: true });
  });

  it('blocks private and incognito browsing by title', () => {
    expect(gate.check(win('Google-chrome', 'New Tab - Google Chrome (Incognito)'), now)).toMatchObject({ reason: 'excluded_title' });
    expect(gate.check(win('firefox', 'Mozilla Firefox Private Browsing'), now)).toMatchObject({ reason: 'excluded_title' });
    expect(gate.check(win('msedge', 'Bing — [InPrivate] - Microsoft Edge'), now)).toMatchObject({ reason: 'excluded_title' });
  });

  it("blocks URL patterns and Engram's own windows", () => {
    const g = new PrivacyGate(CaptureSettingsSchema.parse({ privacy: { excluded_url_patterns: ['^https://bank\\.example\\.com/'] } }).privacy, self);
    expect(g.check(win('Safari', 'Bank', { url: 'https://bank.example.com/accounts' }), now)).toMatchObject({ reason: 'excluded_url' });
    expect(g.check(win('Safari', 'News', { url: 'https://news.example.com/' }), now)).toEqual({ allowed: true });
    expect(g.check(win('Electron', 'Engram', { pid: 1 }), now)).toMatchObject({ reason: 'engram_window' });
    expect(g.check(win('engram'), now)).toMatchObject({ reason: 'engram_window' });
  });

  it('pause: until resumed, or until a time', () => {
    const paused = new PrivacyGate({ ...settings.privacy, paused: true }, self);
    expect(paused.checkPause(now)).toMatchObject({ allowed: false, reason: 'paused' });
    expect(paused.pausedUntilAt(now)).toBeNull();
    const until = new PrivacyGate({ ...settings.privacy, paused: true, paused_until: new Date(now + 60_000).toISOString() }, self);
    expect(until.check(win('Firefox'), now)).toMatchObject({ reason: 'paused' });
    expect(until.pausedUntilAt(now)).toBe(now + 60_000);
    expect(until.check(win('Firefox'), now + 60_000)).toEqual({ allowed: true });
  });

  it('settings schema: defaults, and invalid patterns rejected', () => {
    const d = CaptureSettingsSchema.parse({});
    expect(d).toMatchObject({ interval_s: 3, force_after_s: 60, retention: { max_gb: 10, max_age_days: 90 }, ocr: { workers: 2 }, captioning: { enabled: false } });
    expect(CaptureSettingsSchema.safeParse({ privacy: { excluded_title_patterns: ['(unclosed'] } }).success).toBe(false);
    expect(CaptureSettingsSchema.safeParse({ interval_s: 0 }).success).toBe(false);
  });
});
