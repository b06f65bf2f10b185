import { describe, expect, it } from 'vitest';
import { privacyRules } from '../../agents/meta/index.js';
import { PrivacyGate, type WindowInfo } from '../../electron/sensing/capture/index.js';
import { ExclusionMatcher, isBrowser, normaliseApp, type WindowFacts } from '../../shared/exclusion/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, DEFAULT_EXCLUDED_APPS, defaultCaptureSettings, type CaptureSettingsInput } from '../../shared/settings/index.js';

/**
 * One matcher for the capture gate and the brain's filter (issue 28): every case is asked of the
 * matcher, of the gate and of the brain's rules, which must agree.
 */
const now = Date.parse('2026-03-02T10:00:00Z');
const self = { pids: [1], apps: ['Engram'] };

function privacy(input: CaptureSettingsInput['privacy'] = {}) {
  return CaptureSettingsSchema.parse({ privacy: input }).privacy;
}
/** The brain's rules over a settings store holding `input`, as the meta-agent reads them. */
function brainRules(input: CaptureSettingsInput['privacy'] = {}) {
  const stored = CaptureSettingsSchema.parse({ privacy: input });
  const settings = {
    get: (key: string) => {
      expect(key).toBe(CAPTURE_SETTINGS_KEY);
      return stored;
    },
  };
  return privacyRules({ settings } as unknown as Parameters<typeof privacyRules>[0]);
}
const win = (app: string, title: string, extra: Partial<WindowInfo> = {}): WindowInfo => ({ app, title, url: null, pid: 4242, path: null, bounds: null, ...extra });

/** The three readers of one rule set: each must give the same answer. */
function readers(input: CaptureSettingsInput['privacy'] = {}) {
  const matcher = new ExclusionMatcher(privacy(input));
  const gate = new PrivacyGate(privacy(input), self);
  const brain = brainRules(input);
  return (w: WindowInfo) => {
    const facts: WindowFacts = { app: w.app, title: w.title, url: w.url, path: w.path, classes: w.classes };
    const m = matcher.match(facts);
    const g = gate.exclusion(w);
    expect(g, `gate and matcher on ${w.app} / ${w.title}`).toBe(m);
    // The brain sees an observation: app, title and URL only (no path, no classes).
    const observed = { app: w.app, title: w.title, url: w.url };
    expect(brain.excludes(observed), `brain and matcher on ${w.app} / ${w.title}`).toBe(new ExclusionMatcher(privacy(input)).excludes(observed));
    return m;
  };
}

