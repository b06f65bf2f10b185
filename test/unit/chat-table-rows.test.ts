import { describe, expect, it } from 'vitest';
import type { Memory, SearchResult } from '../../shared/index.js';
import { parseQuestionTime, TimeFormatter } from '../../shared/time/index.js';
import { screenMemory, screenPassage } from '../helpers/screen-memory.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { textTables } from '../../agents/chat/row-column.js';
import { monthOfWindow, namesMonth } from '../../agents/chat/asked-period.js';
import { retrieveMemories, type MemorySource } from '../../agents/chat/question-context.js';
import { searchQueryOf } from '../../agents/chat/search-query.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';

// Sheets, boards and dispatch lists made up for this test, apart from the benchmark days: a row asked
// by a person, by a place or by the user's own account, a column asked in other words ("how heavy"
// for "Weight (kg)", "day rate" for "Rate (€)"), cells as screens print them (" · ", wide spaces, a
// header's unit on a line of its own, thousands with '.' or ','), and a month that is what a sheet
// is about, not when it was seen.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-04T09:10:00.000Z';
const lead = (q: string, lines: string[], title: string, when?: string) => {
  const numbered = screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true });
  return factSentence(q, numbered, fmt, undefined, when ? { when } : {})!;
};
const first = (q: string, lines: string[], title: string, when?: string) => lead(q, lines, title, when).text.split('\n')[0]!;

const crew = ['Crew costs — November', 'Name · Days · Rate (€) · Amount', 'Tomasz Nowak · 12 · 480 · 5,760', 'Ines Duarte · 8 · 520 · 4,160', 'Kai Berg · 10 · 450 · 4,500'];
const loads = ['Outbound loads — Mon 7 Dec', 'Destination    Carrier    Crates    Weight', '(kg)', 'Utrecht    Van Dijk    14    12.480', 'Antwerpen    Trans-Ex    9    8.115', 'Köln    Rheinfracht    11    9.960'];
const board = ['Shift board — week 49', 'Signed in as Marta Silva', 'Name   Mon   Tue   Wed   Thu   Fri   Total', 'Joe Park   8   8   0   8   8   32', 'Marta Silva   6   6   6   0   6   24', 'Lee Chan   0   8   8   8   0   24'];
const grid = ['Contractors Oct 2026 — Grid', 'Name     Week 40     Week 41     Week 42     Total', 'Priya Raman     38     40     36     114', 'Jonas Lind     20     22     18     60'];

describe('tables whose lines keep their cell breaks', () => {
  it('reads cells apart by " · " and wide spaces, with headers of several words and a unit on its own line', () => {
    const [c] = textTables(crew);
    expect(c!.columns).toEqual(['Name', 'Days', 'Rate (€)', 'Amount']);
    expect(c!.rows[0]!.cells).toEqual(['Tomasz Nowak', '12', '480', '5,760']);
    const [l] = textTables(loads);
    expect(l!.columns).toEqual(['Destination', 'Carrier', 'Crates', 'Weight (kg)']);
    expect(l!.rows[2]!.cells).toEqual(['Köln', 'Rheinfracht', '11', '9.960']);
  });
});

