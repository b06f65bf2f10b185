// chrono-node's English parser, loaded on the first parse (chrono-en.ts).
import * as chrono from './chrono-en.js';
import type { ParsedComponents, ParsingReference } from 'chrono-node';
import { ZonedCalendar } from '../calendar/index.js';
import { questionTense } from './question-tense.js';

/** A window of time a question is about, in epoch ms (local time zone of the process). */
export interface TimeRange {
  from: number;
  to: number;
  /** The moment asked about ("yesterday at 3pm"): results nearest to it rank first. Null for spans. */
  focus: number | null;
  /** The words of the question that named the time ("last 4 days"). */
  label: string;
}

export interface QuestionTime {
  /** The question with the time expression and its glue words ("in the", "since") removed. */
  rest: string;
  range: TimeRange | null;
  /**
   * A day to come the question names ("tomorrow", "next Monday", "on Thursday" asked in the present
   * tense): no window, but the day a screen (a rota, a calendar) is to be read for. `bare` when the
   * question said only a weekday: that weekday in whatever week the screen shows.
   */
  ahead?: { label: string; weekday: number; date: number; bare: boolean };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNIT_MS: Record<string, number> = { minute: MINUTE, hour: HOUR, day: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY };
const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, few: 3, 'a few': 3, 'a couple of': 2, 'couple of': 2, couple: 2, several: 3,
};

/** "last 4 days", "past week", "the last couple of days": a rolling window ending now. */
const ROLLING = /\b(last|past|previous)\s+(?:(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple of|couple|several)\s+)?(min(?:ute)?|hour|hr|day|week|month|year)s?\b/i;
const AGO = /\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of|several)\s+(min(?:ute)?|hour|hr|day|week|month|year)s?\s+ago\b/i;
const YEAR_ONLY = /\b(in|during|since|from|for)\s+((?:19|20)\d\d)\b/i;
/**
 * Rates and habits ("per night", "a day", "every morning", "daily"): words about the content, not
 * about when something was seen. Hidden from the date parser (same length, so positions hold).
 */
