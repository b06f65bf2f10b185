/**
 * The month or year a question names ("my October salary", "the 2025 tax return") read against the
 * months and years a screen names: a payslip for November answers no question about October, however
 * well its labels fit. A screen that names periods, none of them the asked one, is about another
 * period; one that names none may still be the one (its dates written in figures).
 */
import { translationsOf } from '../../shared/text/index.js';

const ENGLISH_MONTHS = 'january february march april may june july august september october november december'.split(' ');

/**
 * Each month's names, lowercased: English with its short forms, and the everyday translations
 * (German, French, Spanish, Italian, Portuguese) with and without accents.
 */
const MONTH_NAMES: string[][] = ENGLISH_MONTHS.map((m) => {
  const names = new Set([m, m.slice(0, 3), ...(m === 'september' ? ['sept'] : [])]);
  for (const t of translationsOf(m)) for (const forms of Object.values(t.forms)) for (const f of forms) names.add(f.toLowerCase());
  for (const n of [...names]) names.add(n.normalize('NFD').replace(/\p{M}/gu, ''));
  return [...names];
});

/** Names that are everyday words in lower case ("may", "mar", "mai" in French): a month only when capitalised. */
const WORD_TOO = new Set(['may', 'mar', 'mai', 'marzo', 'mars']);

const BY_NAME = new Map<string, number>();
MONTH_NAMES.forEach((names, i) => names.forEach((n) => BY_NAME.set(n, i)));

/** Short forms ("Jan", "Dec", "Okt") are a month beside a day or a year only: "Jan" alone is as often a name. */
const SHORT = 4;

/** The months (0..11) a text names; `asked`: a question's words, where "my Jan payslip" is a month alone. */
export function monthsNamed(text: string, asked = false): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/\p{L}+/gu)) {
    const word = m[0];
    const lower = word.toLowerCase();
    const i = BY_NAME.get(lower);
    if (i === undefined) continue;
    if (WORD_TOO.has(lower) && !/^\p{Lu}/u.test(word)) continue;
    const at = m.index;
    if (!asked && lower.length <= SHORT && !/\d[\s.,-]*$/.test(text.slice(Math.max(0, at - 4), at)) && !/^\.?[\s,-]*\d/.test(text.slice(at + word.length, at + word.length + 4))) continue;
    out.add(i);
  }
  return out;
}

/** The years (1990..2099) a text names as years: four figures standing alone, not a piece of a longer number. */
export function yearsNamed(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/(?<![\d.,/-])(?:19[89]\d|20\d\d)(?![\d.,]\d|[/-]\d)/g)) out.add(Number(m[0]));
  return out;
}

/**
 * Whether a screen is about another period than the one asked: the question names a month (or a
 * year) and the screen names one or more, none of them that one.
 */
export function otherPeriod(asked: string, screen: string): boolean {
  const clash = (want: Set<number>, said: Set<number>) => want.size > 0 && said.size > 0 && ![...want].some((x) => said.has(x));
  return clash(monthsNamed(asked, true), monthsNamed(screen)) || clash(yearsNamed(asked), yearsNamed(screen));
}

/**
 * The user looking at something: "which page did I look at", "what was I reading", "on my screen". A
 * month such a question names is when it was seen; one beside what the user paid, logged or booked
 * ("what did I pay for electricity in October") may be what a statement or a sheet is about.
 */
const LOOKED = /\b(?:i|we)\s+(?:\w+\s+)?(?:look(?:ed|ing)?|saw|see|seen|read(?:ing)?|open(?:ed|ing)?|watch(?:ed|ing)?|view(?:ed|ing)?|visit(?:ed|ing)?|brows(?:e|ed|ing)|search(?:ed|ing)?|googl(?:e|ed))\b|\bon\s+(?:my|the)\s+screen\b/i;

/** Whether a question asks what the user looked at: a month it names is then when, not what about. */
export const asksLooked = (question: string): boolean => LOOKED.test(question);

/** A calendar month a question's window over captures spans ("in October", "last month", "this month"), as the month (0..11) and year. */
export interface AskedMonth {
  month: number;
  year: number;
}

const DAY_MS = 86_400_000;

/**
 * The month a window is, when its label names one ("October", "November 2026", "last month") and it
 * spans no more than a month: read at its middle, so the user's time zone does not move it a month.
 */
export function monthOfWindow(range: { from: number; to: number; label: string }): AskedMonth | null {
  if (range.from <= 0 || range.to - range.from > 32 * DAY_MS) return null;
  if (!monthsNamed(range.label, true).size && !/\bmonth\b/i.test(range.label)) return null;
  const mid = new Date((range.from + range.to) / 2);
  return { month: mid.getUTCMonth(), year: mid.getUTCFullYear() };
}

/** Whether a text is about the month: it names it, and names no year or that month's year ("Contractors Oct 2026", "Oktober"). */
export function namesMonth(text: string, m: AskedMonth): boolean {
  const years = yearsNamed(text);
  return monthsNamed(text).has(m.month) && (!years.size || years.has(m.year));
}
