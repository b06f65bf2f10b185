/** One screen moment as active-time counting sees it. */
export interface ScreenMoment {
  at: number;
  display: string | null;
  app: string | null;
  title: string | null;
  url: string | null;
  text: string;
}

/** A stretch of time credited to one moment (what was in front from `start` to `end`). */
export interface ActiveSpan {
  start: number;
  end: number;
  moment: ScreenMoment;
}

export interface ActiveTimeOptions {
  /**
   * A longer gap between kept moments means nobody was there (locked, asleep, capture off): capture
   * forces a frame every force_after_s (60 s by default) while the user is present, so 2.5 times
   * that is a safe margin.
   */
  maxGapMs: number;
  /** What a moment followed by such a gap still earns: the user saw it before leaving. */
  tailMs: number;
  /**
   * Idle detection: once no display has changed for this long, the forced frames of an unchanged
   * screen count for nothing (the user walked away with the screen on).
   */
  stillMs: number;
}

export const DEFAULT_ACTIVE_TIME: ActiveTimeOptions = { maxGapMs: 150_000, tailMs: 30_000, stillMs: 120_000 };

/** Options for a capture that forces a frame every forceAfterS seconds. */
export function activeTimeOptions(forceAfterS: number | null | undefined): ActiveTimeOptions {
  const force = (forceAfterS ?? 60) * 1000;
  return { ...DEFAULT_ACTIVE_TIME, maxGapMs: Math.max(DEFAULT_ACTIVE_TIME.maxGapMs, Math.round(force * 2.5)), stillMs: Math.max(DEFAULT_ACTIVE_TIME.stillMs, force * 2) };
}

const screenKey = (m: ScreenMoment) => `${m.app ?? ''}\u0000${m.title ?? ''}\u0000${m.url ?? ''}\u0000${m.text}`;

/**
 * Active time from capture timestamps alone (no model): each moment is credited the time until the
 * next one, unless that gap says nobody was there, and never past `stillMs` after the last moment
 * on which any display changed. Spans are clipped to [from, to). Moments must be oldest first.
 */
export function activeSpans(moments: readonly ScreenMoment[], from: number, to: number, opts: ActiveTimeOptions = DEFAULT_ACTIVE_TIME): ActiveSpan[] {
  const last = new Map<string, string>();
  let lastChange = -Infinity;
  const out: ActiveSpan[] = [];
  for (let i = 0; i < moments.length; i++) {
    const m = moments[i]!;
    const display = m.display ?? '';
    const key = screenKey(m);
    if (last.get(display) !== key) lastChange = m.at;
    last.set(display, key);
    // Moments of several displays at one tick: the time is counted once, for the last of them.
    if (i + 1 < moments.length && moments[i + 1]!.at === m.at) continue;
    const next = moments[i + 1];
    const gap = next ? next.at - m.at : Infinity;
    let credit = gap <= opts.maxGapMs ? gap : Math.min(gap, opts.tailMs);
    credit = Math.min(credit, lastChange + opts.stillMs - m.at);
    const start = Math.max(m.at, from);
    const end = Math.min(m.at + Math.max(0, credit), to);
    if (end > start) out.push({ start, end, moment: m });
  }
  return out;
}