const HABIT =
  /\b(?:per|a|an|each|every)\s+(?:night|day|week|month|year|hour|minute|morning|afternoon|evening|weekend|weekday|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b(?!\s+ago\b)|\b(?:nightly|daily|weekly|monthly|yearly|hourly)\b/gi;
const PART_OF_DAY = /\b(morning|afternoon|evening|tonight|night|noon|midnight|lunch(?:time)?)\b/i;
/**
 * Events named after their part of the day ("parents' evening", "quiz night", "the open morning"):
 * the name of a thing asked about, not a time of it. Hidden from the date parser as habits are,
 * which otherwise read "evening" as this evening and asked about today. A part of the day after a
 * possessive or an event's noun; a weekday's or a relative day's ("Friday's evening") stays a time.
 */
const NAMED_BY_PART_OF_DAY = new RegExp(
  String.raw`\b(?:(?!(?:to|yester|mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|last|this|next)[a-z]+(?:s'|'s|’s|s’)|` +
    String.raw`quiz|open|movie|film|games?|karaoke|date|hen|stag|bonfire|opening|closing|poker|trivia|comedy|talent|disco|social|careers|options|information|info|presentation|welcome|taster|awards|gala|election|curry|pizza|cheese|wine|music|jazz|club|fight|fireworks)` +
    String.raw`\s+(?:evening|night|morning|afternoon)s?\b`,
  'gi',
);

/** Glue words left dangling once the time expression is cut out of the question. */
const LEADING_GLUE = /\b(?:(?:in|during|over|within|for|from|since|on|at|between|before|after|until|till|by|of|as\s+(?:of|at)|up\s+to\s+and\s+including)\s+(?:the\s+)?|the\s+)$/i;
const START_GLUE = /\b(since|after|from)\s+(?:the\s+)?$/i;
const END_GLUE = /\b(before|until|till|by)\s+(?:the\s+)?$/i;
/** A window open at the start that ends with the time named, which it includes: "as of December 2023", "up to and including May". */
const THROUGH_GLUE = /\b(?:as\s+(?:of|at)|up\s+to\s+and\s+including)\s+(?:the\s+)?$/i;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const COUNT = '\\d+|a couple of|a few|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple of|couple|several';
const SHIFTED_UNIT = `(${WEEKDAYS.join('|')}|day|week|weekend|month|year)`;
/** "the week before last", "the Sunday before last", "the month before last": one more step back than "last". */
const BEFORE_LAST = new RegExp(`\\b(?:the\\s+)?${SHIFTED_UNIT}\\s+before\\s+last\\b`, 'i');
/** "two weekends ago", "a weekend ago", "last weekend": chrono has no weekends (its "last weekend" is a Sunday). */
const WEEKENDS_AGO = new RegExp(`\\b(?:(${COUNT})\\s+weekends?\\s+ago|(?:last|previous|past)\\s+weekend)\\b`, 'i');
/** "the first weekend of August 2023", "the last week of May", "the second Monday in March". */
const ORDINAL_OF = new RegExp(`\\b(?:the\\s+)?(first|second|third|fourth|last)\\s+(${WEEKDAYS.join('|')}|week|weekend)\\s+(?:of|in)\\s+`, 'gi');
const ORDINALS = ['first', 'second', 'third', 'fourth'];
/** Chrono's "the day before", "the week after" with nothing for them to be before or after. */
const RELATIVE_ALONE = /^(?:the\s+)?(?:day|week|weekend|month|year)\s+(?:before|after)$/i;
/** "the Sunday before", "two days after", "the week before": a time named relative to the date that follows. */
const RELATIVE_HEAD = new RegExp(`\\b(?:the\\s+)?(?:(${COUNT})\\s+)?${SHIFTED_UNIT}s?\\s+(before|after)\\s+(?:the\\s+)?`, 'gi');

function unitKey(u: string): string {
  const x = u.toLowerCase();
  if (x.startsWith('min')) return 'minute';
  if (x === 'hr') return 'hour';
  return x;
}

function countOf(word: string | undefined): number {
  if (!word) return 1;
  const n = Number(word);
  if (Number.isFinite(n)) return n;
  return NUMBER_WORDS[word.toLowerCase()] ?? 1;
}

type ChronoResult = chrono.ParsedResult;
type Span = { from: number; to: number; focus: number | null };

/** The instant a parsed date names, read as wall-clock parts in the user's zone. */
function instantOf(comp: ParsedComponents, cal: ZonedCalendar): number {
  return cal.at(
    comp.get('year') ?? 1970,
    comp.get('month') ?? 1,
    comp.get('day') ?? 1,
    comp.get('hour') ?? 0,
    comp.get('minute') ?? 0,
    comp.get('second') ?? 0,
  );
}

/** The span one parsed date covers at the precision the user gave it ("March" is a month, "Monday" a day). */
function spanOf(r: ChronoResult, which: 'start' | 'end', now: number, cal: ZonedCalendar): Span {
  const comp = which === 'end' && r.end ? r.end : r.start;
  let t = instantOf(comp, cal);
  const text = r.text.toLowerCase();
  const certain = (c: chrono.Component) => comp.isCertain(c);

  // A weekday or a clock time alone means the most recent one, never a future one. A weekday with no
  // hour is a whole day, so today's weekday is today at any hour (chrono's implied noon must not decide:
  // "on Saturday" asked on a Saturday gave last week at 08:00 and today at 23:00), as in the future tense.
  const ahead = certain('hour') ? t > now : cal.startOfDay(t) > cal.startOfDay(now);
  if (!certain('day') && certain('weekday') && ahead) t = cal.addDays(t, -7);
  if (certain('hour') && !certain('day') && !certain('weekday') && t > now) t = cal.addDays(t, -1);

  // "last night" is the night that began yesterday evening, also when asked in its small hours.
  if (/^last\s+night$/.test(text.trim())) {
    const y = cal.wall(cal.startOfDay(now, -1));
    const today = cal.wall(now);
    return { from: cal.at(y.year, y.month, y.day, 18), to: Math.min(now, cal.at(today.year, today.month, today.day, 6)), focus: null };
  }

  const part = PART_OF_DAY.exec(text)?.[1]?.toLowerCase();
  if (certain('hour') && part !== 'morning' && part !== 'afternoon' && part !== 'evening') {
    // A moment: an hour either side finds what was going on around it.
    return { from: t - HOUR, to: t + HOUR, focus: t };
  }
  if (part) {
    const w = cal.wall(t);
    const [a, b] =
      part === 'morning' ? [6, 12] :
      part === 'afternoon' ? [12, 18] :
      part === 'evening' ? [18, 24] :
      part.startsWith('lunch') || part === 'noon' ? [11, 14] :
      part === 'midnight' ? [-1, 1] :
      [18, 30]; // night, tonight: into the small hours of the next day
    return { from: cal.at(w.year, w.month, w.day, a), to: cal.at(w.year, w.month, w.day, b), focus: null };
  }
  if (/\bweeks?\s+ago\b/.test(text)) {
    const day = cal.startOfDay(t);
    return { from: cal.addDays(day, -3), to: cal.addDays(day, 4), focus: null };
  }
  if (/\bthis\s+week\b/.test(text)) return { from: cal.startOfWeek(now), to: now, focus: null };
  if (/^(?:last|previous)\s+week$/.test(text)) {
    const thisWeek = cal.startOfWeek(now);
    return { from: cal.addDays(thisWeek, -7), to: thisWeek, focus: null };
  }
  if (certain('day') || certain('weekday')) {
    const day = cal.startOfDay(t);
    // "today" and "earlier today" end now.
    const isToday = day === cal.startOfDay(now);
    return { from: day, to: isToday ? now : cal.addDays(day, 1), focus: null };
  }
  if (certain('month')) {
    let m = cal.startOfMonth(t);
    if (!certain('year') && m > now) m = cal.startOfMonth(t, -12);
    return { from: m, to: cal.startOfMonth(m, 1), focus: null };
  }
  if (certain('year')) {
    return { from: cal.startOfYear(t), to: cal.startOfYear(t, 1), focus: null };
  }
  // A date with nothing certain about it: take that day.
  const day = cal.startOfDay(t);
  return { from: day, to: cal.addDays(day, 1), focus: null };
}

/** A day as the words a screen may show it in: "Friday Fri 11 December Dec". */
export function dateWords(ms: number, timeZone: string): string {
  const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone, ...o }).format(ms);
  return `${part({ weekday: 'long' })} ${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ month: 'short' })}`;
}

