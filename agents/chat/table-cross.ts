/**
 * "When does the 07:40 from the bus station get to the hospital", "what time is yoga", "what day is
 * the boxing class": a question of when that names a row of a table (a course, a class, a stop) is
 * answered by the cell where that row crosses the column of the asked kind: the one column of times
 * or dates, the one whose header names the question's words, or, in a timetable whose columns are
 * journeys, the column where the question's own time stands in another row (the journey it names).
 * The row and column are read from the screen's word boxes (screen-layout's tablesOf): the lead says
 * both, "Hospital — Bus 2: 08:01". A row the question names that the table's screen does not say
 * ("boxing" over a list of classes headed "Class") is said to be missing, and no other row's cell is
 * stated. Without word boxes, or where row or column is not one, this reader says nothing.
 */
import type { PassageMatch } from '../../shared/index.js';
import type { FrameWords } from '../store/index.js';
import { meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import type { FoundScreen } from './found-screens.js';
import { tablesOf, type LaidTable } from './screen-layout.js';
import { naming } from './table-extreme.js';

export interface CrossLead {
  text: string;
  n: number;
  passage: PassageMatch;
  /** False when the asked row is not in the table: the sentence says so and states no cell. */
  found: boolean;
}

/** How many of the best found screens are read. */
const CROSS_SCREENS = 3;

const MONEY = /[£$€¥₹]|\b(?:EUR|USD|GBP|CHF)\b/;
const CLOCK = /\b\d{1,2}[:.h]\d{2}\b|\b\d{1,2}\s?(?:am|pm)\b/i;
const WEEKDAY = /\b(?:mon|tue|wed|thu|fri|sat|sun)(?:day|s|\.)?\b|\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)\b/i;
const DATE = /\b\d{1,2}[./-]\d{1,2}(?:[./-]\d{2,4})?\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}(?:st|nd|rd|th)?\.?\s+\p{L}{3,}\.?(?:\s+\d{2,4})?\b|\b\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?\b/u;

/** Whether a cell holds a value of the asked kind: a clock time, a day or a date. */
function ofKind(cell: string, kind: AskedValue['kind']): boolean {
  if (kind === 'clock') return CLOCK.test(cell);
  if (kind === 'date') return WEEKDAY.test(cell) || (DATE.test(cell) && /\d/.test(cell));
  return CLOCK.test(cell) || WEEKDAY.test(cell) || (DATE.test(cell) && /\d/.test(cell));
}

/** A question's clock times, as a table prints them ("07:40", "7.40" → "07:40"). */
function clocksIn(question: string): string[] {
  return [...question.matchAll(/\b(\d{1,2})[:.h](\d{2})\b/g)].map((m) => `${m[1]!.padStart(2, '0')}:${m[2]}`);
}
const clockOf = (cell: string) => {
  const m = /\b(\d{1,2})[:.h](\d{2})\b/.exec(cell);
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : null;
};

/** The column naming the rows: the first whose cells are mostly words without figures. */
function nameColumn(table: LaidTable): number {
  return table.columns.findIndex((_, c) => {
    const cells = table.rows.map((r) => r.cells[c]).filter((x): x is string => !!x);
    return cells.length >= table.rows.length / 2 && cells.filter((x) => /\p{L}{2}/u.test(x) && !/\d/.test(x)).length * 2 > cells.length;
  });
}

