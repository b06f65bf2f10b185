/**
 * Calendar arithmetic in one IANA time zone, whatever the process's own zone is: the headless host
 * may run in UTC while the user asking "what did I do yesterday" lives in Paris.
 */
export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const validZones = new Set<string>();
export function isValidTimeZone(tz: string): boolean {
  if (validZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    if (validZones.size < 64) validZones.add(tz);
    return true;
  } catch {
    return false;
  }
}

export class ZonedCalendar {
  private static readonly cache = new Map<string, ZonedCalendar>();
  /** Shared instances: building an Intl formatter costs more than a whole question's calendar work. */
  static for(timeZone: string = localTimeZone()): ZonedCalendar {
    let c = ZonedCalendar.cache.get(timeZone);
    if (!c) {
      c = new ZonedCalendar(timeZone);
      if (ZonedCalendar.cache.size < 64) ZonedCalendar.cache.set(timeZone, c);
    }
    return c;
  }

  private readonly fmt: Intl.DateTimeFormat;

  constructor(readonly timeZone: string = localTimeZone()) {
    this.fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
  }

  wall(ms: number): WallClock {
    const parts: Record<string, string> = {};
    for (const p of this.fmt.formatToParts(ms)) parts[p.type] = p.value;
    return {
      year: Number(parts['year']),
      month: Number(parts['month']),
      day: Number(parts['day']),
      hour: Number(parts['hour']) % 24,
      minute: Number(parts['minute']),
      second: Number(parts['second']),
      weekday: WEEKDAYS[parts['weekday'] ?? 'Sun'] ?? 0,
    };
  }

  /** Offset of this zone from UTC at an instant, in ms (Paris in summer: +2h). */
  offsetAt(ms: number): number {
    const w = this.wall(ms);
    const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    return asUtc - Math.floor(ms / 1000) * 1000;
  }

  /** The instant a wall-clock reading names. Out-of-range parts roll over (day 0 = last of previous month). */
  at(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
    const guess = Date.UTC(year, month - 1, day, hour, minute, second);
    const first = guess - this.offsetAt(guess);
    // Near a DST change the offset at the result can differ from the offset at the guess.
    const second_ = guess - this.offsetAt(first);
    return second_;
  }

  /** Midnight starting the day that holds ms, or (addDays) the day that many days later. */
  startOfDay(ms: number, addDays = 0): number {
    const w = this.wall(ms);
    return this.at(w.year, w.month, w.day + addDays);
  }

  addDays(ms: number, n: number): number {
    const w = this.wall(ms);
    return this.at(w.year, w.month, w.day + n, w.hour, w.minute, w.second);
  }

  /** YYYY-MM-DD of the day that holds ms, in this zone. */
  dayKey(ms: number): string {
    const w = this.wall(ms);
    return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  }

  /** Monday 00:00 of the week holding ms (ISO 8601 weeks). */
  startOfWeek(ms: number): number {
    const w = this.wall(ms);
    const back = (w.weekday + 6) % 7;
    return this.at(w.year, w.month, w.day - back);
  }

  startOfMonth(ms: number, addMonths = 0): number {
    const w = this.wall(ms);
    return this.at(w.year, w.month + addMonths, 1);
  }

  startOfYear(ms: number, addYears = 0): number {
    return this.at(this.wall(ms).year + addYears, 1, 1);
  }
}
