import { describe, expect, it } from 'vitest';
import type { Memory, SearchResult } from '../../shared/index.js';
import { parseQuestionTime, TimeFormatter } from '../../shared/time/index.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { screenMemory, screenPassage } from '../helpers/screen-memory.js';
import { dayReading } from '../../agents/chat/day-reading.js';
import { dayCue, dayFit, isDayHeading, unitDayFit } from '../../agents/chat/day-cue.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { retrieveMemories, type MemorySource } from '../../agents/chat/question-context.js';
import { searchQueryOf } from '../../agents/chat/search-query.js';

// Screens made up for this test, apart from the benchmark days: a rota, a delivery list, a dated
// task list and an agenda, each for a week other than the one they were seen in. A day a question
// names is read against the days the screen shows; only a question about what the user saw or did
// that day is a window over when things were captured.
const NOW = Date.UTC(2026, 11, 9, 10); // Wednesday 9 December 2026, 10:00 UTC
const SEEN_AT = '2026-12-09T08:30:00.000Z';
const fmt = new TimeFormatter('UTC');

describe('a day in a question: when something was seen, or what a screen says about it', () => {
  it.each([
    'what did I look at on Monday?',
    'what did I read on Tuesday',
    'which pages did I open on Friday',
    'what was on my screen on Thursday',
    'which article was I reading on Sunday',
  ])('%s -> seen (a window over the captures)', (q) => expect(dayReading(q)).toBe('seen'));

  it.each([
    'Who was on the late shift on Thursday?',
    'which delivery comes Thursday',
    'what was on the menu on Monday',
    'who was on call on Saturday',
    'who was on-call on Sunday',
    'what was in the calendar for Friday',
    'which class was scheduled on Tuesday',
  ])('%s -> said (the days the screen shows)', (q) => expect(dayReading(q)).toBe('said'));

  it.each([
    // A thing done by the user beside a thing a screen plans: the window first, all days when it says nothing.
    'what did I have in my calendar on Monday',
    'what time was the dentist on Monday?',
    'which film was on on Friday',
  ])('%s -> either', (q) => expect(dayReading(q)).toBe('either'));
});

describe('the day a screen writes, and the day of a line', () => {
  const thu = dayCue('Who is on the late shift on Thursday?')!;
  it('reads dates with slashes, runs of weekdays and dates with a month', () => {
    expect(dayFit(thu, 'Thu 17/12')).toBe(1);
    expect(dayFit(thu, 'Fri 18/12')).toBe(-1);
    expect(dayFit(thu, 'Mon – Fri')).toBe(1);
    expect(dayFit(thu, 'Sat-Sun')).toBe(-1);
    expect(dayFit(dayCue('what is due on the 14th')!, 'Due 14 Dec')).toBe(1);
    expect(dayFit(dayCue('what is due on the 14th')!, '21 Dec')).toBe(-1);
    // Figures that are no date: a count, a header row of several days.
    expect(dayFit(dayCue('what is due on the 14th')!, '14 items')).toBe(0);
    expect(dayFit(thu, 'Mon 14 Tue 15 Thu 17')).toBe(0);
  });

  it('reads weekdays written out in other languages, as the everyday-words table has them', () => {
    expect(isDayHeading('jueves 17 de diciembre')).toBe(true);
    expect(isDayHeading('Donnerstag, 17. Dezember')).toBe(true);
    expect(isDayHeading('Donnerstag Spätdienst Lea')).toBe(false);
    expect(dayFit(thu, 'Donnerstag 17.12.')).toBe(1);
    expect(dayFit(thu, 'vendredi 18')).toBe(-1);
    expect(dayFit(thu, 'Quinta-feira, 17/12')).toBe(1);
    expect(unitDayFit(thu, { label: null, text: '19:00 Chorprobe', heading: 'jueves 17 de diciembre' })).toBe(1);
    expect(unitDayFit(thu, { label: null, text: 'Spätdienst: Lea', key: 'Tag: Mittwoch 16.12.' })).toBe(-1);
  });

  it('finds the day in the row, at the start of the line, in the line, or in the heading above', () => {
    expect(unitDayFit(thu, { label: 'Late', key: 'Day: Thu 17/12 · Early: Priya', text: 'Late: Tomás' })).toBe(1);
    expect(unitDayFit(thu, { label: 'Late', key: 'Day: Wed 16/12 · Early: Ana', text: 'Late: Sam' })).toBe(-1);
    expect(unitDayFit(thu, { label: null, text: 'Thu 17 Dec · Ergoshop desk chair · 13:00–17:00' })).toBe(1);
    expect(unitDayFit(thu, { label: null, text: 'Sat 19 Dec · Vinello wine case · 10:00–12:00' })).toBe(-1);
    expect(unitDayFit(thu, { label: null, text: 'Arriving Thursday between 1 and 5 pm' })).toBe(1);
    // A day further into a sentence is what it talks about, not the day it is on (a chat message).
    expect(unitDayFit(thu, { label: null, text: 'Ines Carvalho 10:02 Anyone able to cover my late shift on Thursday?' })).toBe(0);
    expect(unitDayFit(thu, { label: null, text: '18:00 Choir rehearsal', heading: 'Thursday 17 December' })).toBe(1);
    expect(unitDayFit(thu, { label: null, text: '18:00 Choir rehearsal', heading: 'Tuesday 15 December' })).toBe(-1);
    expect(unitDayFit(thu, { label: null, text: 'Opening hours 09:00–17:00' })).toBe(0);
  });
});

