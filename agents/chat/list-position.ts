/**
 * "When's the last train home tonight", "what's the first slot on Monday", "the next bus after 6",
 * "my earliest appointment", "the final match of the season": a question that asks for the row at a
 * position in a list of times or dates. The answer is read from the whole list on the found screen,
 * the rows that fit what was asked (the asked day's, today's and not tomorrow's, the asked route's,
 * after the asked hour), in their order (by date where every row has one, else as the screen lists
 * them), and the row at the asked end is stated; not the line that shares most words with the
 * question, not a row of another day.
 */
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { ScreenOf } from './unmatched-screen.js';
import { foreignForms, meets, metByKin, stem, stemsOf, VALUE, type AskedValue } from './asked-value.js';
import { monthsNamed } from './asked-period.js';
import { dayCue, isDayHeading, unitDayFit } from './day-cue.js';
import { foundScreens } from './found-screens.js';

export type Position = 'first' | 'last';

export interface PositionAsk {
  position: Position;
  /** The word as asked ("last", "earliest", "next"). */
  word: string;
  /** "After 6", "before midnight": the minutes of the day it may be (both halves of a bare hour), and which side. */
  anchor: { side: 'after' | 'before'; minutes: number[] } | null;
  /** "Tonight", "today", "tomorrow": the relative day asked, when one is. */
  relative: 'today' | 'tomorrow' | null;
}

const WORDS: Record<string, Position> = { first: 'first', earliest: 'first', soonest: 'first', next: 'first', last: 'last', latest: 'last', final: 'last' };
const POSITION = /\b(first|earliest|soonest|next|last|latest|final)\b/i;
/** Only a question after a time or a row asks a position in a list ("when", "what time", "which", "what's"). */
const ASKS = /^\s*(?:and\s+|so\s+)?(?:when(?:'s|’s)?|what\s+time|at\s+what\s+time|what(?:'s|’s)?|which)\b/i;
/**
 * Not a row of a list: a period before or after now ("last week", "next Monday"), the user's own past
 * ("when did I last", "the last thing I opened"), a name, a step, a deadline ("at the latest").
 */
const NOT_POSITION =
  /\b(?:first|last|next|final|latest|earliest)\s+(?:week|month|year|night|time|times|weekend|day|days|mon|tues|wednes|thurs|fri|satur|sun)\w*\b|\b(?:first|last)\s+name\b|\b(?:first|next|last|final)\s+(?:step|thing|stage|steps|one to|bit)\b|\bat\s+the\s+(?:latest|earliest)\b|\b(?:i|we|you)\s+(?:\w+\s+)?last\b|\blast\s+(?:seen|used|opened|visited|updated|changed|edited|time)\b|\bwhat'?s\s+next\b|\b(?:what|which)\s+(?:did|have|had|was|were)\s+(?:i|we)\b/i;

