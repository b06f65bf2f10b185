/**
 * The day a question names ("Friday the 6th", "on Tuesdays", "on the 14th") read against the day a
 * calendar grid's column header names ("Fri 6 Jun", "Tuesday", "Mo 14"): the header over a cell is
 * the weekday and date of what the cell says, so "what is on Friday the 6th" is the cell under
 * "Fri 6 Jun", not an event on another day of the same week.
 */
import { translationsOf } from '../../shared/text/index.js';
import { monthsNamed } from './asked-period.js';

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

/**
 * Weekdays as screens in other languages write them in full ("Donnerstag", "jeudi", "quinta-feira"),
 * from the everyday-words table, with and without accents: a rota in German is read for "Thursday".
 */
const FOREIGN_WEEKDAYS = new Map<string, number>();
['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].forEach((english, d) => {
  for (const t of translationsOf(english)) {
    for (const forms of Object.values(t.forms)) {
      for (const f of forms) {
        for (const name of [f.toLowerCase(), f.toLowerCase().split('-')[0]!]) {
          FOREIGN_WEEKDAYS.set(name, d);
          FOREIGN_WEEKDAYS.set(name.normalize('NFD').replace(/\p{M}/gu, ''), d);
        }
      }
    }
  }
});

/**
 * Weekdays as French, Spanish, Italian and Portuguese calendars shorten them ("jeu. 17 déc.", "mié. 16
 * dic.", "qua. 16 dez."). "Mar" is left out: it is March to an English screen. Forms that are words or
 * names too ("Sam", "Dom", "sex") count only with their period.
 */
const SHORT_FOREIGN = new Map<string, number>([
  ['lun', 1], ['mer', 3], ['jeu', 4], ['ven', 5], ['sam', 6], ['dim', 0],
  ['mié', 3], ['mie', 3], ['jue', 4], ['vie', 5], ['sáb', 6], ['sab', 6], ['dom', 0],
  ['gio', 4], ['seg', 1], ['ter', 2], ['qua', 3], ['qui', 4], ['sex', 5],
]);
/** Short forms no English word or name shares: a weekday with or without a period. */
const SHORT_ALONE = new Set(['lun', 'jeu', 'ven', 'mié', 'jue', 'sáb', 'gio']);