describe('one exclusion matcher (gate and brain)', () => {
  it('a browser window titled after each default password manager is excluded; a normal window beside it is not', () => {
    const check = readers();
    for (const name of DEFAULT_EXCLUDED_APPS) {
      for (const title of [`${name} — Mozilla Firefox`, `Vault | ${name} - Google Chrome`, `${name.toLowerCase()}: log in`, `Sign in (${name.toUpperCase()})`]) {
        expect(check(win('Firefox', title, { classes: ['Navigator', 'firefox'] })), title).toBe('excluded_app');
        expect(check(win('Google Chrome', title)), title).toBe('excluded_app');
      }
      expect(check(win('Firefox', `Release notes - Mozilla Firefox`, { classes: ['Navigator', 'firefox'] }))).toBeNull();
    }
    // Separators fold as in app names: "Proton-Pass", "Keychain_Access".
    expect(check(win('Safari', 'proton-pass web'))).toBe('excluded_app');
    expect(check(win('Safari', 'Keychain_Access help'))).toBe('excluded_app');
  });

  it('titles match whole words only', () => {
    const check = readers();
    for (const title of ['Seahorses of the reef', 'Bitwardenish notes', 'the keeper of the keys', 'Enpassant in chess', 'NordPassage', 'robo form']) {
      expect(check(win('Firefox', title)), title).toBeNull();
    }
  });

  it('an app the user removed from the list is neither matched by name nor by title', () => {
    const apps = DEFAULT_EXCLUDED_APPS.filter((a) => a !== 'Bitwarden');
    const check = readers({ excluded_apps: apps });
    expect(check(win('Bitwarden', 'Vault'))).toBeNull();
    expect(check(win('Firefox', 'Bitwarden Web Vault'))).toBeNull();
    expect(check(win('Firefox', '1Password'))).toBe('excluded_app');
  });

  it('apps the user added match by name, executable and class, not by title', () => {
    const check = readers({ excluded_apps: [...DEFAULT_EXCLUDED_APPS, 'Signal'] });
    expect(check(win('Signal', 'chats'))).toBe('excluded_app');
    expect(check(win('Firefox', 'Signal blog - Firefox'))).toBeNull();
  });

  it('app names compare after normalising case, .app, .exe and separators, by app, executable or class', () => {
    const check = readers({ excluded_apps: ['KeePassXC', 'Keychain Access', 'proton_pass'] });
    for (const app of ['KeePassXC', 'keepassxc', 'KEEPASSXC.app', 'keepassxc.exe', 'keychain-access', 'Keychain_Access.app', 'Proton Pass', 'proton-pass.exe']) {
      expect(check(win(app, 'x')), app).toBe('excluded_app');
    }
    expect(check(win('node', 'x', { path: 'C:\\Program Files\\KeePassXC\\KeePassXC.exe' }))).toBe('excluded_app');
    expect(check(win('node', 'x', { path: '/usr/bin/keepassxc' }))).toBe('excluded_app');
    expect(check(win('xterm', 'x', { classes: ['xterm', 'KeePassXC'] }))).toBe('excluded_app');
    expect(check(win('KeePassXCextra', 'x'))).toBeNull();
    expect(normaliseApp('  Proton_Pass.app ')).toBe('proton pass');
  });

  it('title patterns: private browsing by default, the user\'s own too', () => {
    const check = readers({ excluded_title_patterns: ['\\bincognito\\b', '^Payroll'] });
    expect(check(win('Google-chrome', 'New Tab - Google Chrome (Incognito)'))).toBe('excluded_title');
    expect(check(win('LibreOffice', 'Payroll 2026.ods'))).toBe('excluded_title');
    expect(check(win('LibreOffice', 'Budget 2026.ods'))).toBeNull();
  });

  it('URL rules: a matching page is excluded; with URL rules, a browser whose URL is unknown is excluded too', () => {
    const check = readers({ excluded_url_patterns: ['^https://bank\\.example\\.com/'] });
    expect(check(win('Safari', 'Bank', { url: 'https://bank.example.com/accounts' }))).toBe('excluded_url');
    expect(check(win('Safari', 'News', { url: 'https://news.example.com/' }))).toBeNull();
    // Linux, Windows, macOS without Automation permission: no URL, so the rule cannot be checked.
    for (const app of ['Firefox', 'firefox-esr', 'Google Chrome', 'google-chrome', 'Chromium', 'Microsoft Edge', 'msedge.exe', 'Safari', 'Brave Browser', 'Firefox Developer Edition']) {
      expect(check(win(app, 'Some page')), app).toBe('excluded_url');
    }
    expect(check(win('xterm', 'page', { classes: ['Navigator', 'firefox'] }))).toBe('excluded_url');
    // Not a browser: no page, nothing to check.
    expect(check(win('Terminal', 'notes'))).toBeNull();
    expect(check(win('Chromatic', 'notes'))).toBeNull();
    // Without URL rules, a browser is a window like any other.
    expect(readers()(win('Firefox', 'Some page'))).toBeNull();
  });

  it('isBrowser: names, variants and classes', () => {
    expect(isBrowser(['Google Chrome Canary'])).toBe(true);
    expect(isBrowser(['xterm', 'Navigator'])).toBe(true);
    expect(isBrowser(['Terminal'])).toBe(false);
    expect(isBrowser([''])).toBe(false);
  });

  it('the gate still checks pause and Engram\'s own windows before the rules', () => {
    const gate = new PrivacyGate(defaultCaptureSettings().privacy, self);
    expect(gate.check(win('Electron', 'Bitwarden', { pid: 1 }), now)).toMatchObject({ allowed: false, reason: 'engram_window' });
    expect(gate.check(win('Firefox', 'Bitwarden Web Vault'), now)).toMatchObject({ allowed: false, reason: 'excluded_app', detail: 'an excluded app is in front' });
    expect(gate.check(win('Firefox', 'Docs'), now)).toEqual({ allowed: true });
  });

  it('the brain drops observations by title and URL as the gate does (it read app names only, and only ".exe")', () => {
    const brain = brainRules({ excluded_url_patterns: ['bank\\.example'] });
    expect(brain.excludes({ app: 'KeePassXC.app', title: null, url: null })).toBe(true);
    expect(brain.excludes({ app: 'Firefox', title: 'LastPass vault', url: 'https://lastpass.com/vault' })).toBe(true);
    expect(brain.excludes({ app: 'Firefox', title: 'Statement', url: 'https://bank.example/statement' })).toBe(true);
    expect(brain.excludes({ app: 'Firefox', title: 'News', url: 'https://news.example/' })).toBe(false);
    // Audio and imported observations have no app: nothing to match.
    expect(brain.excludes({ app: null, title: null, url: null })).toBe(false);
  });
});
