import { ENGRAM_TITLE_PATTERNS } from '../../../shared/api/index.js';
import { ExclusionMatcher, normaliseApp } from '../../../shared/exclusion/index.js';
import type { PrivacySettings } from '../../../shared/settings/index.js';
import type { WindowInfo } from './active-window.js';

export type GateReason = 'paused' | 'excluded_app' | 'excluded_title' | 'excluded_url' | 'engram_window';

export type GateDecision = { allowed: true } | { allowed: false; reason: GateReason; detail: string };

/** Engram's own windows: by process id (the Electron main process owns them), app name and title. */
export interface SelfWindows {
  pids: number[];
  apps: string[];
  /** Titles of Engram's pages in a browser (browser mode): "Timeline · Engram - Chromium". */
  titles?: RegExp[];
}

/**
 * Engram's own pages by title (shared/api/window-title.ts, which the renderer titles them with): the
 * browser-mode tab "<screen> · Engram", whose window title the browser adds its own name to, and
 * "Engram" alone, the desktop window's title.
 */
export const ENGRAM_WINDOW_TITLES: readonly RegExp[] = ENGRAM_TITLE_PATTERNS;

export type ExclusionReason = Exclude<GateReason, 'paused'>;

/**
 * Decides, before any pixels are kept, whether this tick may capture. Pure: settings and the active
 * window in, a decision out. Patterns are compiled once per settings object.
 */
export class PrivacyGate {
  private matcher: ExclusionMatcher;
  private paused: boolean;
  private pausedUntil: number | null;

  constructor(
    settings: PrivacySettings,
    private readonly self: SelfWindows = { pids: [process.pid], apps: ['engram'], titles: [...ENGRAM_WINDOW_TITLES] },
  ) {
    this.matcher = new ExclusionMatcher(settings);
    this.paused = settings.paused;
    this.pausedUntil = settings.paused_until ? Date.parse(settings.paused_until) : null;
  }

  /** When the pause ends (ms), null when not paused or paused until resumed. */
  pausedUntilAt(now: number): number | null {
    return this.isPaused(now) ? this.pausedUntil : null;
  }

  isPaused(now: number): boolean {
    if (!this.paused) return false;
    return this.pausedUntil === null || now < this.pausedUntil;
  }

  /** The pause alone: checked before anything (no screen grab, no window query) happens. */
  checkPause(now: number): GateDecision {
    if (this.isPaused(now)) {
      return { allowed: false, reason: 'paused', detail: this.pausedUntil ? `paused until ${new Date(this.pausedUntil).toISOString()}` : 'paused' };
    }
    return { allowed: true };
  }

  check(win: WindowInfo | null, now: number): GateDecision {
    const pause = this.checkPause(now);
    if (!pause.allowed) return pause;
    if (!win) return { allowed: true };
    const reason = this.exclusion(win);
    // The detail names the rule, never the window: it may reach logs and the status line.
    return reason ? { allowed: false, reason, detail: REASON_DETAIL[reason] } : { allowed: true };
  }

  /** Why this window must never be captured, or null: today's rules, for any window on screen. */
  exclusion(win: WindowInfo): ExclusionReason | null {
    const app = normaliseApp(win.app);
    const selfTitles = this.self.titles ?? ENGRAM_WINDOW_TITLES;
    if (
      (win.pid !== null && this.self.pids.includes(win.pid)) ||
      this.self.apps.some((a) => normaliseApp(a) === app) ||
      selfTitles.some((re) => re.test(win.title))
    ) {
      return 'engram_window';
    }
    // The user's rules: the same matcher as the brain's filter (shared/exclusion).
    return this.matcher.match(win);
  }
}

const REASON_DETAIL: Record<ExclusionReason, string> = {
  engram_window: 'an Engram window is in front',
  excluded_app: 'an excluded app is in front',
  excluded_title: 'a private or excluded window is in front',
  excluded_url: 'an excluded web page is in front',
};

export { normaliseApp };
