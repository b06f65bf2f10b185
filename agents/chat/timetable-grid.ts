/**
 * Timetables: a school's week, a gym's classes, a rota, laid out as a grid whose header names the
 * days ("Monday  Tuesday …" across, or a day opening each row) and whose other axis is the slots of
 * the day (periods, times, classes). OCR gives word boxes, not cells: the grid is rebuilt from where
 * the words sit, each day as its slots in order, so that a question read against one day's column
 * ("what does she have right after lunch on Thursday", "what time is spinning on Tuesdays", "which
 * days does she have PE") is answered by the cell where they meet, and a day the grid does not hold,
 * or a class not on the asked day, is said so and nothing stated for it.
 */
import type { PassageMatch } from '../../shared/index.js';
import type { FrameWords } from '../store/index.js';
import { askedValue, foreignForms, meets, stem, stemsOf, type AskedValue } from './asked-value.js';
import { refineAsked } from './asked-kinds.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { ScreenOf } from './unmatched-screen.js';
import { dayCue, dayOfHeader } from './day-cue.js';
import { foundScreens } from './found-screens.js';

/** How many of the best found screens are looked at for a timetable. */
const GRID_SCREENS = 3;
import { linesOf } from './screen-layout.js';

type Line = ReturnType<typeof linesOf>[number];
type Cell = Line[number];

/** One slot of a day: what the row (or column) of slots calls it, and what the day has in it ('' for nothing). */
export interface Slot {
  label: string;
  text: string;
  /** A row drawn across every day (a break, lunch): the same for each day. */
  across: boolean;
}

export interface GridDay {
  /** The header as the screen writes it ("Thursday", "Do", "Tue 8 Dec"). */
  name: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  slots: Slot[];
}

