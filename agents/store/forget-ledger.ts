import { z } from 'zod';
import type { SettingsRepo } from './settings-repo.js';
import type { Millis } from './types.js';

const KEY = 'privacy.recent_forgets';
const RangesSchema = z.array(z.object({ from: z.number(), to: z.number(), at: z.number() })).max(100);
/** Work still in flight when a forget runs is seconds old; a day of ranges is plenty. */
const KEEP_MS = 86_400_000;
const MAX = 50;

/**
 * The time ranges forgotten lately, kept in the database so every process on the data dir sees
 * them. Capture asks before storing a frame or an observation: one grabbed before "forget the last
 * 15 minutes" but stored after it (encoding or OCR still in flight) falls inside the range and is
 * dropped, instead of bringing back what the user just deleted.
 */
export class ForgetLedger {
  constructor(
    private readonly settings: SettingsRepo,
    private readonly clock: () => Millis = Date.now,
  ) {}

  record(range: { from: Millis; to: Millis }): void {
    const now = this.clock();
    // Only the past can be in flight: what is grabbed after the forget is new (a wipe forgets up to
    // the end of time, and capture must go on after it).
    const to = Math.min(range.to, now);
    if (to < range.from) return;
    const kept = this.ranges().filter((r) => now - r.at < KEEP_MS);
    kept.push({ from: range.from, to, at: now });
    this.settings.set(KEY, kept.slice(-MAX));
  }

  /** Whether a moment lies in a range forgotten in the last day. */
  covers(at: Millis): boolean {
    return this.ranges().some((r) => at >= r.from && at <= r.to);
  }

  private ranges(): z.infer<typeof RangesSchema> {
    return this.settings.get(KEY, RangesSchema, []);
  }
}
