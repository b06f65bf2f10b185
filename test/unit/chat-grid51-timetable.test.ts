/**
 * Timetables read from word boxes: a school week (days across, periods down, a lunch row drawn
 * across every day), a gym's class plan in German (classes down, times in the cells, a dark page)
 * and a course week with the days down the side. Screens and questions made up for this test, apart
 * from the benchmark days, asked in words other than the screens' own; negatives: a day the grid does
 * not hold, a class not held on the asked day, a neighbour day's cell never taken.
 */
import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf, textOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { timetablesOf } from '../../agents/chat/timetable-grid.js';

const fmt = new TimeFormatter('UTC');
const AT = '2026-11-18T19:05:00.000Z';
const lead = (q: string, fw: FrameWords, title: string) => {
  const numbered = screenMemory('lines', textOf(fw), title, AT, { frameId: 'frm_g', fullSnippet: true });
  // No lead at all (null) is the answer saying in its own way that it found no one fact.
  const f = factSentence(q, numbered, fmt, (id) => (id === 'frm_g' ? fw : null));
  return f ? { known: f.known, text: f.text.split('\n')[0]!.split(' — seen')[0]! } : { known: false, text: '' };
};
/** A cell centred on x, as a table's centred cells sit. */
const mid = (text: string, x: number, y: number) => cell(text, Math.round(x - (text.length * 9) / 2), y);

// A school's week: five days across, periods with their start times down the side, a break and a
// lunch row merged across all five days (their words centred over the middle day).
const cols = [260, 400, 540, 680, 820];
const row = (y: number, label: string, subjects: string[]) => [cell(label, 40, y), ...subjects.map((s, k) => mid(s, cols[k]!, y))];
const school = screenOf(
  cell('Riverside Academy · Timetable · Jonah Weiss (7B)', 40, 20),
  cell('Lesson', 40, 70), ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d, k) => mid(d, cols[k]!, 70)),
  ...row(110, '1 · 08:40', ['Biology', 'Maths', 'German', 'Art', 'Chemistry']),
  ...row(150, '2 · 09:35', ['Maths', 'History', 'Swimming', 'English', 'Maths']),
  cell('10:30', 40, 190), mid('Break', 540, 190),
  ...row(230, '3 · 10:50', ['English', 'Physics', 'Maths', 'Swimming', 'Music']),
  cell('11:45', 40, 270), mid('Lunch (11:45 – 12:30)', 540, 270),
  ...row(310, '4 · 12:30', ['Geography', 'Drawing', 'Latin', 'Chemistry', 'Sport']),
  ...row(350, '5 · 13:25', ['Music', 'German', 'Tutor group', 'Biology', 'German']),
  cell('Bring a swimming cap and a towel on swimming days.', 40, 400),
);
const schoolTitle = 'Timetable — Riverside Academy parent portal';

