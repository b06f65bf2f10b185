import { normaliseApp } from './app-name.js';

/**
 * Web browsers by app name, executable or window class (normalised): the windows whose page a URL
 * rule is about. A name that starts with one of these and a space counts too ("google chrome
 * canary", "firefox developer edition", "microsoft edge beta").
 */
export const BROWSER_APPS: readonly string[] = [
  'google chrome',
  'chrome',
  'chromium',
  'chromium browser',
  'firefox',
  'firefox esr',
  'mozilla firefox',
  'navigator',
  'librewolf',
  'waterfox',
  'floorp',
  'zen',
  'zen browser',
  'safari',
  'safari technology preview',
  'microsoft edge',
  'msedge',
  'brave',
  'brave browser',
  'opera',
  'vivaldi',
  'arc',
  'orion',
  'epiphany',
  'gnome web',
  'yandex',
  'thorium',
  'tor browser',
  'falkon',
  'konqueror',
  'qutebrowser',
];

const EXACT = new Set(BROWSER_APPS.map(normaliseApp));

/** True when any of the window's names (app, executable, classes) is a browser's. */
export function isBrowser(names: readonly string[]): boolean {
  return names.some((raw) => {
    const n = normaliseApp(raw);
    if (!n) return false;
    if (EXACT.has(n)) return true;
    for (const b of EXACT) if (n.startsWith(`${b} `)) return true;
    return false;
  });
}