/** The day said in the question as now or the day after, in its words. */
const TODAY = /\b(?:tonight|today|this\s+(?:evening|afternoon|morning))\b/i;
const TOMORROW = /\btomorrow\b/i;
/** A screen's heading of a relative day: today's, or another's. */
const TODAY_HEADING = /^(?:today|tonight|this evening|heute|aujourd'hui|ce soir|hoy|esta noche|oggi|stasera|hoje|vandaag|vanavond)\b/i;
const TOMORROW_HEADING = /^(?:tomorrow|morgen|demain|mañana|domani|amanhã|amanha)\b/i;

/** "After 6", "after 6pm", "after 18:30", "before midnight", "before 9 am". */
function anchorOf(question: string): PositionAsk['anchor'] {
  const m = /\b(after|before|from)\s+(midnight|noon|(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?)(?![\d:.])/i.exec(question);
  if (!m) return null;
  const side = m[1]!.toLowerCase() === 'before' ? 'before' : 'after';
  if (/^midnight$/i.test(m[2]!)) return { side, minutes: [24 * 60] };
  if (/^noon$/i.test(m[2]!)) return { side, minutes: [12 * 60] };
  const h = Number(m[3]);
  const min = Number(m[4] ?? 0);
  if (h > 23 || min > 59) return null;
  const half = m[5]?.toLowerCase().replace(/\./g, '');
  if (half) return { side, minutes: [((h % 12) + (half === 'pm' ? 12 : 0)) * 60 + min] };
  // A bare hour of the clock's first half is morning or evening: the question's words may say which.
  if (h >= 1 && h <= 11) {
    if (/\b(?:tonight|evening|night|afternoon|pm)\b/i.test(question)) return { side, minutes: [(h + 12) * 60 + min] };
    if (/\bmorning\b|\bam\b/i.test(question)) return { side, minutes: [h * 60 + min] };
    return { side, minutes: [h * 60 + min, (h + 12) * 60 + min] };
  }
  return { side, minutes: [h * 60 + min] };
}

/** The position a question asks in a list, or null. */
export function positionAsked(question: string): PositionAsk | null {
  const q = question.replace(/[’]/g, "'");
  if (!ASKS.test(q) || NOT_POSITION.test(q)) return null;
  const m = POSITION.exec(q);
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  return { position: WORDS[word]!, word, anchor: anchorOf(q), relative: TOMORROW.test(q) ? 'tomorrow' : TODAY.test(q) ? 'today' : null };
}

/** Words of the question that say the position, the day or the time, not what the list is of. */
const NOT_THING = new Set(
  ['first', 'earliest', 'soonest', 'next', 'slot', 'slots', 'option', 'available', 'free', 'opening', 'last', 'latest', 'final', 'tonight', 'today', 'tomorrow', 'evening', 'morning', 'afternoon', 'night', 'home', 'time', 'day', 'date', 'when', 'after', 'before', 'midnight', 'noon', 'one', 'season', 'list', 'available', 'upcoming', 'coming', 'leave', 'leaves', 'go', 'get', 'catch', 'take', 'start', 'is', 'my', 'our'].map(stem),
);
/** Lines that sum up a list or say when the page was refreshed are no rows of it. */
const NOT_ROW = /\b(?:total|subtotal|updated|as of|last update|refreshed|generated|printed|aktualisiert|stand|mis à jour|actualizado|aggiornato)\b/i;

interface Row {
  /** The row's line as read. */
  line: string;
  /** The time or date it is at, as written. */
  value: string;
  /** Minutes of the day of its time, when it has one. */
  minutes: number | null;
  /** An order key from its date (year, month, day), when it says one. */
  date: number | null;
  /** The day heading over it. */
  heading: string | null;
  /** Its place in the screen's reading order. */
  at: number;
}

const CLOCK_G = new RegExp(VALUE.clock.source, 'gi');
const DATE_G = new RegExp(VALUE.date.source, 'gi');

/** Minutes of the day of a time as written ("18:20", "6.15 pm", "20h", "noon"). */
function minutesOf(clock: string): number | null {
  if (/noon/i.test(clock)) return 12 * 60;
  if (/midnight/i.test(clock)) return 24 * 60;
  const m = /(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/i.exec(clock);
  if (!m) return null;
  let h = Number(m[1]);
  const half = m[3]?.toLowerCase().replace(/\./g, '');
  if (half === 'pm' && h < 12) h += 12;
  if (half === 'am' && h === 12) h = 0;
  return h * 60 + Number(m[2] ?? 0);
}

/** An order key for a date as written ("Sat 9 May", "16/05/2027", "2026-12-14"), without a year where it gives none. */
function dateKey(text: string): { month: number; day: number; year: number | null } | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]) - 1, day: Number(iso[3]) };
  const num = /\b(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2,4}))?\b/.exec(text);
  if (num && Number(num[2]) <= 12) return { day: Number(num[1]), month: Number(num[2]) - 1, year: num[3] ? Number(num[3].length === 2 ? `20${num[3]}` : num[3]) : null };
  const months = monthsNamed(text);
  const day = /\b(\d{1,2})(?:st|nd|rd|th|\.)?(?!\s*[:h.]\d)(?!\d)/.exec(text.replace(/\b\d{1,2}[:.h]\d{2}\b/g, ' '));
  if (months.size !== 1 || !day) return null;
  const year = /\b(20\d{2})\b/.exec(text);
  return { month: [...months][0]!, day: Number(day[1]), year: year ? Number(year[1]) : null };
}

/** The day a line says, its date words as one run ("Thu 17 Dec", "Sun 16 May 2027"). */
function daySaid(line: string): string | null {
  const ms = [...line.matchAll(DATE_G)].filter((m) => !/^(?:today|tonight|tomorrow)$/i.test(m[0].trim()));
  if (!ms.length) return null;
  let end = ms[0]!.index! + ms[0]![0].length;
  for (const m of ms.slice(1)) {
    if (m.index! - end > 3) break;
    end = m.index! + m[0].length;
  }
  const year = /^,?\s*20\d{2}\b/.exec(line.slice(end))?.[0] ?? '';
  return line.slice(ms[0]!.index!, end + year.length).trim();
}

/** Whether a line is only times (a row of slots: "09:30  10:15  11:00"), each one its own row. */
const onlyTimes = (line: string) => line.replace(CLOCK_G, ' ').replace(/[\s|·•,;/–—-]+/g, '').length === 0;