/** The weekday a word names, in English ("Fri", "Fridays"), written out in another language ("Donnerstag") or shortened there ("jeu."), or null. */
export function weekdayOf(word: string): number | null {
  const raw = word.toLowerCase();
  const w = raw.replace(/[.,]$/, '');
  for (const [re, d] of WEEKDAYS) if (re.test(w)) return d;
  if (w.length >= 4) return FOREIGN_WEEKDAYS.get(w) ?? null;
  const short = SHORT_FOREIGN.get(w);
  return short !== undefined && (raw.endsWith('.') || SHORT_ALONE.has(w)) ? short : null;
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

/** A day as a screen writes it: weekdays (one, or a run "Mon–Fri") and the days of the month it may be. */
export interface ScreenDay {
  weekdays: Set<number>;
  /** "10/12" is the 10th or the 12th, as the screen's locale writes it: both. */
  dates: Set<number>;
}

const MONTH_WORD = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?$/i;
const RUN = /^(?:-|–|—|to|until|till|bis|à|a)$/i;

/**
 * The day a header or a row's label names: a weekday alone ("Tuesday"), with its date ("Fri 6 Jun",
 * "Thu 10/12", "6 Fri"), a run of weekdays ("Mon – Fri"), or a date with its month ("14 Dec", "Due
 * 14 Dec"). Null when it is no day (a "Class" or "Time" column, "14 items").
 */
export function dayOfHeader(label: string): ScreenDay | null {
  const words = label.trim().replace(/(\p{L})[–—-](\p{L})/gu, '$1 – $2').split(/[\s,]+/).filter(Boolean);
  if (!words.length || words.length > 5) return null;
  const weekdays = new Set<number>();
  const dates = new Set<number>();
  let month = false;
  let run = false;
  let last: number | null = null;
  for (const w of words) {
    const d = weekdayOf(w);
    if (d !== null) {
      // Two days side by side ("Mon 9 Tue 10") are a row of headers, not one day.
      if (last !== null && !run) return null;
      if (run && last !== null) for (let x: number = last; x !== d; x = (x + 1) % 7) weekdays.add(x);
      weekdays.add(d);
      last = d;
      run = false;
      continue;
    }
    run = last !== null && RUN.test(w);
    if (run) continue;
    const figures = /^(\d{1,2})(?:st|nd|rd|th)?\.?$/i.exec(w);
    const slashed = /^(\d{1,2})[/.](\d{1,2})(?:[/.](?:\d{2}|\d{4}))?\.?$/.exec(w);
    if (figures && !dates.size) dates.add(Number(figures[1]));
    else if (slashed && !dates.size) {
      month = true;
      for (const x of [slashed[1], slashed[2]]) if (Number(x) >= 1 && Number(x) <= 31) dates.add(Number(x));
    } else if (MONTH_WORD.test(w)) month = true;
  }
  if (weekdays.size) return { weekdays, dates };
  return dates.size && month ? { weekdays, dates } : null;
}

function fitOf(cue: DayCue, day: ScreenDay | null): -1 | 0 | 1 {
  if (!day) return 0;
  const weekday = cue.weekdays.size > 0 && day.weekdays.size > 0;
  const date = cue.dates.size > 0 && day.dates.size > 0;
  if (weekday && ![...cue.weekdays].some((d) => day.weekdays.has(d))) return -1;
  if (date && ![...cue.dates].some((d) => day.dates.has(d))) return -1;
  // A date alone ("on the 6th") against a header without one says nothing about which day it is.
  return weekday || date ? 1 : 0;
}

/**
 * How a header's day fits the asked day: 1 when it is that day (weekday and date alike where both
 * say one), -1 when it names another day, 0 when either says no day.
 */
export function dayFit(cue: DayCue | null, label: string): -1 | 0 | 1 {
  return cue ? fitOf(cue, dayOfHeader(label)) : 0;
}

/** The day a line starts with ("Thu 17 Dec — Desk chair", "14/12: Renew domain"), if it does. */
function leadingDay(text: string): ScreenDay | null {
  const words = text.trim().split(/\s+/);
  if (!words.length || !(weekdayOf(words[0]!.replace(/[:|·]+$/, '')) !== null || /^\d{1,2}(?:st|nd|rd|th)?[./]?/i.test(words[0]!))) return null;
  // The day runs up to the first separator, at most five words.
  const head: string[] = [];
  for (const w of words.slice(0, 5)) {
    if (/^[:—–·|]+$/.test(w)) break;
    head.push(w.replace(/[:|·]+$/, ''));
    if (/[:|·]$/.test(w)) break;
  }
  for (let k = head.length; k > 0; k--) {
    const day = dayOfHeader(head.slice(0, k).join(' '));
    if (day) return day;
  }
  return null;
}

/**
 * Whether a line names the asked day, and no other, among its first words ("Due 14 Dec Renew the
 * domain", "Arriving Thursday, 1–5 pm"): a list puts an entry's day first. A line of several days
 * (a header row, "Mon 9 Tue 10 …") is on none of them, and a day further into a sentence is what it
 * talks about ("anyone able to take my pager on Saturday?"), not the day it is on.
 */
function namesAskedDay(cue: DayCue, line: string): boolean {
  const text = line.trim().split(/\s+/).slice(0, 3).join(' ');
  const weekdays = new Set<number>();
  for (const m of text.matchAll(/\p{L}+/gu)) {
    const d = m[0].length >= 3 ? weekdayOf(m[0]) : null;
    if (d !== null) weekdays.add(d);
  }
  const dates = new Set<number>();
  // "14 Dec" and "Dec 14", each read on its own ("Due 14 Dec" is not "Due 14").
  for (const m of text.matchAll(/\b(\d{1,2})(?:st|nd|rd|th)?\.?\s+(\p{L}+)/gu)) if (MONTH_WORD.test(m[2]!)) dates.add(Number(m[1]));
  for (const m of text.matchAll(/(\p{L}+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/gu)) if (MONTH_WORD.test(m[1]!)) dates.add(Number(m[2]));
  const only = (named: Set<number>, asked: Set<number>) => named.size > 0 && [...named].every((x) => asked.has(x));
  if (weekdays.size > 1 || dates.size > 1) return false;
  return (cue.weekdays.size > 0 && only(weekdays, cue.weekdays) && !(cue.dates.size && dates.size && !only(dates, cue.dates))) || (cue.dates.size > 0 && only(dates, cue.dates) && !(cue.weekdays.size && weekdays.size && !only(weekdays, cue.weekdays)));
}

/** Where a unit of a screen says which day it is about. */
export interface UnitDay {
  /** Its column's header, when the unit was paired by layout with one. */
  label: string | null;
  /** The other cells of its row ("Day: Thu 17/12 · Early: Jo"). */
  key?: string;
  text: string;
  /** The day heading above it on its screen ("Tuesday 15 December" over the day's entries). */
  heading?: string;
}

/**
 * How a unit's day fits the asked day, read where a screen says it: the column header, the row's
 * day cell, the day the line starts with, the day heading above it; a line that names the asked
 * day elsewhere ("arrives Thursday") is on it, one that names another there says nothing.
 */
export function unitDayFit(cue: DayCue | null, u: UnitDay): -1 | 0 | 1 {
  if (!cue) return 0;
  const header = u.label === null ? 0 : dayFit(cue, u.label);
  if (header) return header;
  for (const c of (u.key ?? '').split(' · ').filter(Boolean)) {
    const f = fitOf(cue, dayOfHeader(c.includes(': ') ? c.split(': ').slice(1).join(': ') : c));
    if (f) return f;
  }
  const lead = fitOf(cue, leadingDay(u.text));
  if (lead) return lead;
  if (namesAskedDay(cue, u.text)) return 1;
  return u.heading ? dayFit(cue, u.heading) : 0;
}

/** Months as other languages shorten them on a calendar's day heading ("déc.", "dic.", "dez.", "févr."). */
const SHORT_MONTH = /^(?:janv|févr|fevr|avr|juil|déc|ene|abr|ago|dic|gen|giu|lug|ott|set|fev|dez|mär|mrz|okt|mei)\.?$/i;

/** A line that is a day heading alone ("Tuesday 15 December", "Thu 17/12"): the entries under it are on that day. */
export function isDayHeading(line: string): boolean {
  const t = line.trim().replace(/[:]$/, '');
  const dayWord = (w: string) => weekdayOf(w) !== null || MONTH_WORD.test(w) || SHORT_MONTH.test(w) || monthsNamed(w, true).size > 0 || RUN.test(w) || /^(?:de|del|di|du|der|den|le|the|of)$/i.test(w) || /^(?:\d{1,2}(?:st|nd|rd|th)?\.?|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?\.?|\d{4})$/i.test(w);
  const words = t.split(/[\s,]+/).filter(Boolean);
  return words.length <= 5 && words.every(dayWord) && dayOfHeader(t) !== null;
}