/**
 * "next Friday" is always to come: asked on a Saturday, chrono (reading back, forwardDate off) gives
 * the Friday just gone, which would filter the search to yesterday. Words that look ahead move the
 * day forward by weeks until it is after now.
 */
function stillAhead(label: string, span: Span, now: number, cal: ZonedCalendar): Span {
  if (!AHEAD_WORD.test(label.trim()) || span.from > now || !/\b(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend\b/i.test(label)) return span;
  let { from, to } = span;
  while (from <= now) {
    from = cal.addDays(from, 7);
    to = cal.addDays(to, 7);
  }
  return { from, to, focus: null };
}
/**
 * "this Friday" is the Friday of this week (Monday to Sunday), whether it is gone or to come; chrono,
 * reading back, gives last week's Friday when asked on a Tuesday.
 */
function thisWeekday(label: string, span: Span, now: number, cal: ZonedCalendar): Span {
  const m = /\bthis\s+((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i.exec(label);
  if (!m) return span;
  const weekday = WEEKDAYS.indexOf(m[1]!.toLowerCase());
  const from = cal.startOfDay(cal.startOfWeek(now), (weekday + 6) % 7);
  return { from, to: cal.startOfDay(from, 1), focus: null };
}
const AHEAD_WORD = /^(?:next|coming|upcoming|following|the\s+(?:next|coming|following))\b/i;
/** A time to come that is one day: "tomorrow", "next Monday", "on Thursday", "December 14". */
const ONE_DAY_AHEAD = /\b(?:today|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}(?:st|nd|rd|th)?)\b/i;
const BARE_WEEKDAY = /^(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i;

/**
 * The words a time to come joins the query with. A day is its date as screens write it; a week is
 * its own words (one day's date would mislead: "next week" is not the Saturday chrono lands on);
 * a month its name; a quarter "Q1 2027", as plans and reports name it; a year its number.
 */
function aheadWords(label: string, from: number, cal: ZonedCalendar): string {
  const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: cal.timeZone, ...o }).format(from);
  const year = part({ year: 'numeric' });
  if (/\bquarter\b/i.test(label)) return `${label} Q${Math.floor((cal.wall(from).month - 1) / 3) + 1} ${year}`;
  if (/\bweek\b/i.test(label)) return label;
  if (/\bmonth\b/i.test(label)) return `${part({ month: 'long' })} ${part({ month: 'short' })} ${year}`;
  if (/\byear\b/i.test(label)) return year;
  return dateWords(from, cal.timeZone);
}

function cut(question: string, start: number, end: number): string {
  let before = question.slice(0, start);
  const after = question.slice(end);
  before = before.replace(LEADING_GLUE, '');
  return `${before} ${after}`
    .replace(/\s+([?.!,;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;:]+|[\s,;:]+$/g, '')
    .trim();
}

/**
 * The start of "between August 11 and August 15 2023": a year written once, at the end, is the
 * year of both dates (the first is not this year's August 11); and "between December 20 and
 * January 5 2024" starts in the year before.
 */
function startInYearOf(first: ChronoResult, second: ChronoResult, endFrom: number, reference: ParsingReference, now: number, cal: ZonedCalendar): Span {
  const year = second.start.get('year');
  if (first.start.isCertain('year') || !second.start.isCertain('year') || year === null) return spanOf(first, 'start', now, cal);
  for (const y of [year, year - 1]) {
    const again = chrono.parse(`${first.text} ${y}`, reference, { forwardDate: false })[0];
    if (!again?.start.isCertain('year')) break;
    const span = spanOf(again, 'start', now, cal);
    if (span.from <= endFrom) return span;
  }
  return spanOf(first, 'start', now, cal);
}

/** The weekend (Saturday 00:00 to Monday 00:00) `back` weekends before the week holding `ms` (1: the one just before). */
function weekendBefore(ms: number, back: number, cal: ZonedCalendar): Span {
  const from = cal.startOfDay(cal.startOfWeek(ms), -2 - 7 * (back - 1));
  return { from, to: cal.startOfDay(from, 2), focus: null };
}

/** The day `n` of a weekday before (or after) a day: "the Sunday before 25 October" is the 23rd. */
function weekdayFrom(day: number, weekday: number, n: number, dir: -1 | 1, cal: ZonedCalendar): Span {
  let d = cal.startOfDay(day, dir);
  while (cal.wall(d).weekday !== weekday) d = cal.startOfDay(d, dir);
  const from = cal.startOfDay(d, dir * 7 * (n - 1));
  return { from, to: cal.startOfDay(from, 1), focus: null };
}

/**
 * A unit shifted from an anchor span ("the week before" it, "two days after" it, "the Sunday
 * before" it). A unit without a count is the adjacent one ("the week before" is the 7 days before);
 * weeks with a count are a point ("two weeks before"), read like "two weeks ago".
 */
function shiftFrom(anchor: Span, unit: string, count: string | undefined, dir: -1 | 1, cal: ZonedCalendar): Span {
  const n = countOf(count);
  const first = cal.startOfDay(anchor.from);
  const last = cal.startOfDay(anchor.to - 1);
  const edge = dir < 0 ? first : last;
  const weekday = WEEKDAYS.indexOf(unit);
  if (weekday >= 0) return weekdayFrom(edge, weekday, n, dir, cal);
  switch (unit) {
    case 'day': {
      const from = cal.startOfDay(edge, dir * n);
      return { from, to: cal.startOfDay(from, 1), focus: null };
    }
    case 'week': {
      if (count === undefined) return dir < 0 ? { from: cal.startOfDay(first, -7), to: first, focus: null } : { from: cal.startOfDay(last, 1), to: cal.startOfDay(last, 8), focus: null };
      const p = cal.startOfDay(edge, dir * 7 * n);
      return { from: cal.startOfDay(p, -3), to: cal.startOfDay(p, 4), focus: null };
    }
    case 'weekend': {
      if (dir < 0) return weekendBefore(first, n, cal);
      let sat = cal.startOfDay(cal.startOfWeek(last), 5);
      if (sat <= last) sat = cal.startOfDay(sat, 7);
      const from = cal.startOfDay(sat, 7 * (n - 1));
      return { from, to: cal.startOfDay(from, 2), focus: null };
    }
    case 'month':
      return { from: cal.startOfMonth(edge, dir * n), to: cal.startOfMonth(edge, dir * n + 1), focus: null };
    default:
      return { from: cal.startOfYear(edge, dir * n), to: cal.startOfYear(edge, dir * n + 1), focus: null };
  }
}

/** The nth (or last) weekday, week (days 1-7, 8-14…; the last: the month's last 7 days) or weekend (from its Saturday) of the month starting at `month`. */
function nthOfMonth(month: number, ordinal: string, unit: string, cal: ZonedCalendar): Span {
  const next = cal.startOfMonth(month, 1);
  const day = (d: number, n = 1): Span => ({ from: d, to: cal.startOfDay(d, n), focus: null });
  if (unit === 'week') return ordinal === 'last' ? day(cal.startOfDay(next, -7), 7) : day(cal.startOfDay(month, 7 * ORDINALS.indexOf(ordinal)), 7);
  const weekday = unit === 'weekend' ? 6 : WEEKDAYS.indexOf(unit);
  const length = unit === 'weekend' ? 2 : 1;
  if (ordinal === 'last') {
    let d = cal.startOfDay(next, -1);
    while (cal.wall(d).weekday !== weekday) d = cal.startOfDay(d, -1);
    return day(d, length);
  }
  let d = month;
  while (cal.wall(d).weekday !== weekday) d = cal.startOfDay(d, 1);
  return day(cal.startOfDay(d, 7 * ORDINALS.indexOf(ordinal)), length);
}

/**
 * The window the words before a time make of it: "since/after/from X" runs from X to now; "as of
 * X", "up to and including X" and "by the end of X" end with X; "before/until/by X" ends where X starts.
 */
function glued(before: string, span: Span, label: string, now: number): Span {
  if (START_GLUE.test(before)) return { from: span.from, to: now, focus: null };
  if (THROUGH_GLUE.test(before) || (END_GLUE.test(before) && /^end\s+of\b/i.test(label))) return { from: 0, to: span.to, focus: null };
  if (END_GLUE.test(before)) return { from: 0, to: span.from, focus: null };
  return span;
}

/**
 * Times chrono misreads or has no words for, found first: weekends ("two weekends ago"), one step
 * back from "last" ("the week before last"), and a unit before or after the date that follows it
 * ("the Sunday before October 25, 2022", "two days after 3 March"), and the nth weekday, week or
 * weekend of a month ("the first weekend of August 2023"). Null when there is none, or
 * when it names a time to come (the general path words it then).
 */
function shiftedTime(question: string, masked: string, reference: ParsingReference, now: number, cal: ZonedCalendar): { start: number; end: number; span: Span } | null {
  const found: { start: number; end: number; span: Span }[] = [];
  const beforeLast = BEFORE_LAST.exec(masked);
  if (beforeLast) {
    const unit = beforeLast[1]!.toLowerCase();
    const weekday = WEEKDAYS.indexOf(unit);
    const thisWeek = cal.startOfWeek(now);
    const span: Span =
      weekday >= 0 ? weekdayFrom(cal.startOfDay(now), weekday, 2, -1, cal) :
      unit === 'day' ? { from: cal.startOfDay(now, -2), to: cal.startOfDay(now, -1), focus: null } :
      unit === 'week' ? { from: cal.startOfDay(thisWeek, -14), to: cal.startOfDay(thisWeek, -7), focus: null } :
      unit === 'weekend' ? weekendBefore(now, 2, cal) :
      unit === 'month' ? { from: cal.startOfMonth(now, -2), to: cal.startOfMonth(now, -1), focus: null } :
      { from: cal.startOfYear(now, -2), to: cal.startOfYear(now, -1), focus: null };
    found.push({ start: beforeLast.index, end: beforeLast.index + beforeLast[0].length, span });
  }
  const weekends = WEEKENDS_AGO.exec(masked);
  if (weekends) {
    const back = weekends[1] === undefined ? 1 : countOf(weekends[1]);
    found.push({ start: weekends.index, end: weekends.index + weekends[0].length, span: weekendBefore(now, back, cal) });
  }
  // On the question itself: "a week before May 20" is no habit (the mask would hide "a week").
  for (const m of question.matchAll(RELATIVE_HEAD)) {
    const tailAt = m.index + m[0].length;
    const r = chrono.parse(question.slice(tailAt), reference, { forwardDate: false })[0];
    if (!r || r.index !== 0) continue;
    const anchor = { from: spanOf(r, 'start', now, cal).from, to: spanOf(r, r.end ? 'end' : 'start', now, cal).to, focus: null };
    const span = shiftFrom(anchor, m[2]!.toLowerCase(), m[1], m[3]!.toLowerCase() === 'before' ? -1 : 1, cal);
    found.push({ start: m.index, end: tailAt + r.text.length, span });
    break;
  }
  for (const m of question.matchAll(ORDINAL_OF)) {
    const tailAt = m.index + m[0].length;
    const r = chrono.parse(question.slice(tailAt), reference, { forwardDate: false })[0];
    if (!r || r.index !== 0 || r.start.isCertain('day') || !r.start.isCertain('month')) continue;
    const month = spanOf(r, 'start', now, cal).from;
    found.push({ start: m.index, end: tailAt + r.text.length, span: nthOfMonth(month, m[1]!.toLowerCase(), m[2]!.toLowerCase(), cal) });
    break;
  }
  const first = found.filter((f) => f.span.from <= now).sort((a, b) => a.start - b.start)[0];
  return first ?? null;
}

/**
 * A bare weekday in a question about a day to come ("when is my appointment on Thursday?"): the
 * next such day, today included, which the general path then treats as a time to come. Null when
 * the weekday is qualified ("last", "this", "next", a date, "Friday the 6th"), glued to "since"/"before", or the
 * tense is past or says nothing (a bare weekday is then the last one).
 */
function comingWeekday(question: string, before: string, r: ChronoResult, now: number, cal: ZonedCalendar): Span | null {
  const weekday = r.start.get('weekday');
  if (weekday === null || !r.start.isCertain('weekday') || r.start.isCertain('day') || r.end) return null;
  if (/\b(?:last|past|previous|this|next|coming|ago)\b/i.test(r.text)) return null;
  if (START_GLUE.test(before) || END_GLUE.test(before) || THROUGH_GLUE.test(before)) return null;
  // "Friday the 6th": a date the weekday only describes, which chrono leaves out of its match.
  if (/^\s*,?\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b/i.test(question.slice(r.index + r.text.length))) return null;
  if (questionTense(question) !== 'ahead') return null;
  let day = cal.startOfDay(now);
  while (cal.wall(day).weekday !== weekday) day = cal.startOfDay(day, 1);
  // Later than now even when it is today, so that the day is what the question is about, not a filter.
  return { from: Math.max(day, now + 1), to: cal.startOfDay(day, 1), focus: null };
}

/**
 * Finds the time expression of a question ("last 4 days", "yesterday afternoon", "in March",
 * "since Monday") and turns it into a window; the rest of the question becomes the search query.
 * Days, weeks and months are cut in `timeZone` (default: the process's zone).
 */
export function parseQuestionTime(question: string, now: Date = new Date(), timeZone?: string): QuestionTime {
  const nowMs = now.getTime();
  const cal = ZonedCalendar.for(timeZone);
  // Chrono reads wall-clock parts relative to this offset; spans are then cut in the zone itself (DST-safe).
  const reference = { instant: now, timezone: Math.round(cal.offsetAt(nowMs) / MINUTE) };
  const masked = question.replace(HABIT, (m) => ' '.repeat(m.length)).replace(NAMED_BY_PART_OF_DAY, (m) => ' '.repeat(m.length));
  const results = chrono
    .parse(masked, reference, { forwardDate: false })
    .filter((r) => !/^(?:right\s+)?now$/i.test(r.text.trim()))
    // "the day before (the concert)": relative to something that is not a time (chrono reads it as yesterday).
    .filter((r) => !RELATIVE_ALONE.test(r.text.trim()));

  const shifted = shiftedTime(question, masked, reference, nowMs, cal);
  if (shifted) {
    const label = question.slice(shifted.start, shifted.end);
    const range = glued(question.slice(0, shifted.start), shifted.span, label, nowMs);
    return { rest: cut(question, shifted.start, shifted.end), range: { ...range, label } };
  }

  if (results.length === 0) {
    const y = YEAR_ONLY.exec(question);
    if (!y || y.index === undefined) return { rest: question.trim(), range: null };
    const year = Number(y[2]);
    const from = cal.at(year, 1, 1);
    const to = y[1]!.toLowerCase() === 'since' ? nowMs : cal.at(year + 1, 1, 1);
    return {
      rest: cut(question, y.index, y.index + y[0].length),
      range: { from, to, focus: null, label: y[0].trim() },
    };
  }

  const first = results[0]!;
  const second = results[1];
  const before = question.slice(0, first.index);

  // "between June 3 and June 5": chrono returns two dates; join them into one window.
  if (second) {
    const between = question.slice(first.index + first.text.length, second.index);
    if (/^\s*(and|to|until|till|-|–)\s*$/i.test(between) && /\b(between|from)\s+(?:the\s+)?$/i.test(before)) {
      const b = spanOf(second, 'start', nowMs, cal);
      const a = startInYearOf(first, second, b.from, reference, nowMs, cal);
      const start = before.search(/\b(between|from)\s+(?:the\s+)?$/i);
      return {
        rest: cut(question, start, second.index + second.text.length),
        range: { from: a.from, to: b.to, focus: null, label: question.slice(first.index, second.index + second.text.length) },
      };
    }
  }

  const label = first.text;
  const ahead = comingWeekday(question, before, first, nowMs, cal) ?? stillAhead(label, thisWeekday(label, spanOf(first, 'start', nowMs, cal), nowMs, cal), nowMs, cal);
  // A time to come ("tomorrow", "next Friday") cannot be when something was seen: it is what the
  // question is about ("what's due next Friday?"). No filter; the date's words join the query.
  if (ahead.from > nowMs && !ROLLING.test(label) && !AGO.test(label)) {
    const rest = `${question.slice(0, first.index)} ${aheadWords(label, ahead.from, cal)} ${question.slice(first.index + first.text.length)}`.replace(/\s{2,}/g, ' ').trim();
    if (!ONE_DAY_AHEAD.test(label) || /\b(?:week|weekend|month|quarter|year)\b/i.test(label) || PART_OF_DAY.test(label) || first.start.isCertain('hour')) return { rest, range: null };
    const day = cal.wall(ahead.from);
    return { rest, range: null, ahead: { label, weekday: day.weekday, date: day.day, bare: BARE_WEEKDAY.test(label.trim()) } };
  }
  let range: { from: number; to: number; focus: number | null };
  const rolling = ROLLING.exec(label);
  const ago = AGO.exec(label);
  if (first.end) {
    range = { from: spanOf(first, 'start', nowMs, cal).from, to: spanOf(first, 'end', nowMs, cal).to, focus: null };
  } else if (rolling && !ago) {
    const explicitCount = rolling[2] !== undefined;
    const unit = unitKey(rolling[3]!);
    const rollingWindow = explicitCount || rolling[1]!.toLowerCase() === 'past' || /\bthe\s+$/i.test(before);
    if (rollingWindow) {
      range = { from: nowMs - countOf(rolling[2]) * (UNIT_MS[unit] ?? DAY), to: nowMs, focus: null };
    } else if (unit === 'week' || unit === 'month' || unit === 'year' || unit === 'day') {
      // Bare "last week/month/year" is the previous calendar unit.
      range = spanOf(first, 'start', nowMs, cal);
    } else {
      range = { from: nowMs - (UNIT_MS[unit] ?? HOUR), to: nowMs, focus: null };
    }
  } else {
    range = spanOf(first, 'start', nowMs, cal);
  }

  // "from Monday to Wednesday" already carries both ends.
  if (!first.end) range = glued(before, range, label, nowMs);

  return { rest: cut(question, first.index, first.index + first.text.length), range: { ...range, label } };
}