/** What one table says to the question: the crossing cell, that the named row is missing, or nothing. */
function readCross(question: string, asked: AskedValue, table: LaidTable, screen: Set<string>): { text: string; found: boolean } | null {
  if (table.rows.length < 2 || table.columns.length < 2) return null;
  const nameCol = nameColumn(table);
  if (nameCol < 0) return null;
  const rowName = (r: number) => [table.rows[r]!.cells[nameCol], ...table.rows[r]!.loose].filter(Boolean).join(' ');
  const terms = asked.terms.filter((t) => !/^\d+$/.test(t));
  // The columns holding the asked kind of value in most of their cells.
  const kindCols = table.columns
    .map((_, c) => c)
    .filter((c) => {
      if (c === nameCol) return false;
      const cells = table.rows.map((r) => r.cells[c]).filter((x): x is string => !!x);
      // A column of money ("£ paid", "0.00", "1,250.00") is no column of times, though "0.00" reads as one.
      if (MONEY.test(table.columns[c]!) || cells.some((x) => MONEY.test(x) || /\d{3,}[.,]\d{2}\b|\d,\d{3}/.test(x))) return false;
      return cells.length >= 2 && cells.filter((x) => ofKind(x, asked.kind)).length * 2 > cells.length;
    });
  if (!kindCols.length) return null;
  // Words that name the table or its columns ("class", "bus") name no row.
  const headStems = stemsOf(table.columns.join(' '));
  const rowTerms = terms.filter((t) => !meets(t, headStems));
  // A timetable's journey: the column where the question's time stands, in the row it leaves from.
  const asked0 = clocksIn(question);
  const pinned = asked0.length ? kindCols.flatMap((c) => table.rows.map((r, k) => (asked0.includes(clockOf(r.cells[c] ?? '') ?? '') ? { c, k } : null)).filter((x): x is { c: number; k: number } => !!x)) : [];
  let col: number | null = null;
  let from: number | null = null;
  if (pinned.length && new Set(pinned.map((p) => p.c)).size === 1) {
    col = pinned[0]!.c;
    from = pinned.length === 1 ? pinned[0]!.k : null;
  } else if (pinned.length) return null;
  if (col === null) {
    const named = kindCols.map((c) => naming(table.columns[c]!, terms, asked));
    const best = Math.max(0, ...named);
    const top = kindCols.filter((_, k) => named[k] === best);
    if (top.length !== 1) return null;
    col = top[0]!;
  }
  // The journey's own stop names the row it leaves from, not the one asked.
  const toName = from === null ? rowTerms : rowTerms.filter((t) => !meets(t, stemsOf(rowName(from!))));
  const hits = table.rows.map((_, r) => (r === from ? -1 : toName.filter((t) => meets(t, stemsOf(rowName(r)))).length));
  const most = Math.max(0, ...hits);
  const rows = most > 0 ? hits.map((h, r) => (h === most ? r : -1)).filter((r) => r >= 0) : [];
  if (rows.length === 1) {
    // A row that says only part of what the question names, in none of its cells ("Dentist (Dr.
    // Keller)" for "my skin doctor appointment"), is another thing of the same sort: not stated.
    const r = rows[0]!;
    const whole = stemsOf([...table.rows[r]!.cells, ...table.rows[r]!.loose].filter(Boolean).join(' '));
    if (toName.some((t) => !meets(t, whole))) return null;
    const value = table.rows[r]!.cells[col]?.trim();
    if (!value || !ofKind(value, asked.kind)) return null;
    return { text: `${rowName(r)} — ${table.columns[col]!.trim() || 'time'}: ${value}`, found: true };
  }
  if (rows.length) return null;
  // No row named: a word of the question the screen never says, asked of a table its words name
  // ("the boxing class" over a list headed "Class"), is a row the table does not have.
  const namesTable = terms.some((t) => meets(t, stemsOf(table.columns[nameCol]!)));
  const unsaid = rowTerms.filter((t) => !meets(t, screen) && !metByKin(t, screen, asked.kin));
  if (!namesTable || !unsaid.length) return null;
  const words = question.split(/[^\p{L}\p{N}'’-]+/u).filter((w) => unsaid.includes(stem(w.toLowerCase())));
  const names = table.rows.map((_, r) => rowName(r)).filter(Boolean).slice(0, 6);
  return { text: `I don't know: the table by ${table.columns[nameCol]!.trim()} has no row for ${(words.length ? words : unsaid).join(' ')} (its rows: ${names.join(', ')})`, found: false };
}

/** The crossing cell a question of when asks for, from the tables on the best found screens' word boxes. */
export function crossLead(question: string, asked: AskedValue, found: readonly FoundScreen[], layout?: (frameId: string) => FrameWords | null): CrossLead | null {
  if (!layout || !['when', 'date', 'clock'].includes(asked.kind)) return null;
  let missing: CrossLead | null = null;
  for (const s of found.slice(0, CROSS_SCREENS)) {
    const screen = stemsOf(`${s.lines.join('\n')}\n${s.title}\n${s.about}`);
    for (const id of s.frames) {
      const fw = layout(id);
      if (!fw) continue;
      for (const table of tablesOf(fw)) {
        const r = readCross(question, asked, table, screen);
        if (r?.found) return { ...r, n: s.n, passage: s.passage };
        if (r) missing ??= { ...r, n: s.n, passage: s.passage };
      }
    }
  }
  return missing;
}