describe('a school week: days across, a lunch row across them all', () => {
  it('reads each day as its slots, the merged rows in every day', () => {
    const [g] = timetablesOf(school);
    expect(g!.days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5]);
    const thu = g!.days[3]!;
    expect(thu.slots.map((s) => s.text)).toEqual(['Art', 'English', 'Break', 'Swimming', 'Lunch (11:45 – 12:30)', 'Chemistry', 'Biology']);
    expect(thu.slots[4]!.across).toBe(true);
  });

  it('the lesson right after lunch on the asked day, not the middle day\'s nor a neighbour\'s', () => {
    const f = lead('What has Jonah got straight after lunch on Thursday?', school, schoolTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Thursday, after Lunch.*: Chemistry/);
    expect(f.text).not.toMatch(/Latin|Sport|Drawing/);
    expect(lead('What is Jonah doing just before the break on Monday?', school, schoolTitle).text).toMatch(/Monday, before Break: Maths/);
  });

  it('the first and the last lesson of a day', () => {
    expect(lead('What is Jonah\'s first lesson on Wednesday?', school, schoolTitle).text).toMatch(/^first on German \(Wednesday/);
    expect(lead('What does Jonah finish with on Friday, his last class?', school, schoolTitle).text).toMatch(/^last on German \(Friday, 5 · 13:25\)/);
  });

  it('the days whose cells say the subject', () => {
    const f = lead('Which days does Jonah have swimming?', school, schoolTitle);
    expect(f.text).toMatch(/^Wednesday, Thursday\b/);
    expect(f.text).not.toMatch(/Monday|Tuesday|Friday/);
  });

  it('negatives: a day the timetable does not have; a subject it never names', () => {
    const sat = lead('What has Jonah got right after lunch on Saturday?', school, schoolTitle);
    expect(sat.known).toBe(false);
    expect(sat.text).toMatch(/^I don't know/);
    expect(sat.text).not.toMatch(/Chemistry|Latin|Geography/);
    const none = lead('Which days does Jonah have cello?', school, schoolTitle);
    expect(none.known).toBe(false);
    expect(none.text).not.toMatch(/Monday|Tuesday|Wednesday|Thursday|Friday/);
  });
});

// A gym's plan in German, dark page: classes down the side, weekdays across, start times in the cells.
const gcols = [300, 440, 580, 720];
const grow = (y: number, label: string, times: string[]) => [cell(label, 40, y), ...times.map((s, k) => mid(s, gcols[k]!, y))];
const gym = screenOf(
  cell('Kursplan — Sportwerk Eimsbüttel', 40, 20),
  cell('Kurs', 40, 70), ...['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag'].map((d, k) => mid(d, gcols[k]!, 70)),
  ...grow(110, 'Spinning', ['06:30', '—', '19:15', '07:00']),
  ...grow(150, 'Rückenfit', ['10:00', '17:30', '—', '10:00']),
  ...grow(190, 'Zumba', ['—', '20:00', '—', '18:45']),
  cell('Anmeldung über die App bis 2 Stunden vorher.', 40, 240),
);
const gymTitle = 'Kursplan — Sportwerk';

describe('a gym\'s class plan in German: classes down, times in the cells', () => {
  it('the time in the asked class\'s row under the asked day', () => {
    const f = lead('What time does spinning start on Wednesdays?', gym, gymTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^19:15 — Spinning \(Mittwoch\)/);
    expect(f.text).not.toMatch(/06:30|07:00/);
    expect(lead('When is zumba on Thursday?', gym, gymTitle).text).toMatch(/^18:45/);
  });

  it('negative: a class on a day it is not held is said so, no other day\'s time stated', () => {
    const f = lead('What time is zumba on Monday?', gym, gymTitle);
    expect(f.known).toBe(false);
    expect(f.text).toMatch(/^I don't know/);
    expect(f.text).not.toMatch(/20:00|18:45/);
  });
});

// A course week with the days down the side and the times across its header.
const ccols = [260, 420, 580];
const crow = (y: number, day: string, items: string[]) => [cell(day, 40, y), ...items.map((s, k) => mid(s, ccols[k]!, y))];
const course = screenOf(
  cell('Studio Luz — semaine du 7 décembre', 40, 20),
  cell('Jour', 40, 70), ...['09:00', '12:30', '18:00'].map((t, k) => mid(t, ccols[k]!, 70)),
  ...crow(110, 'Lundi', ['Yoga', '—', 'Pilates']),
  ...crow(150, 'Mardi', ['Pilates', 'Stretching', '—']),
  ...crow(190, 'Jeudi', ['—', 'Yoga', 'Barre']),
);

describe('days down the side, times across', () => {
  it('the time of the asked class on the asked day, and the days it is on', () => {
    expect(lead('What time is pilates on Tuesday?', course, 'Planning — Studio Luz').text).toMatch(/^09:00 — Pilates \(Mardi\)/);
    expect(lead('Which days is there barre?', course, 'Planning — Studio Luz').text).toMatch(/^Jeudi\b/);
  });

  it('negative: a class not on the asked day', () => {
    const f = lead('What time is barre on Monday?', course, 'Planning — Studio Luz');
    expect(f.text).toMatch(/^I don't know/);
    expect(f.text).not.toMatch(/18:00/);
  });
});

describe('a question about what the user looked at is no question of the grid', () => {
  it('states no slot of the timetable for "the last thing I looked at on Friday"', () => {
    const f = lead('What was the last thing I looked at on Friday?', school, schoolTitle);
    expect(f.text).not.toMatch(/^last on/);
  });
});