/** The rows of a screen's lines: each line with a time or a date, under the day heading above it. */
function rowsOf(lines: readonly string[]): Row[] {
  const rows: Row[] = [];
  let heading: string | null = null;
  lines.forEach((raw, at) => {
    const line = raw.trim();
    if (!line) return;
    if (TODAY_HEADING.test(line) && line.split(/\s+/).length <= 3) return void (heading = line);
    if (TOMORROW_HEADING.test(line) && line.split(/\s+/).length <= 3) return void (heading = line);
    if (isDayHeading(line)) return void (heading = line);
    if (NOT_ROW.test(line)) return;
    const clocks = [...line.matchAll(CLOCK_G)].map((m) => m[0].trim());
    const dates = [...line.matchAll(DATE_G)].map((m) => m[0].trim()).filter((d) => !/^(?:today|tonight|tomorrow)$/i.test(d));
    if (onlyTimes(line) && clocks.length > 1) {
      for (const c of clocks) rows.push({ line, value: c, minutes: minutesOf(c), date: null, heading, at });
      return;
    }
    if (!clocks.length && !dates.length) return;
    const key = dates.length ? dateKey(line) : null;
    const value = [key ? daySaid(line) : null, clocks[0]].filter(Boolean).join(' ');
    rows.push({ line, value: value.trim(), minutes: clocks[0] ? minutesOf(clocks[0]) : null, date: key ? (key.year ?? 0) * 400 + key.month * 32 + key.day : null, heading, at });
  });
  return rows;
}

/** Rows in the order of their dates where every row says one (the year running on past December), else as listed. */
function ordered(rows: Row[]): Row[] {
  if (!rows.every((r) => r.date !== null)) return rows;
  // A list without years that runs from autumn into spring runs into the next year.
  const first = rows[0]!.date! % 400;
  const keyed = rows.map((r) => {
    const noYear = r.date! < 400;
    const wrap = noYear && Math.floor(r.date! / 32) + 3 < Math.floor(first / 32) ? 400 : 0;
    return { r, k: r.date! + wrap + (r.minutes ?? 0) / 2000 };
  });
  return keyed.sort((a, b) => a.k - b.k || a.r.at - b.r.at).map((x) => x.r);
}

/**
 * Whether a row's date is before the day a screen was seen: by its year where it says one, else by
 * month and day, a month more than three before the seen one being next year's.
 */
function before(date: number | null, seen: Date): boolean {
  if (date === null) return false;
  const year = Math.floor(date / 400);
  const month = Math.floor((date % 400) / 32);
  const day = date % 32;
  const seenKey = seen.getUTCMonth() * 32 + seen.getUTCDate();
  if (year) return year * 400 + month * 32 + day < seen.getUTCFullYear() * 400 + seenKey;
  if (month + 3 < seen.getUTCMonth()) return false;
  return month * 32 + day < seenKey;
}

/** Rows whose time is on the asked side of the anchor, a list past midnight running on into the next day. */
function anchored(rows: Row[], side: 'after' | 'before', minutes: number): Row[] {
  let day = 0;
  let prev = -1;
  const out: Row[] = [];
  for (const r of rows) {
    if (r.minutes === null) continue;
    if (r.minutes + day < prev - 6 * 60) day += 24 * 60;
    const t = r.minutes + day;
    prev = t;
    if (side === 'after' ? t >= minutes : t < minutes) out.push(r);
  }
  return out;
}

export interface PositionLead {
  text: string;
  n: number;
  passage: PassageMatch;
}

/** Screens read for a list, at most. */
const LIST_SCREENS = 3;

/** Whether the screen's text says the term, by its word, a kin word or its everyday translation. */
function said(term: string, stems: Set<string>, asked: AskedValue): boolean {
  return meets(term, stems) || metByKin(term, stems, asked.kin) || foreignForms(term).some((f) => stems.has(f));
}

/**
 * The row at the asked position of the list on the best found screen that is about what the
 * question names, or null when no such list (two rows at least that fit) is on them.
 */