/** A search over nothing: what retrieval makes of the question (its rest, its window). */
const nothing: MemorySource = { search: () => Promise.resolve([]), memories: { list: () => [] } };
async function asked(q: string) {
  const { rest, range, ahead } = parseQuestionTime(q, new Date(NOW), 'UTC');
  return retrieveMemories(nothing, { rest, query: searchQueryOf(rest), timeRange: range, now: NOW, asked: q, ahead });
}
const firstLine = (f: ReturnType<typeof factSentence>) => f!.text.split('\n')[0]!;

describe("the answer reads the day on the screen, whatever week it shows", () => {
  // Next week's rota, seen today: days as rows, shifts as columns.
  const rota = screenOf(
    cell('Bar rota · week 51', 40, 40),
    cell('Day', 40, 100), cell('Early', 300, 100), cell('Late', 560, 100),
    cell('Mon 14/12', 40, 140), cell('Jo', 300, 140), cell('Sam', 560, 140),
    cell('Tue 15/12', 40, 180), cell('Jo', 300, 180), cell('Priya', 560, 180),
    cell('Wed 16/12', 40, 220), cell('Ana', 300, 220), cell('Sam', 560, 220),
    cell('Thu 17/12', 40, 260), cell('Priya', 300, 260), cell('Tomás', 560, 260),
    cell('Fri 18/12', 40, 300), cell('Ana', 300, 300), cell('Jo', 560, 300),
  );
  const rotaText = 'Bar rota · week 51\nDay Early Late\nMon 14/12 Jo Sam\nTue 15/12 Jo Priya\nWed 16/12 Ana Sam\nThu 17/12 Priya Tomás\nFri 18/12 Ana Jo';
  const rotaMemory = screenMemory('lines', rotaText, 'Bar rota — Shiftly', SEEN_AT, { frameId: 'frm_r', fullSnippet: true });
  const rotaLayout = (id: string) => (id === 'frm_r' ? rota : null);

  it('a question about a day to come reads the row of that weekday, not this week', async () => {
    const r = await asked("Who's on the late shift on Thursday?");
    const f = factSentence(r.rest, rotaMemory, fmt, rotaLayout);
    expect(f!.known).toBe(true);
    expect(firstLine(f)).toMatch(/^Late: Tomás/);
  });

  it('a question in the past tense about the rota is no window over the captures', async () => {
    const r = await asked('Who was on the late shift on Thursday?');
    expect(r.timeRange).toBeNull();
    expect(r.rest).toContain('Thursday');
    expect(r.query).toMatch(/\bThu\b/);
    const f = factSentence(r.rest, rotaMemory, fmt, rotaLayout);
    expect(firstLine(f)).toMatch(/^Late: Tomás/);
  });

  it('another weekday, said another way, is another row', async () => {
    const r = await asked('who is working late on Tuesday?');
    expect(firstLine(factSentence(r.rest, rotaMemory, fmt, rotaLayout))).toMatch(/Priya/);
  });

  // A shop's delivery list: one delivery a line, its day first.
  const deliveries = screenMemory(
    'lines',
    'Upcoming deliveries\nMon 14 Dec · Freshbox groceries · 08:00–10:00\nThu 17 Dec · Ergoshop desk chair · 13:00–17:00\nSat 19 Dec · Vinello wine case · 10:00–12:00',
    'Deliveries — Parcelwise',
    SEEN_AT,
    { fullSnippet: true },
  );

  it('states the line of the asked day from a list of dated lines', async () => {
    const r = await asked('Which delivery came on Thursday?');
    expect(r.timeRange).toBeNull();
    const f = factSentence(r.rest, deliveries, fmt);
    expect(firstLine(f)).toContain('desk chair');
    expect(firstLine(f)).not.toMatch(/Freshbox|Vinello/);
  });

  it('states the time of the asked day, not of another line', async () => {
    const r = await asked('What time is the delivery on Saturday?');
    const f = factSentence(r.rest, deliveries, fmt);
    expect(firstLine(f)).toContain('10:00–12:00');
    expect(firstLine(f)).not.toContain('13:00');
  });

  // A fortnight's on-call list: the same weekday twice, told apart by its date.
  const oncall = screenMemory('lines', 'On-call · platform team\nThu 10/12 Late: Sam Okoye\nFri 11/12 Late: Lea Brandt\nThu 17/12 Late: Tomás Ruiz', 'On-call — Pagerline', SEEN_AT, { fullSnippet: true });

  it('"tomorrow" is a weekday and a date: the row of that date, not the same weekday of another week', async () => {
    const r = await asked("Who's on call late tomorrow?");
    expect(r.rest).toContain('Thursday the 10th');
    const f = factSentence(r.rest, oncall, fmt);
    expect(firstLine(f)).toContain('Sam Okoye');
    expect(firstLine(f)).not.toContain('Tomás');
  });

  // A to-do app: the due date leads each task.
  const tasks = screenMemory(
    'lines',
    'My tasks\nDue 10 Dec Send invoice to Marlow Ltd\nDue 14 Dec Renew the shop domain\nDue 21 Dec File the VAT return',
    'Tasks — Listo',
    SEEN_AT,
    { fullSnippet: true },
  );

  it('reads "the 14th" against the dates of a task list', async () => {
    const r = await asked('What is due on the 14th?');
    const f = factSentence(r.rest, tasks, fmt);
    expect(firstLine(f)).toContain('Renew the shop domain');
  });

  // An agenda: a day heading over each day's entries, the week after next.
  const agenda = screenMemory(
    'lines',
    'December 2026\nTuesday 22 December\n09:30 Dentist – Dr Okafor\n18:00 Choir rehearsal\nWednesday 23 December\n12:30 Team lunch at Bistro Lune\nFriday 25 December\n19:00 Family dinner at Casa Rio',
    'Agenda — Calendo',
    SEEN_AT,
    { fullSnippet: true },
  );

  it('reads the entries under a day heading as on that day', async () => {
    const r = await asked('What time is choir on Tuesday?');
    const f = factSentence(r.rest, agenda, fmt);
    expect(firstLine(f)).toContain('18:00');
    expect(f!.known).toBe(true);
  });

  it('says the day of an entry asked "when", from the heading above it', async () => {
    const r = await asked('When is the team lunch?');
    const f = factSentence(r.rest, agenda, fmt);
    expect(firstLine(f)).toMatch(/^Wednesday 23 December: 12:30 Team lunch/);
  });

  it('never states an entry of another day for the asked one', async () => {
    const r = await asked('What time is the dentist on Wednesday?');
    const f = factSentence(r.rest, agenda, fmt);
    expect(f!.known).toBe(false);
    expect(firstLine(f)).not.toMatch(/^09:30 Dentist/);
  });
});

