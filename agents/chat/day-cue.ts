/**
 * The day a question names ("Friday the 6th", "on Tuesdays", "on the 14th") read against the day a
 * calendar grid's column header names ("Fri 6 Jun", "Tuesday", "Mo 14"): the header over a cell is
 * the weekday and date of what the cell says, so "what is on Friday the 6th" is the cell under
 * "Fri 6 Jun", not an event on another day of the same week.
 */
export interface DayCue {
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: Set<number>;
  /** Days of the month, 1..31. */
  dates: Set<number>;
  /** The question's words that named them ("friday", "6th"): met by a matching header. */
  words: string[];
}

const WEEKDAYS: [RegExp, number][] = [
  [/^sun(?:day)?s?$/, 0],
  [/^mon(?:day)?s?$/, 1],
  [/^tue(?:s|sday)?s?$/, 2],
  [/^wed(?:nesday)?s?$/, 3],
  [/^thu(?:r|rs|rsday)?s?$/, 4],
  [/^fri(?:day)?s?$/, 5],
  [/^sat(?:urday)?s?$/, 6],
];

function weekdayOf(word: string): number | null {
  const w = word.toLowerCase().replace(/[.,]$/, '');
  for (const [re, d] of WEEKDAYS) if (re.test(w)) return d;
  return null;
}

/** A question's own words only: a weekday written out ("Friday", "Fridays") and an ordinal date ("the 6th", "6th"). */
export function dayCue(text: string): DayCue | null {
  const weekdays = new Set<number>();
  const dates = new Set<number>();
  const words: string[] = [];
  for (const m of text.matchAll(/\b(sun|mon|tues|wednes|thurs|fri|satur)days?\b/gi)) {
    const d = weekdayOf(m[0]);
    if (d !== null) {
      weekdays.add(d);
      words.push(m[0].toLowerCase());
    }
  }
  for (const m of text.matchAll(/\b(?:the\s+)?([12]?\d|3[01])(st|nd|rd|th)\b/gi)) {
    const n = Number(m[1]);
    if (n >= 1 && n <= 31) {
      dates.add(n);
      words.push(`${m[1]}${m[2]!.toLowerCase()}`);
    }
  }
  return weekdays.size || dates.size ? { weekdays, dates, words } : null;
}

/**
 * The day a header names: a weekday alone ("Tuesday"), with its date ("Fri 6 Jun", "Fri 6", "6 Fri"),
 * or null when the header is no day (a "Class" or "Time" column).
 */
export function dayOfHeader(label: string): { weekday: number; date: number | null } | null {
  const words = label.trim().split(/[\s,]+/).filter(Boolean);
  if (!words.length || words.length > 4) return null;
  let weekday: number | null = null;
  let date: number | null = null;
  for (const w of words) {
    const d = weekdayOf(w);
    if (d !== null && weekday === null) weekday = d;
    else if (/^\d{1,2}\.?$/.test(w) && date === null) date = Number.parseInt(w, 10);
  }
  return weekday === null ? null : { weekday, date };
}

/**
 * How a header's day fits the asked day: 1 when it is that day (weekday and date alike where both
 * say one), -1 when it names another day, 0 when either says no day.
 */
export function dayFit(cue: DayCue | null, label: string): -1 | 0 | 1 {
  if (!cue) return 0;
  const day = dayOfHeader(label);
  if (!day) return 0;
  if (cue.weekdays.size && !cue.weekdays.has(day.weekday)) return -1;
  if (cue.dates.size && day.date !== null && !cue.dates.has(day.date)) return -1;
  // A date alone ("on the 6th") against a header without one says nothing about which day it is.
  if (!cue.weekdays.size && day.date === null) return 0;
  return 1;
}
