import type { CaptureHealth, HealthAction } from '../../../shared/api/index.js';

/**
 * Native notifications for problems the user must know about (capture stopped, OCR failing, the
 * key could not be unlocked). The same problem is told once per quiet period, not on every tick.
 */
export type ProblemSource = 'capture' | 'ocr' | 'key' | 'storage' | 'audio' | 'model' | 'crash';

export interface Problem {
  source: ProblemSource;
  /** One line, already written for the user. */
  message: string;
}

export interface NotificationSpec {
  title: string;
  body: string;
}

const TITLES: Record<ProblemSource, string> = {
  capture: 'Engram stopped capturing',
  ocr: 'Engram cannot read the screen',
  key: 'Engram cannot unlock your memory',
  storage: 'Engram cannot save',
  audio: 'Engram cannot record audio',
  model: 'Engram cannot reach the model',
  crash: 'Engram quit unexpectedly',
};

export function notificationFor(problem: Problem): NotificationSpec {
  const body = problem.message.split('\n')[0]!.slice(0, 240);
  return { title: TITLES[problem.source], body };
}

export class NotificationThrottle {
  private readonly lastShown = new Map<string, number>();

  constructor(
    private readonly quietMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when this problem should be shown now (and records that it was). */
  shouldShow(problem: Problem): boolean {
    const key = `${problem.source}\u0000${problem.message}`;
    const t = this.now();
    const last = this.lastShown.get(key);
    if (last !== undefined && t - last < this.quietMs) return false;
    this.lastShown.set(key, t);
    return true;
  }

  /** Forget a source once it has recovered, so a relapse is told again. */
  clear(source: ProblemSource): void {
    for (const key of [...this.lastShown.keys()]) if (key.startsWith(`${source}\u0000`)) this.lastShown.delete(key);
  }
}

/** The notice for crash reports found at start: when, where the reports are, and that nothing was sent. */
export function crashNotice(reports: { at: string; kind: string }[], dir: string): Problem | null {
  const last = reports.at(-1);
  if (!last) return null;
  const more = reports.length > 1 ? ` (${reports.length} reports)` : '';
  return { source: 'crash', message: `Engram stopped on ${last.at.slice(0, 16).replace('T', ' ')} UTC${more}. A local report is in ${dir}; nothing was sent.` };
}

/**
 * The one notification the capture health gives: when capture starts keeping nothing, told once
 * for that reason, and again only after capture recovered. Capture switched off in Settings is the
 * user's own doing and is not told.
 */
export class HealthNotices {
  private told: string | null = null;

  next(health: CaptureHealth): (NotificationSpec & { action: HealthAction | null }) | null {
    if (health.state === 'capturing') this.told = null;
    if (health.state !== 'not_recording' || health.reason === 'disabled' || health.reason === 'no_capture' || health.reason === 'no_consent') return null;
    if (this.told === health.reason) return null;
    this.told = health.reason;
    return { title: health.title, body: (health.detail ?? '').slice(0, 240), action: health.action };
  }
}