describe('the window: kept for what was seen, fallen back from when it says nothing of the kind asked', () => {
  const DAY = 86_400_000;
  const memory = (id: string, text: string, at: number): Memory => ({
    id, kind: 'episodic', title: text, text, details: '', fields: {}, app: 'Chromium', occurred_at: new Date(at).toISOString(), ended_at: null,
    segment: 'seg_1', created_at: new Date(at).toISOString(), updated_at: new Date(at).toISOString(), access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
  });
  const hit = (m: Memory, passage: string): SearchResult => ({
    memory: m, score: 1, reasons: { bm25_rank: 1, vector_rank: null, bm25_score: 3, vector_similarity: null, context_boost: 0, entity_boost: 0, usage_weight: 1 },
    passages: [screenPassage(passage, m.title, 3, m.occurred_at!)],
  });
  // Monday 7 December: the booking page (no time on it); Wednesday: the clinic's confirmation with the time.
  const booked = memory('mem_b', 'Booked the dentist', NOW - 2 * DAY);
  const confirmed = memory('mem_c', 'Dentist confirmation', NOW - 1 * 3_600_000);
  const source = (mondayText: string): MemorySource & { windows: (number | undefined)[] } => {
    const windows: (number | undefined)[] = [];
    return {
      windows,
      memories: { list: () => [] },
      search: (o) => {
        windows.push(o.since);
        const all = [hit(booked, mondayText), hit(confirmed, 'Mon 14 Dec 09:30 Dentist — Dr Okafor, Smile Clinic')];
        return Promise.resolve(o.since == null ? all : all.filter((h) => Date.parse(h.memory.occurred_at!) >= o.since! && Date.parse(h.memory.occurred_at!) < o.until!));
      },
    };
  };
  const ask = async (q: string, s: MemorySource) => {
    const { rest, range } = parseQuestionTime(q, new Date(NOW), 'UTC');
    return retrieveMemories(s, { rest, query: searchQueryOf(rest), timeRange: range, now: NOW, asked: q });
  };

  it('falls back to all days when what Monday holds says no time', async () => {
    const r = await ask('What time was the dentist on Monday?', source('Dentist appointment request sent'));
    expect(r.widenedFrom?.label).toContain('Monday');
    expect(r.candidates.map((c) => c.memory.id)).toContain('mem_c');
  });

  it('keeps the window when Monday says a time', async () => {
    const r = await ask('What time was the dentist on Monday?', source('Dentist appointment request sent for 16:45'));
    expect(r.widenedFrom).toBeNull();
    expect(r.timeRange?.label).toContain('Monday');
    expect(r.candidates.map((c) => c.memory.id)).toEqual(['mem_b']);
  });

  it('keeps the window for what was seen that day, whatever it says', async () => {
    const s = source('Dentist appointment request sent');
    const r = await ask('What did I read about the dentist on Monday?', s);
    expect(r.timeRange?.label).toContain('Monday');
    expect(r.widenedFrom).toBeNull();
    expect(s.windows.every((w) => w !== undefined)).toBe(true);
  });
});
