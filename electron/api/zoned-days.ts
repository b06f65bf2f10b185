import { fail } from './errors.js';

/**
 * Day boundaries in an IANA time zone (the viewer's, which may differ from the host's), with Intl
 * only: enough for timeline day summaries and the activity chart, without loading a date library.
 */
export class ZonedDays {
  private readonly fmt: Intl.DateTimeFormat;

  constructor(readonly timeZone: string) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
    } catch {
      fail('INVALID_INPUT', `unknown time zone: ${timeZone.slice(0, 64)}`);
    }
    this.fmt = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  }

  wall(ms: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
    const p: Record<string, number> = {};
    for (const part of this.fmt.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    return { year: p['year']!, month: p['month']!, day: p['day']!, hour: (p['hour'] ?? 0) % 24, minute: p['minute'] ?? 0, second: p['second'] ?? 0 };
  }

  /** Minutes east of UTC at that instant, as milliseconds. */
  private offsetAt(ms: number): number {
    const w = this.wall(ms);
    const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    return asUtc - Math.floor(ms / 1000) * 1000;
  }

  /** The instant of local midnight starting that calendar day (month 1-12; day may overflow). */
  midnight(year: number, month: number, day: number): number {
    const utc = Date.UTC(year, month - 1, day);
    const first = utc - this.offsetAt(utc);
    // Re-check with the offset in force at the guess (the day a DST change happens).
    return utc - this.offsetAt(first);
  }

  startOfDay(ms: number): number {
    const w = this.wall(ms);
    return this.midnight(w.year, w.month, w.day);
  }

  addDays(ms: number, n: number): number {
    const w = this.wall(ms);
    return this.midnight(w.year, w.month, w.day + n);
  }

  dayKey(ms: number): string {
    const w = this.wall(ms);
    return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  }
}
