import { formatMinutes, localTimeZone } from '../calendar/index.js';

const ENGLISH = 'en-GB';

/**
 * Formats times for people and for memory text, in the user's time zone, with the weekday (people
 * remember days, not dates). One formatter for the sub-agents' memory text and chat's answers.
 */
export class TimeFormatter {
  private static readonly cache = new Map<string, TimeFormatter>();
  /** Shared instances per zone: Intl formatters are costly to build and safe to reuse. */
  static for(timeZone: string = localTimeZone(), locale: string = ENGLISH): TimeFormatter {
    const k = `${timeZone}|${locale}`;
    let f = TimeFormatter.cache.get(k);
    if (!f) {
      f = new TimeFormatter(timeZone, locale);
      if (TimeFormatter.cache.size < 64) TimeFormatter.cache.set(k, f);
    }
    return f;
  }

  private readonly day: Intl.DateTimeFormat;
  private readonly time: Intl.DateTimeFormat;
  private readonly full: Intl.DateTimeFormat;
  private readonly key: Intl.DateTimeFormat;

  /** locale: the language days and months are named in (a BCP 47 tag, "de-DE"); memory text stays English. */
  constructor(
    readonly timeZone: string = localTimeZone(),
    readonly locale: string = ENGLISH,
  ) {
    // Some languages shorten a month to its number (Portuguese): elsewhere than English it is written out.
    this.day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: locale === ENGLISH ? 'short' : 'long', year: 'numeric' });
    this.time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    this.full = new Intl.DateTimeFormat(locale, {
      timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    this.key = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  }

  /** "Wed 11 Jun 2025" (no commas: it reads better inside a line). */
  dayOf(ms: number): string {
    if (this.locale === ENGLISH) return this.day.format(ms).replace(/,/g, '');
    // Other languages punctuate their short dates ("Mi., 11. Juni 2025"): the same four parts, spaced,
    // so a day still reads as a day header (a line with digits and no full stop).
    const part = (t: Intl.DateTimeFormatPartTypes) => (this.day.formatToParts(ms).find((p) => p.type === t)?.value ?? '').replace(/\.$/, '');
    return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  }
  /** "14:30" */
  clock(ms: number): string {
    return this.time.format(ms);
  }
  /** YYYY-MM-DD in the zone: groups a day's episodes. */
  dayKey(ms: number): string {
    return this.key.format(ms);
  }
  /** "Wed 11 Jun 2025 14:30–15:20", or across days "Wed 11 Jun 2025 23:30 – Thu 12 Jun 2025 01:10". */
  span(from: number, to: number | null): string {
    if (to === null || to <= from) return `${this.dayOf(from)} ${this.clock(from)}`;
    if (this.dayKey(from) === this.dayKey(to)) return `${this.dayOf(from)} ${this.clock(from)}–${this.clock(to)}`;
    return `${this.dayOf(from)} ${this.clock(from)} – ${this.dayOf(to)} ${this.clock(to)}`;
  }
  /** An episode's span as memory text: like span, but under a minute within one day is one moment. */
  range(start: number, end: number): string {
    return this.span(start, this.dayKey(start) === this.dayKey(end) && end - start < 60_000 ? null : end);
  }
  /** "Wednesday 11 June 2025 at 14:30", for "Now:" lines. */
  now(ms: number): string {
    return this.full.format(ms);
  }
}

/** "38 min", "1 h 5 min", "under a minute". */
export function formatDuration(ms: number): string {
  return formatMinutes(ms / 60_000);
}
