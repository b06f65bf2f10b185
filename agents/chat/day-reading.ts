/**
 * A day a question names ("on Thursday", "on the 14th") is one of two things. It is WHEN something
 * was seen or done ("what did I read on Tuesday", "what was I doing Friday afternoon"): a filter
 * over the captures' times. Or it is the day a screen says something ABOUT ("who's on the late shift
 * on Thursday", "which delivery comes Thursday"): a rota, a calendar or a delivery list seen on any
 * day, maybe a week before, says it; the day is read against the days the screen shows, never
 * against when it was captured.
 */
import { askedKind, VALUE, type ValueKind } from './asked-value.js';

export type DayReading = 'seen' | 'said' | 'either';

/** The user looking, reading, doing: the day is when. Verbs after "I"/"we", and what a screen showed them. */
const SEEN =
  /\b(?:i|we)\s+(?:(?:just|first|last|also|then|still)\s+)?(?:look(?:ed|ing)?|saw|see|seen|read(?:ing)?|open(?:ed|ing)?|watch(?:ed|ing)?|view(?:ed|ing)?|visit(?:ed|ing)?|brows(?:e|ed|ing)|search(?:ed|ing)?|googl(?:e|ed)|do|doing|did|work(?:ed|ing)?\s+on|typ(?:e|ed|ing)|writ(?:e|ing)|wrote|edit(?:ed|ing)?|play(?:ed|ing)?|listen(?:ed|ing)?|check(?:ed|ing)?|spen[dt]|us(?:e|ed|ing)|\w+ed)\b|\b(?:was|were)\s+(?:i|we)\b|\b(?:did|have|had)\s+(?:i|we)\s+\w+|\bon\s+(?:my|the)\s+screen\b|\b(?:app|page|site|website|tab|window|video|article|document|file)s?\s+(?:did|was|were|had)\b/i;

/**
 * Things a screen plans or lists by day: shifts and rotas, calendars and bookings, deadlines and
 * deliveries, classes, trips, menus, opening hours. A day beside one of them is the day the screen
 * is about.
 */
const SAID =
  /\b(?:shifts?|rotas?|roster(?:ed)?|schedul(?:e|es|ed)|calendar|agenda|timetable|planner|plan(?:s|ned)?|book(?:ing|ings|ed)|reserv(?:ation|ations|ed)|appointments?|meetings?|stand-?up|deadlines?|due|deliver(?:y|ies|ed)?|arriv(?:e|es|al|ing)|parcels?|packages?|shipments?|pick-?ups?|collection|bins?|lunch|dinner|breakfast|brunch|class(?:es)?|lessons?|courses?|trainings?|sessions?|practice|rehearsal|events?|concerts?|gigs?|shows?|screenings?|flights?|trains?|buses|departures?|menu|on[\s-]+call|on[\s-]+duty|rostered|off\s+work|day\s+off|opening|open(?:s|ing)?\s+(?:hours|times|at|until|till|from)|clos(?:ed|es|ing)|hours|happening|going\s+on|exams?|assignments?|tasks?|to-?dos?|reminders?|renewal|expir(?:e|es|y)|payments?|starts?|begins?|ends?)\b|\bwhat(?:'s|’s|\s+is|\s+was)\s+on\b(?!\s+(?:my|the)\s+screen)|\bwho(?:'s|’s|\s+is|\s+was|\s+were)\s+(?:on|in|off|working|covering)\b/i;

/** How a question reads the day it names: the captures' time, the screens' days, or both (the filter first). */
export function dayReading(question: string): DayReading {
  const seen = SEEN.test(question);
  const said = SAID.test(question);
  if (seen && !said) return 'seen';
  if (said && !seen) return 'said';
  return 'either';
}

/** A label that names one day as a whole ("on Thursday", "Friday", "the 14th"), not a moment or a part of one. */
export function namesWholeDay(label: string): boolean {
  if (/\b(?:morning|afternoon|evening|night|tonight|noon|midnight|lunch\s*time|ago|last|past|previous|since|before|after|until|between|week|month|year|yesterday|today)\b|\d[:.h]\d\d|\d\s*(?:am|pm)\b/i.test(label)) return false;
  return /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b\d{1,2}(?:st|nd|rd|th)?\b/i.test(label);
}

const SHORT: Record<string, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };

/** The words a screen writes the named day in: "on Thursday" → "Thursday Thu"; a date as it was said. */
export function dayWordsOf(label: string): string {
  const out: string[] = [];
  for (const m of label.matchAll(/\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/gi)) out.push(m[0], SHORT[m[0].toLowerCase()]!);
  for (const m of label.matchAll(/\b\d{1,2}(?:st|nd|rd|th)?\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/gi)) out.push(m[0]);
  return [...new Set(out)].join(' ');
}

/** Kinds whose value is one shape: a text without that shape says none of them. */
function valueShape(kind: ValueKind): RegExp | null {
  if (kind === 'when') return new RegExp(`${VALUE.date.source}|${VALUE.clock.source}`, 'i');
  if (kind === 'contact') return new RegExp(`${VALUE.phone.source}|${VALUE.email.source}`, 'i');
  if (kind === 'any' || kind === 'person' || kind === 'place' || kind === 'reason' || kind === 'command') return null;
  return VALUE[kind];
}

/**
 * Whether any of the texts found in the window says a value of the kind the question asks for (a
 * time for "what time", an amount for "how much"). Kinds with no one shape (a name, a place, "what")
 * count as said by any text found.
 */
export function saysAskedValue(question: string, texts: readonly string[]): boolean {
  if (!texts.length) return false;
  const shape = valueShape(askedKind(question));
  return shape ? texts.some((t) => shape.test(t)) : true;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/**
 * The question as asked, with a day to come said as the answer reads days on screens: "tomorrow"
 * asked on a Wednesday the 9th is "Thursday the 10th"; a bare weekday stays the user's word, to be
 * read in whatever week the screen shows (not this week's date).
 */
export function askedForDay(asked: string, ahead: { label: string; weekday: number; date: number; bare: boolean }): string {
  if (ahead.bare || !asked.includes(ahead.label)) return asked;
  return asked.replace(ahead.label, `${WEEKDAY_NAMES[ahead.weekday]} the ${ordinal(ahead.date)}`);
}