describe('the row asked × the column asked', () => {
  it('a person\'s cell under the column the question names as the head of its words ("day rate": Rate)', () => {
    expect(first("What's Tomasz's day rate?", crew, 'Crew costs — Sheets')).toMatch(/^Rate \(€\): 480 \(Tomasz Nowak\)/);
    expect(first('How many days did Ines work?', crew, 'Crew costs — Sheets')).toMatch(/^Days: 8 \(Ines Duarte\)/);
  });

  it('a row named by a place, and the column of what "how heavy" measures', () => {
    expect(first('How heavy is the load going to Utrecht?', loads, 'Outbound — Dispatch')).toMatch(/^Weight \(kg\): 12\.480 \(Utrecht/);
    const dotted = ['Outbound loads', 'Destination · Carrier · Crates · Gewicht', 'Utrecht · Van Dijk · 14 · 12,480', 'Antwerpen · Trans-Ex · 9 · 8,115'];
    expect(first('How heavy is the shipment for Antwerpen?', dotted, 'Outbound — Dispatch')).toMatch(/^Gewicht: 8,115 \(Antwerpen/);
    expect(first('How many crates go to Köln?', loads, 'Outbound — Dispatch')).toMatch(/^Crates: 11 \(Köln/);
  });

  it('the user\'s own row by the name their account shows, its Total when no column says hours', () => {
    expect(first('How many hours am I down for this week?', board, 'Shift board — Rota')).toMatch(/^Total: 24 \(Marta Silva/);
    expect(first('How many hours is Joe down for this week?', board, 'Shift board — Rota')).toMatch(/^Total: 32 \(Joe Park/);
  });

  it('a whole column: its Total row, else its sum said as one', () => {
    expect(first('How many crates are we sending out in total today?', loads, 'Outbound — Dispatch')).toMatch(/^Crates: 34 in all \(14 \+ 9 \+ 11\)/);
    const withTotal = [...loads, 'Total    —    34    30.555'];
    expect(first('How many crates are we sending out in total today?', withTotal, 'Outbound — Dispatch')).toMatch(/^Crates: 34 \(Total/);
  });
});

describe('negatives: a row not there, a column not asked, a month not named', () => {
  it('states no other destination\'s weight for one the list does not have', () => {
    const f = lead('How heavy is the load going to Rotterdam?', loads, 'Outbound — Dispatch');
    expect(f.text.split(' — seen')[0]).not.toMatch(/12\.480|8\.115|9\.960/);
  });

  it('states no crate count for "how heavy" when the list has no weight', () => {
    const noWeight = ['Outbound loads', 'Destination · Carrier · Crates', 'Utrecht · Van Dijk · 14', 'Antwerpen · Trans-Ex · 9'];
    expect(lead('How heavy is the load going to Utrecht?', noWeight, 'Outbound — Dispatch').text.split(' — seen')[0]).not.toMatch(/\b14\b/);
  });

  it('states no one\'s row for the user when the screen shows no account, and no hours total for money asked', () => {
    const anon = board.filter((l) => !l.startsWith('Signed in'));
    expect(lead('How many hours am I down for this week?', anon, 'Shift board — Rota').text.split(' — seen')[0]).not.toMatch(/\b24\b|\b32\b/);
    expect(lead('How much did Priya earn?', grid, 'Contractors Oct 2026 — Grid').text.split(' — seen')[0]).not.toContain('114');
  });

  it('a person with no row is said to have none, with no other person\'s rate', () => {
    const f = lead("What's Jonas's day rate?", crew, 'Crew costs — Sheets');
    expect(f.known).toBe(false);
    expect(f.text.split(' — seen')[0]).not.toMatch(/480|520|450/);
  });

  it('a month the sheet is about: its row\'s Total; a sheet of another month is not read', () => {
    expect(first('How many hours did Priya log?', grid, 'Contractors Oct 2026 — Grid', 'October')).toMatch(/^Total: 114 \(Priya Raman/);
    const sept = grid.map((l) => l.replace('Oct', 'Sep'));
    expect(lead('How many hours did Priya log?', sept, 'Contractors Sep 2026 — Grid', 'October').text.split(' — seen')[0]).not.toContain('114');
  });
});

describe('a month asked is what a screen is about, not only when it was seen', () => {
  const NOW = Date.UTC(2026, 11, 6, 14);
  const memory = (id: string, title: string, at: string): Memory => ({
    id, kind: 'episodic', title, text: title, details: '', fields: {}, app: 'Chromium', occurred_at: at, ended_at: null,
    segment: 'seg_1', created_at: at, updated_at: at, access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
  });
  const hit = (m: Memory, text: string, score: number): SearchResult => ({
    memory: m, score, reasons: { bm25_rank: 1, vector_rank: null, bm25_score: 3, vector_similarity: null, context_boost: 0, entity_boost: 0, usage_weight: 1 },
    passages: [screenPassage(text, m.title, score, m.occurred_at!)],
  });
  // Seen in October: the library's opening hours. Seen in December: October's sheet, and September's.
  const library = hit(memory('mem_lib', 'Opening hours — City Library', '2026-10-20T10:00:00.000Z'), 'Opening hours Mon–Fri 9:00–17:00 · Sat 10:00–14:00', 4);
  const october = hit(memory('mem_oct', 'Contractors Oct 2026 — Grid', AT), grid.join('\n'), 3);
  const september = hit(memory('mem_sep', 'Contractors Sep 2026 — Grid', AT), grid.join('\n').replace('Oct', 'Sep'), 3.5);
  const lastYear = hit(memory('mem_oct25', 'Contractors Oct 2025 — Grid', AT), grid.join('\n').replace('2026', '2025'), 3.2);
  const all = [library, october, september, lastYear];
  const source: MemorySource = {
    memories: { list: () => [] },
    search: (o) => Promise.resolve(all.filter((h) => o.since == null || (Date.parse(h.memory.occurred_at!) >= o.since && Date.parse(h.memory.occurred_at!) < o.until!))),
  };
  const ask = async (q: string) => {
    const { rest, range } = parseQuestionTime(q, new Date(NOW), 'UTC');
    return retrieveMemories(source, { rest, query: searchQueryOf(rest), timeRange: range, now: NOW, asked: q });
  };

  it('finds the sheet naming October, seen in December, beside what was seen in October', async () => {
    const r = await ask('How many hours did Priya log in October?');
    expect(r.timeRange?.label).toBe('October');
    expect(r.widenedFrom).toBeNull();
    const ids = r.candidates.map((c) => c.memory.id);
    expect(ids).toContain('mem_oct');
    expect(ids).toContain('mem_lib');
    // Another month's sheet, and October of another year, are not what was asked.
    expect(ids).not.toContain('mem_sep');
    expect(ids).not.toContain('mem_oct25');
    const numbered: NumberedMemory[] = r.candidates.map((c, i) => ({ n: i + 1, memory: c.memory, source: c.source, score: c.score, line: c.memory.text, passages: c.passages ?? [] }));
    const f = factSentence(r.rest, numbered, fmt, undefined, { when: r.timeRange!.label })!;
    expect(f.text.split('\n')[0]).toMatch(/^Total: 114 \(Priya Raman/);
  });

  it('keeps to the captures of the month when the question asks what the user looked at', async () => {
    expect((await ask('Which hours page did I look at in October?')).candidates.map((c) => c.memory.id)).toEqual(['mem_lib']);
    expect((await ask('What was I reading about hours in October?')).candidates.map((c) => c.memory.id)).toEqual(['mem_lib']);
  });

  it('reads the month as what a sheet is about beside what the user did ("did I pay", "did we log")', async () => {
    const r = await ask('How many hours did we log for Priya in October?');
    expect(r.candidates.map((c) => c.memory.id)).toContain('mem_oct');
  });

  it('reads a window as a month only when its label names one', () => {
    const oct = parseQuestionTime('hours in October', new Date(NOW), 'Europe/Amsterdam').range!;
    expect(monthOfWindow(oct)).toEqual({ month: 9, year: 2026 });
    expect(monthOfWindow(parseQuestionTime('hours last month', new Date(NOW), 'UTC').range!)).toEqual({ month: 10, year: 2026 });
    expect(monthOfWindow(parseQuestionTime('hours last week', new Date(NOW), 'UTC').range!)).toBeNull();
    expect(namesMonth('Stundenzettel Oktober', { month: 9, year: 2026 })).toBe(true);
    expect(namesMonth('Invoice 12 Oct 2025', { month: 9, year: 2026 })).toBe(false);
  });
});
