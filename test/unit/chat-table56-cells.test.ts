/**
 * Tables with several value columns, read as rows from their word boxes (issue 30): the row the
 * question names, the column it asks, and the cell where they cross. Screens and questions made up
 * for this test, apart from the benchmark days: a ward's training matrix (how often each course is
 * renewed, when it was done, when it expires), a freelancers' sheet headed by units and a yes-or-no
 * question ("€/h", "Paid?") over a total row, a German course list asked in English. Negatives: a row
 * the table lacks, a column the table lacks (periods, not dates), a list of another kind of thing.
 */
import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf, textOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { tablesOf } from '../../agents/chat/screen-layout.js';

const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:40:00.000Z';
/** The lead's first line without where it was seen, the screen laid out by its word boxes. */
const lead = (q: string, fw: FrameWords, title: string) => {
  const numbered = screenMemory('lines', textOf(fw), title, AT, { frameId: 'frm_t', fullSnippet: true });
  const f = factSentence(q, numbered, fmt, (id) => (id === 'frm_t' ? fw : null));
  return f ? { known: f.known, text: f.text.split('\n')[0]!.split(' — seen')[0]! } : { known: false, text: '' };
};
const grid = (xs: number[], y: number, rows: string[][]) => rows.flatMap((r, k) => r.flatMap((t, c) => (t ? cell(t, xs[c]!, y + k * 34) : [])));

// A ward's training matrix: the period a course is renewed every comes before the dates.
const matrix = screenOf(
  cell('Mandatory learning — Ward 4 Surgical', 40, 20),
  grid([40, 520, 640, 800, 960], 80, [
    ['Course', 'Renew every', 'Last done', 'Expires', 'Status'],
    ['Fire Safety', '2 years', '14 Mar 2025', '14 Mar 2027', 'In date'],
    ['Basic Life Support', '1 year', '02 Oct 2025', '02 Oct 2026', 'Expired'],
    ['Conflict Resolution', '3 years', '19 Jun 2024', '19 Jun 2027', 'In date'],
    ['Medicines Management', '2 years', '', '', 'Not started'],
  ]),
);
const matrixTitle = 'Mandatory learning — Trust portal';

// The same courses where the page gives only how often they are renewed and when they were done.
const noExpiry = screenOf(
  cell('Mandatory learning — Ward 4 Surgical', 40, 20),
  grid([40, 520, 680, 860], 80, [
    ['Course', 'Renewal', 'Last done', 'Status'],
    ['Fire Safety', '2 years', '14 Mar 2025', 'In date'],
    ['Basic Life Support', '1 year', '02 Oct 2025', 'Expired'],
    ['Conflict Resolution', '3 years', '19 Jun 2024', 'In date'],
  ]),
);

