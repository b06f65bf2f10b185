import { DEFAULT_EXCLUDED_APPS, type PrivacySettings } from '../settings/index.js';
import { executableName, normaliseApp } from './app-name.js';
import { isBrowser } from './browsers.js';

/** Which of the user's exclusion rules a window falls under. */
export type ExclusionRule = 'excluded_app' | 'excluded_title' | 'excluded_url';

/** What is known of a window (the capture gate) or of an observation made of one (the brain). */
export interface WindowFacts {
  app: string | null;
  title: string | null;
  url: string | null;
  /** Executable path, where known. */
  path?: string | null;
  /** WM_CLASS instance and class on X11. */
  classes?: readonly string[];
}

export type ExclusionSettings = Pick<PrivacySettings, 'excluded_apps' | 'excluded_title_patterns' | 'excluded_url_patterns'>;

const DEFAULTS = new Set(DEFAULT_EXCLUDED_APPS.map(normaliseApp));

/**
 * The one reading of the user's exclusion rules, for the capture gate (before pixels are kept) and
 * the brain's filter (before observations become memories), so both drop the same windows.
 *
 * - An app rule matches the app name, the executable's name or a window class, compared after
 *   normaliseApp (case, ".app"/".exe", spaces, "-" and "_").
 * - A default app (the password managers) also matches a window TITLE naming it as a whole word:
 *   its web vault in a browser is titled after it while its app and class are the browser's.
 * - A URL rule matches the page's URL. While URL rules exist, a browser window whose URL is not
 *   known (Linux, Windows, macOS without Automation permission) is treated as excluded: a rule
 *   that cannot be checked must not let the page through.
 */
export class ExclusionMatcher {
  private readonly apps: Set<string>;
  private readonly appTitles: RegExp[];
  private readonly titles: RegExp[];
  private readonly urls: RegExp[];

  constructor(settings: ExclusionSettings) {
    this.apps = new Set(settings.excluded_apps.map(normaliseApp).filter((a) => a.length > 0));
    this.appTitles = [...this.apps].filter((a) => DEFAULTS.has(a)).map(wholeWords);
    this.titles = compileAll(settings.excluded_title_patterns);
    this.urls = compileAll(settings.excluded_url_patterns);
  }

  /** Whether URL rules are in use (then unknown browser URLs are excluded). */
  get hasUrlRules(): boolean {
    return this.urls.length > 0;
  }

  match(win: WindowFacts): ExclusionRule | null {
    const names = namesOf(win);
    if (names.some((n) => this.apps.has(normaliseApp(n)))) return 'excluded_app';
    const title = win.title ?? '';
    if (title) {
      if (this.appTitles.some((re) => re.test(title))) return 'excluded_app';
      if (this.titles.some((re) => re.test(title))) return 'excluded_title';
    }
    if (this.urls.length > 0) {
      if (win.url) {
        if (this.urls.some((re) => re.test(win.url!))) return 'excluded_url';
      } else if (isBrowser(names)) {
        return 'excluded_url';
      }
    }
    return null;
  }

  excludes(win: WindowFacts): boolean {
    return this.match(win) !== null;
  }
}

function namesOf(win: WindowFacts): string[] {
  const out: string[] = [];
  if (win.app) out.push(win.app);
  if (win.path) out.push(executableName(win.path));
  if (win.classes) out.push(...win.classes);
  return out.filter((n) => n.trim().length > 0);
}

/**
 * "proton pass" → a case-insensitive pattern for it as whole words, with any run of spaces, "-"
 * or "_" between its words ("Proton Pass", "proton-pass"), not inside a longer word.
 */
function wholeWords(normalised: string): RegExp {
  const words = normalised.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s_-]+')}(?![\\p{L}\\p{N}])`, 'iu');
}

/** The settings schema validates patterns; one that still fails to compile simply does not apply. */
function compileAll(patterns: readonly string[]): RegExp[] {
  const out: RegExp[] = [];
  for (const p of patterns) {
    try {
      out.push(new RegExp(p, 'i'));
    } catch {
      // skipped, as above
    }
  }
  return out;
}