export interface Timetable {
  days: GridDay[];
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The one weekday a cell names, or null ("Mon – Fri" is a run, not a column). */
function weekdayCell(text: string): number | null {
  const d = dayOfHeader(text.replace(/[|·•]/g, ' '));
  return d && d.weekdays.size === 1 ? [...d.weekdays][0]! : null;
}

/** A cell that says nothing is on: empty marks a grid prints ("—", "-", "–", "·", "x"). */
const EMPTY = /^[\s—–\-·•x/]*$/i;
const textOf = (cells: Cell[]) => cells.map((c) => c.text).join(' ').trim();
const heightOf = (l: Line) => Math.max(...l.map((c) => c.y1)) - Math.min(...l.map((c) => c.y0));
const top = (l: Line) => Math.min(...l.map((c) => c.y0));
const bottom = (l: Line) => Math.max(...l.map((c) => c.y1));
/** Rows of one grid follow each other within this many line heights. */
const ROW_GAP = 3.5;

/** Days across: a header of three day cells or more, and at most two others, left of them (a corner: "Period", "Class", "Time"). */
function acrossHeader(line: Line): { days: Cell[]; weekdays: number[] } | null {
  const days = line.filter((c) => weekdayCell(c.text) !== null);
  if (days.length < 3) return null;
  const others = line.filter((c) => !days.includes(c));
  if (others.length > 2 || others.some((c) => c.x0 > days[0]!.x0)) return null;
  const weekdays = days.map((c) => weekdayCell(c.text)!);
  if (new Set(weekdays).size !== weekdays.length) return null;
  return { days, weekdays };
}

/** Where each day's column starts and ends: half way to its neighbours, as wide again past the edges. */
export function columnBounds(days: readonly Cell[]): { x0: number; x1: number }[] {
  return days.map((d, k) => {
    const prev = days[k - 1];
    const next = days[k + 1];
    const left = prev ? (prev.x1 + d.x0) / 2 : null;
    const right = next ? (d.x1 + next.x0) / 2 : null;
    const half = ((right ?? d.x1) - (left ?? d.x0)) / 2;
    const mid = (d.x0 + d.x1) / 2;
    return { x0: left ?? mid - half, x1: right ?? mid + half };
  });
}

/** A grid with the days across its header and the slots down its first column. */
function acrossGrid(lines: Line[], i: number): { grid: Timetable; end: number } | null {
  const head = acrossHeader(lines[i]!);
  if (!head) return null;
  const cols = columnBounds(head.days);
  const left = cols[0]!.x0;
  const right = cols[cols.length - 1]!.x1;
  const h = heightOf(lines[i]!);
  const rows: { label: string; cells: string[]; single: Cell | null }[] = [];
  let prev = bottom(lines[i]!);
  let j = i + 1;
  for (; j < lines.length; j++) {
    const line = lines[j]!;
    if (top(line) - prev > ROW_GAP * h || acrossHeader(line)) break;
    // A line that runs from the slots' column into the days' (a note under the grid) is no row of it.
    if (line.some((c) => c.x0 < left - h / 2 && c.x1 > left + h) || line.every((c) => c.x0 >= right)) break;
    prev = bottom(line);
    const label = line.filter((c) => (c.x0 + c.x1) / 2 < left);
    const inGrid = line.filter((c) => !label.includes(c));
    const cells = cols.map((b) => textOf(inGrid.filter((c) => (c.x0 + c.x1) / 2 >= b.x0 && (c.x0 + c.x1) / 2 < b.x1)));
    rows.push({ label: textOf(label), cells: cells.map((c) => (EMPTY.test(c) ? '' : c)), single: inGrid.length === 1 ? inGrid[0]! : null });
  }
  if (rows.length < 2) return null;
  // A row of one cell centred over the whole grid, among rows that fill most days, is drawn across
  // them all (a merged cell: "Lunch", "Break"), not the middle day's alone.
  const full = rows.filter((r) => r.cells.filter(Boolean).length >= Math.ceil(cols.length / 2)).length;
  const colWidth = (right - left) / cols.length;
  const across = (r: (typeof rows)[number]) => !!r.single && full >= rows.length / 2 && Math.abs((r.single.x0 + r.single.x1) / 2 - (left + right) / 2) <= 0.35 * colWidth;
  const days = head.days.map((d, k) => ({
    name: d.text,
    weekday: head.weekdays[k]!,
    slots: rows.map((r) => (across(r) ? { label: r.label, text: r.single!.text, across: true } : { label: r.label, text: r.cells[k]!, across: false })),
  }));
  return { grid: { days }, end: j - 1 };
}

/** A grid with a day opening each row and the slots across its header: three day rows at least, one under another. */
function downGrid(lines: Line[], i: number): { grid: Timetable; end: number } | null {
  const dayOf = (l: Line | undefined) => (l && l.length >= 2 ? weekdayCell(l[0]!.text) : null);
  if (dayOf(lines[i]) === null) return null;
  const x = lines[i]![0]!.x0;
  const h = heightOf(lines[i]!);
  let j = i;
  while (j + 1 < lines.length && dayOf(lines[j + 1]) !== null && Math.abs(lines[j + 1]![0]!.x0 - x) <= 2 * h && top(lines[j + 1]!) - bottom(lines[j]!) <= ROW_GAP * h) j++;
  if (j - i + 1 < 3) return null;
  const header = lines[i - 1];
  const first = lines[i]![1]!;
  // The slots' header: the line right above, its cells over the rows' cells (a corner cell left of them may open it).
  const slots = header && top(lines[i]!) - bottom(header) <= ROW_GAP * h ? header.filter((c) => c.x1 > first.x0 - h) : [];
  const rows = lines.slice(i, j + 1);
  const weekdays = rows.map((l) => weekdayCell(l[0]!.text)!);
  if (new Set(weekdays).size !== weekdays.length) return null;
  const width = Math.max(slots.length, ...rows.map((l) => l.length - 1));
  const heads = slots.length ? slots : Array.from({ length: width }, (_, k) => ({ text: '', x0: rows[0]![k + 1]?.x0 ?? 0, x1: rows[0]![k + 1]?.x1 ?? 0, y0: 0, y1: 0 }));
  const bounds = columnBounds(heads);
  const days = rows.map((l, r) => ({
    name: l[0]!.text,
    weekday: weekdays[r]!,
    slots: bounds.map((b, k) => {
      const text = textOf(l.slice(1).filter((c) => (c.x0 + c.x1) / 2 >= b.x0 && (c.x0 + c.x1) / 2 < b.x1));
      return { label: heads[k]!.text, text: EMPTY.test(text) ? '' : text, across: false };
    }),
  }));
  return { grid: { days }, end: j };
}

/** The timetables a screen's word boxes lay out. */
export function timetablesOf(fw: FrameWords): Timetable[] {
  const lines = linesOf(fw);
  const out: Timetable[] = [];
  for (let i = 0; i < lines.length; i++) {
    const g = acrossGrid(lines, i) ?? downGrid(lines, i);
    if (!g) continue;
    out.push(g.grid);
    i = g.end;
  }
  return out;
}

/** "Right after lunch", "just before the break", "after maths": the slot next to the one named. */
const NEXT_TO = /\b(?:right|straight|just|directly|immediately)?\s*(after|before|following)\s+(?:the\s+|her\s+|his\s+|my\s+|their\s+|our\s+)?([\p{L}\d:.-]+)/iu;
/** "The first thing", "her last lesson", "the earliest class". */
const END_OF_DAY = /\b(first|last|final|earliest|latest)\b/i;
/** "Which days", "on what days", "what days of the week". */
const WHICH_DAYS = /\b(?:which|what)\s+days?\b/i;
/** Asks when: the slot's time. */
const ASKS_WHEN = /^\s*(?:(?:and|so)\s+)?(?:what\s+time|when|at\s+what\s+time|how\s+early|how\s+late)\b/i;
const CLOCK = /\b([01]?\d|2[0-3])[:.h]([0-5]\d)\b/;
/** Words that say where in the day, not what: never the thing asked. */
const FILLER = new Set(['right', 'straight', 'just', 'directly', 'immediately', 'after', 'before', 'following', 'first', 'last', 'final', 'earliest', 'latest', 'thing', 'lesson', 'class', 'period', 'session', 'subject', 'time', 'day', 'week', 'slot', 'on', 'have', 'has', 'do', 'doe', 'go', 'take'].map(stem));

/** What the user looked at, opened or did ("the last thing I looked at on Tuesday") is asked of the timeline, not of a grid on a screen. */
const ABOUT_SCREENS = /\b(?:i|we)\s+(?:\w+\s+)?(?:look(?:ed)?|saw|see|seen|open(?:ed)?|view(?:ed)?|visit(?:ed)?|brows(?:e|ed)|read|check(?:ed)?|work(?:ed)?\s+on)\b|\bon\s+my\s+screen\b/i;

/** Whether a cell's text says the term: its stem, or its everyday translation. */
function says(text: string, term: string): boolean {
  if (!text) return false;
  const st = stemsOf(text);
  return meets(term, st) || foreignForms(term).some((f) => st.has(f));
}

export interface GridLead {
  text: string;
  /** False when the asked day or slot has nothing: said so, no cell stated. */
  found: boolean;
}

const dayList = (days: GridDay[]) => days.map((d) => d.name).join(', ');
const slotSaid = (s: Slot, day: GridDay) => `${s.text}${s.label ? ` (${day.name}, ${s.label})` : ` (${day.name})`}`;

/** What one timetable says to the question, or null when the question is not about it. */
export function readTimetable(question: string, asked: AskedValue, grid: Timetable): GridLead | null {
  const cue = dayCue(question);
  const asks = cue ? [...cue.weekdays] : [];
  const dayWords = new Set((cue?.words ?? []).map((w) => stem(w)));
  const next = NEXT_TO.exec(question);
  const anchor = next && !CLOCK.test(next[2]!) ? stem(next[2]!.toLowerCase()) : null;
  const all = grid.days.flatMap((d) => d.slots.flatMap((s) => [s.text, s.label]));
  const inGrid = (t: string) => all.some((x) => says(x, t));
  const things = asked.terms.filter((t) => !dayWords.has(t) && !FILLER.has(t) && t !== anchor && !/^(?:sun|mon|tue|wed|thu|fri|sat)/.test(t) && inGrid(t));
  const days = grid.days.filter((d) => asks.includes(d.weekday));
  const missingDay = () => ({ text: `I don't know: the timetable has nothing on ${asks.map((d) => WEEKDAY_NAMES[d]).join(' or ')} (its days: ${dayList(grid.days)})`, found: false });

  // "Which days does she have PE": the days whose cells say it, or whose row named by it has something in them.
  if (WHICH_DAYS.test(question) && things.length) {
    const hit = (s: Slot) => !s.across && !!s.text && (things.every((t) => says(s.text, t)) || things.every((t) => says(s.label, t)));
    const on = grid.days.filter((d) => d.slots.some(hit));
    if (!on.length) return null;
    const named = on[0]!.slots.find(hit)!;
    const what = things.every((t) => says(named.text, t)) ? named.text : named.label;
    return { text: `${on.map((d) => d.name).join(', ')} (${what})`, found: true };
  }
  if (!asks.length) return null;

  // "What does she have right after lunch on Thursday": the day's slot next to the one named.
  if (anchor && inGrid(anchor)) {
    if (!days.length) return missingDay();
    const out: string[] = [];
    for (const d of days) {
      const at = d.slots.findIndex((s) => says(s.text, anchor) || says(s.label, anchor));
      if (at < 0) continue;
      const k = next![1]!.toLowerCase() === 'before' ? at - 1 : at + 1;
      const s = d.slots[k];
      if (!s || !s.text) return { text: `I don't know: nothing is on ${d.name} ${next![1]!.toLowerCase()} ${d.slots[at]!.text || d.slots[at]!.label} in the timetable`, found: false };
      out.push(`${d.name}, ${next![1]!.toLowerCase()} ${d.slots[at]!.text || d.slots[at]!.label}: ${s.text}${s.label ? ` (${s.label})` : ''}`);
    }
    return out.length ? { text: out.join('; '), found: true } : null;
  }

  // "What time is spinning on Tuesdays": the slot of the cell that says it, in the day's column; or the
  // cell in the day's column of the row named by it (a gym's class down the side, times in the cells).
  if (things.length && (ASKS_WHEN.test(question) || asked.kind === 'clock')) {
    if (!days.length) return missingDay();
    const out: string[] = [];
    for (const d of days) {
      for (const s of d.slots) {
        if (s.text && things.every((t) => says(s.text, t)) && CLOCK.test(s.label)) out.push(`${s.label} — ${s.text} (${d.name})`);
        else if (s.text && CLOCK.test(s.text) && things.every((t) => says(s.label, t))) out.push(`${s.text} — ${s.label} (${d.name})`);
      }
    }
    if (out.length) return { text: out.join('; '), found: true };
    const elsewhere = grid.days.filter((d) => d.slots.some((s) => s.text && (things.every((t) => says(s.text, t)) || things.every((t) => says(s.label, t)))));
    if (!elsewhere.length) return null;
    return { text: `I don't know: the timetable has no ${things.join(' ')} on ${days.map((d) => d.name).join(' or ')} (it is on ${dayList(elsewhere)})`, found: false };
  }

  // "What's her first lesson on Monday", "the last class on Friday": the day's first or last slot with something in it.
  const end = END_OF_DAY.exec(question);
  if (end && !things.length) {
    if (!days.length) return missingDay();
    const last = /last|final|latest/i.test(end[1]!);
    const out = days.map((d) => {
      const filled = d.slots.filter((s) => s.text && !s.across);
      const s = last ? filled[filled.length - 1] : filled[0];
      return s ? `${end[1]!.toLowerCase()} on ${slotSaid(s, d)}` : null;
    });
    if (out.some((o) => !o)) return { text: `I don't know: nothing is on ${days.map((d) => d.name).join(' or ')} in the timetable`, found: false };
    return { text: out.join('; '), found: true };
  }
  return null;
}

export interface TimetableLead extends GridLead {
  n: number;
  passage: PassageMatch;
}

/** The timetable cell a question asks for, from the grids on the found screens' word boxes. */
export function timetableLead(question: string, numbered: readonly NumberedMemory[], screens: ScreenOf | undefined, layout?: (frameId: string) => FrameWords | null): TimetableLead | null {
  if (!layout || (!dayCue(question) && !WHICH_DAYS.test(question)) || !/\?\s*$|^\s*(?:what|which|when|who)\b/i.test(question) || ABOUT_SCREENS.test(question)) return null;
  const asked = refineAsked(question, askedValue(question));
  if (!asked.terms.length) return null;
  const found = foundScreens(numbered, screens, GRID_SCREENS);
  let missing: TimetableLead | null = null;
  for (const s of found) {
    for (const id of s.frames) {
      const fw = layout(id);
      if (!fw) continue;
      for (const grid of timetablesOf(fw)) {
        const r = readTimetable(question, asked, grid);
        if (r?.found) return { ...r, n: s.n, passage: s.passage };
        if (r) missing ??= { ...r, n: s.n, passage: s.passage };
      }
    }
  }
  return missing;
}
