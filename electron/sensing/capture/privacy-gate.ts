import type { PrivacySettings } from '../../../shared/settings/index.js';
import type { WindowInfo } from './active-window.js';

export type GateReason = 'paused' | 'excluded_app' | 'excluded_title' | 'excluded_url' | 'engram_window';

export type GateDecision = { allowed: true } | { allowed: false; reason: GateReason; detail: string };

/** Engram's own windows: by process id (the Electron main process owns them) and by app name. */
export interface SelfWindows {
  pids: number[];
  apps: string[];
}

/**
 * Decides, before any pixels are kept, whether this tick may capture. Pure: settings and the active
 * window in, a decision out. Patterns are compiled once per settings object.
 */
export class PrivacyGate {
  private apps: Set<string>;
  private titles: RegExp[];
  private urls: RegExp[];
  private paused: boolean;
  private pausedUntil: number | null;

  constructor(
    settings: PrivacySettings,
    private readonly self: SelfWindows = { pids: [process.pid], apps: ['engram'] },
  ) {
    this.apps = new Set(settings.excluded_apps.map(normaliseApp));
    this.titles = settings.excluded_title_patterns.map((p) => new RegExp(p, 'i'));
    this.urls = settings.excluded_url_patterns.map((p) => new RegExp(p, 'i'));
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
    const app = normaliseApp(win.app);
    const exe = win.path ? normaliseApp(basename(win.path)) : '';
    if ((win.pid !== null && this.self.pids.includes(win.pid)) || this.self.apps.some((a) => normaliseApp(a) === app)) {
      return { allowed: false, reason: 'engram_window', detail: 'Engram window' };
    }
    if ((app && this.apps.has(app)) || (exe && this.apps.has(exe))) {
      return { allowed: false, reason: 'excluded_app', detail: win.app || exe };
    }
    const title = this.titles.find((re) => re.test(win.title));
    if (title) return { allowed: false, reason: 'excluded_title', detail: title.source };
    if (win.url) {
      const url = this.urls.find((re) => re.test(win.url!));
      if (url) return { allowed: false, reason: 'excluded_url', detail: url.source };
    }
    return { allowed: true };
  }
}

/** "KeePassXC", "keepassxc", "KeePassXC.app", "keepassxc.exe" all compare equal. */
export function normaliseApp(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\.(app|exe)$/, '')
    .replace(/[\s_-]+/g, ' ');
}

function basename(p: string): string {
  const parts = p.split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}