describe('a training matrix with a period column before the dates', () => {
  it('when a named course runs out: the cell under Expires in its row, not the renewal period', () => {
    const f = lead('When does my fire safety training run out?', matrix, matrixTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Expires: 14 Mar 2027 \(Fire Safety/);
    expect(f.text).not.toMatch(/2 years|2025/);
    expect(lead('Until when is my conflict resolution course valid?', matrix, matrixTitle).text).toMatch(/^Expires: 19 Jun 2027 \(Conflict Resolution/);
  });

  it('negative: a course the matrix does not list gets no other row\'s date', () => {
    const f = lead('When does my manual handling training expire?', matrix, matrixTitle);
    expect(f.text).not.toMatch(/2027|2026|years?\b/);
  });

  it('negative: a matrix with no expiry dates states no period and no completion date as the expiry', () => {
    const f = lead('When does my fire safety training run out?', noExpiry, matrixTitle);
    expect(f.text).not.toMatch(/^(?:Renewal|Last done)/);
    expect(f.text).not.toMatch(/^2 years|^14 Mar 2025/);
  });

  it('the course not begun, asked as a course of a page that calls them training', () => {
    const page = screenOf(cell('Statutory and mandatory training', 40, 20), grid([40, 520, 680, 860], 80, [
      ['Competence', 'Renewal', 'Completed', 'Status'],
      ['Fire Safety', '2 years', '14 Mar 2025', 'Compliant'],
      ['Blood Glucose Monitoring', '1 year', '', 'Not started'],
      ['Dementia Awareness', '3 years', '19 Jun 2024', 'Compliant'],
    ]));
    const f = lead('Which course haven\'t I even started?', page, 'My compliance — Learning portal');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Blood Glucose Monitoring \(Not started/);
  });

  it('negative: a course asked of a list of parcels is not answered from it', () => {
    const parcels = screenOf(cell('Your orders', 40, 20), grid([40, 420, 640], 80, [
      ['Order', 'Placed', 'Status'],
      ['Desk lamp', '12 Nov', 'Not started'],
      ['Bookshelf', '10 Nov', 'Delivered'],
      ['Office chair', '09 Nov', 'Shipped'],
    ]));
    expect(lead('Which course haven\'t I even started?', parcels, 'Your orders — Homewares').text).not.toMatch(/^Desk lamp/);
  });
});

// A German course list, asked in English.
const kurse = screenOf(
  cell('Meine Schulungen', 40, 20),
  grid([40, 460, 640], 80, [
    ['Schulung', 'Abgeschlossen', 'Status'],
    ['Datenschutz', '12.03.2025', 'Abgeschlossen'],
    ['Brandschutz', '', 'Nicht begonnen'],
    ['Erste Hilfe', '02.10.2025', 'Abgeschlossen'],
  ]),
);

describe('a course list in another language', () => {
  it('the course not begun, asked in English', () => {
    const f = lead('Which of my courses haven\'t I started?', kurse, 'Meine Schulungen — Lernportal');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Brandschutz \(Nicht begonnen/);
  });
});

// A freelancers' sheet: a row number margin, columns headed by a unit and a question, a total row under the figures.
const sheet = screenOf(
  cell('Contractors — December', 20, 20),
  grid([20, 70, 250, 420, 500, 600, 720], 80, [
    ['1', 'Contractor', 'Job', 'Hrs', '€/h', 'Owed', 'Paid?'],
    ['2', 'Tomás Reyes', 'Site survey', '16', '72', '1,152.00', 'yes'],
    ['3', 'Lena Vogt', 'Drawings', '30.5', '55', '1,677.50', 'no'],
    ['4', 'Priya Nair', 'Structural calcs', '12', '90', '1,080.00', 'no'],
  ]),
  cell('5', 20, 80 + 4 * 34),
  cell('Sum', 500, 80 + 4 * 34),
  cell('3,909.50', 600, 80 + 4 * 34),
);
const sheetTitle = 'Contractors Dec 2026 — Sheets';

describe('a sheet headed by units and questions, with a total row', () => {
  it('reads the header row and keeps the total\'s word out of the figures\' column', () => {
    const [t] = tablesOf(sheet);
    expect(t?.columns).toEqual(expect.arrayContaining(['Hrs', '€/h', 'Paid?']));
    const total = t!.rows.find((r) => r.loose.includes('Sum'));
    expect(total?.cells[t!.columns.indexOf('€/h')] ?? null).toBeNull();
  });

  it('a named person\'s hourly rate and hours, from their row', () => {
    const rate = lead('What does Lena charge per hour?', sheet, sheetTitle);
    expect(rate.known).toBe(true);
    expect(rate.text).toMatch(/^€\/h: 55 \(Lena Vogt/);
    expect(lead('How many hours did Priya put in?', sheet, sheetTitle).text).toMatch(/^Hrs: 12 \(Priya Nair/);
  });

  it('negative: a person the sheet lacks gets no other row\'s rate', () => {
    const f = lead('What\'s Marta\'s hourly rate?', sheet, sheetTitle);
    expect(f.text).not.toMatch(/\b(?:72|55|90)\b/);
  });
});

// A bus timetable whose columns are journeys, its rows the stops (a dark page: the same boxes).
const route = screenOf(
  cell('Route 7 — Weekday timetable', 40, 20),
  grid([40, 320, 420, 520, 620], 80, [
    ['Stop', 'Bus 1', 'Bus 2', 'Bus 3', 'Bus 4'],
    ['Bus station', '07:10', '07:40', '08:10', '08:40'],
    ['Market Square', '07:18', '07:48', '08:18', '08:48'],
    ['Hospital', '07:31', '08:01', '08:31', '09:01'],
    ['Park & Ride', '07:45', '08:15', '08:45', '09:15'],
  ]),
);
const routeTitle = 'Route 7 timetable — Citybus';

// Two tables on one screen: a gym's classes and its memberships.
const gym = screenOf(
  cell('Members area', 40, 20),
  grid([40, 300, 460], 80, [
    ['Class', 'Day', 'Time'],
    ['Spin', 'Monday', '18:30'],
    ['Yoga', 'Wednesday', '19:00'],
    ['Pilates', 'Friday', '07:30'],
  ]),
  grid([40, 300, 460], 300, [
    ['Membership', 'Price', 'Joining fee'],
    ['Off-peak', '£24', '£10'],
    ['Anytime', '£35', '£0'],
  ]),
);
const gymTitle = 'Members area — FitHub';

describe('the cell where the asked row crosses the column of the asked kind', () => {
  it('a journey named by its time at one stop: its time at the asked stop, not the first bus\'s', () => {
    const f = lead('When does the 07:40 from the bus station get to the hospital?', route, routeTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Hospital — Bus 2: 08:01/);
    expect(lead('What time does the 8.10 reach Market Square?', route, routeTitle).text).toMatch(/^Market Square — Bus 3: 08:18/);
  });

  it('a class\'s day and time on a screen of two tables', () => {
    expect(lead('What day is pilates on?', gym, gymTitle).text).toMatch(/^Pilates — Day: Friday/);
    expect(lead('What time does yoga start?', gym, gymTitle).text).toMatch(/19:00/);
  });

  it('negative: a class the table does not list is said missing, no other class\'s day stated', () => {
    const f = lead('What day is the boxing class?', gym, gymTitle);
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/Monday|Wednesday|Friday/);
  });

  it('negative: a row that names only part of what was asked is another thing of its sort, not stated', () => {
    // A week planner (lead's review of e0ab7ba: "Dentist (Dr. Keller)" was stated for a skin doctor).
    const planner = screenOf(cell('Thursday', 40, 20), grid([40, 360, 620], 80, [
      ['Appointment', 'Where', 'Time'],
      ['Vet (Dr. Amundsen)', 'Mill Lane surgery', '17:15'],
      ['Hairdresser', 'High Street', '12:30'],
      ['Parents evening', 'School hall', '18:00'],
    ]));
    // The appointment asked about is on another screen, a clinic's confirmation in words.
    const numbered = [
      ...screenMemory('lines', textOf(planner), 'Planner — Week 50', AT, { frameId: 'frm_p', fullSnippet: true }),
      ...screenMemory('lines', 'Your appointment is booked. Clinician: Mr Oduya, knee clinic. When: Friday 22 January at 11:20. Where: Outpatients B.', 'Booking confirmed — Orthopaedics', AT, { fullSnippet: true }).map((m) => ({ ...m, n: 2 })),
    ];
    const knee = factSentence('When is my knee doctor appointment?', numbered, fmt, (id) => (id === 'frm_p' ? planner : null));
    expect(knee?.text ?? '').not.toMatch(/17:15|Amundsen/);
    // The row the question does name is still read.
    const vet = lead('What time is the vet?', planner, 'Planner — Week 50');
    expect(vet.text).toMatch(/17:15/);
  });

  it('a sheet of money: its amounts are no times ("0.00" is no clock), the date in its notes is', () => {
    const money = screenOf(cell('Holiday money', 40, 20), grid([40, 300, 460, 620], 80, [
      ['Item', 'Budget £', 'Paid so far', 'Notes'],
      ['Ferry', '340.00', '0.00', 'pay by 3 April'],
      ['Hotel', '1,250.00', '250.00', 'balance on arrival'],
      ['Car hire', '180.00', '0.00', 'decide by 1 March'],
    ]));
    const f = lead('By when do we have to decide about the car hire?', money, 'Holiday money — Sheets');
    expect(f.text).toMatch(/^Car hire — Notes: decide by 1 March/);
    expect(f.text).not.toMatch(/0\.00/);
  });

  it('negative: a stop asked with no journey named: no journey is picked for it', () => {
    const f = lead('When does the bus get to the hospital?', route, routeTitle);
    expect(f.text).not.toMatch(/^Hospital — Bus \d: /);
  });
});