export function positionLead(question: string, asked: AskedValue, numbered: readonly NumberedMemory[], screens?: ScreenOf): PositionLead | null {
  const ask = positionAsked(question);
  if (!ask) return null;
  const cue = dayCue(question);
  const dayWords = new Set((cue?.words ?? []).map((w) => stem(w)));
  const things = asked.terms.filter((t) => !NOT_THING.has(t) && !dayWords.has(t) && !asked.loose.includes(t) && !/\d/.test(t) && !/^(?:sun|mon|tue|wed|thu|fri|sat)/.test(t));
  // Names the question gives ("to York", "the 42") are the route's: a row of the list must say them where some do.
  const names = question.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean).slice(1).filter((w) => /^\p{Lu}\p{Ll}/u.test(w) && !VALUE.date.test(w) && w !== 'I').map((w) => w.toLowerCase());
  const numbers = [...question.matchAll(/\b(?:route|line|bus|tram|no\.?|number|the)\s+(\d{1,4}[a-z]?)\b/gi)].map((m) => m[1]!.toLowerCase());
  for (const s of foundScreens(numbered, screens, LIST_SCREENS)) {
    const page = stemsOf(`${s.lines.join('\n')}\n${s.title}\n${s.about}`);
    // A list of the asked thing: every noun of it said on the page (a jobs log's "next check" is no car's inspection).
    if (things.length && !things.every((t) => said(t, page, asked))) continue;
    // A page that says which one is next itself ("Next inspection: 14 March") answers by its label, not by its order.
    if (ask.word === 'next' && s.lines.some((l) => /\bnext\b/i.test(l))) continue;
    let rows = rowsOf(s.lines);
    // A list: two rows at least on the screen; the asked day or route may hold only one of them.
    if (rows.length < 2) continue;
    // The asked day: the rows under its heading or dated by it.
    if (cue) rows = rows.filter((r) => unitDayFit(cue, { label: null, text: r.line, ...(r.heading ? { heading: r.heading } : {}) }) === 1);
    else if (ask.relative === 'tomorrow') rows = rows.filter((r) => r.heading !== null && TOMORROW_HEADING.test(r.heading));
    // No day asked, or today: not the rows under another day's heading ("Tomorrow" on a departure board).
    else rows = rows.filter((r) => r.heading === null || TODAY_HEADING.test(r.heading) || (!TOMORROW_HEADING.test(r.heading) && ask.relative === null));
    // The asked route or place, when some rows say it and others do not.
    for (const name of [...names, ...numbers]) {
      const has = rows.filter((r) => new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(r.line));
      if (has.length && has.length < rows.length) rows = has;
    }
    // A kind of thing some rows name and others do not ("Bus 42", "Tram 3").
    for (const t of things) {
      const has = rows.filter((r) => said(t, stemsOf(r.line), asked));
      if (has.length && has.length < rows.length) rows = has;
    }
    if (!rows.length) continue;
    let list = ordered(rows);
    // "The next game": of a list of dates, not one already past when the screen was seen.
    if (ask.word === 'next' && !ask.anchor) {
      const seen = new Date(s.passage.seen_at);
      if (!Number.isNaN(seen.getTime())) {
        list = list.filter((r) => !before(r.date, seen));
        if (!list.length) continue;
      }
    }
    let picks: { row: Row; at: string }[] = [];
    if (ask.anchor) {
      // A bare hour read both ways: the reading the list's times run across ("after 6" on buses from 17:20 to 19:20 is 18:00).
      const span = list.filter((r) => r.minutes !== null).map((r) => r.minutes!);
      const within = ask.anchor.minutes.filter((x) => span.length && x > Math.min(...span) && x <= Math.max(...span));
      for (const minutes of within.length ? within : ask.anchor.minutes) {
        const fit = anchored(list, ask.anchor.side, minutes);
        const row = ask.anchor.side === 'after' && ask.word !== 'last' && ask.word !== 'latest' && ask.word !== 'final' ? fit[0] : ask.position === 'first' ? fit[0] : fit[fit.length - 1];
        if (row && !picks.some((p) => p.row === row)) picks.push({ row, at: `${ask.anchor.side} ${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` });
      }
      if (!picks.length) continue;
    } else {
      const row = ask.position === 'first' ? list[0]! : list[list.length - 1]!;
      picks = [{ row, at: '' }];
    }
    const of = new Set(list.map((r) => `${r.at}\u0000${r.value}`)).size;
    const day = (r: Row) => (r.heading && !r.line.includes(r.heading) ? `, ${r.heading}` : '');
    const one = (p: { row: Row; at: string }) => {
      const line = p.row.line.replace(/\s{2,}/g, '  ');
      // A row that says its own time or date is stated as it is; a slot among others by its own time.
      const own = onlyTimes(p.row.line) ? p.row.value : p.row.value.split(' ').every((w) => p.row.line.includes(w)) ? line : `${p.row.value} — ${line}`;
      return `${own}${picks.length > 1 ? ` (${p.at})` : ''}`;
    };
    const where = of === 1 ? 'the only one listed' : `the ${ask.word}${ask.anchor && picks.length === 1 ? ` ${picks[0]!.at}` : ''} of ${of} listed`;
    const text = `${picks.map(one).join('; ')} (${where}${day(picks[0]!.row)})`;
    return { text, n: s.n, passage: s.passage };
  }
  return null;
}
