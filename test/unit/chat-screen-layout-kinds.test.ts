import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { labelledValues } from '../../agents/chat/screen-layout.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Layouts made up for this test, apart from the benchmark days' pages: word boxes placed as a browser
// draws them (about 9 px a character at 16 px text). Each case is one way a screen pairs a label
// with its value that reading across a line, or under a header row, gets wrong.
const pairs = (fw: FrameWords) => labelledValues(fw).map((v) => `${v.label} = ${v.value}${v.row ? ` (${v.row})` : ''}`);

describe('cards side by side', () => {
  // Three savings pots in a row: title and note, then "Balance" and "Rate" rows, label left, value at the card's right.
  const pots = screenOf(
    cell('Rainy day pot', 40, 100), cell('Kids pot', 440, 100), cell('Holiday pot', 840, 100),
    cell('Instant access', 40, 120), cell('Locked until 2030', 440, 120), cell('Notice 30 days', 840, 120),
    cell('Balance', 40, 160), cell('3,120.50', 300, 160), cell('Balance', 440, 160), cell('9,800.00', 700, 160), cell('Balance', 840, 160), cell('1,415.75', 1100, 160),
    cell('Rate', 40, 190), cell('2.1%', 320, 190), cell('Rate', 440, 190), cell('3.4%', 720, 190), cell('Rate', 840, 190), cell('2.8%', 1120, 190),
  );

  it("pairs each card's labels with the values inside that card, under its title", () => {
    const p = pairs(pots);
    expect(p).toEqual(expect.arrayContaining([
      'Balance = 1,415.75 (Holiday pot · Notice 30 days)',
      'Rate = 3.4% (Kids pot · Locked until 2030)',
      'Balance = 3,120.50 (Rainy day pot · Instant access)',
    ]));
    // No card's value is labelled by another card's title, as the columns of one table would be.
    expect(p.some((x) => x.startsWith('Rainy day pot =') || x.startsWith('Instant access ='))).toBe(false);
  });

  it("states the third card's value for a question about the third card", () => {
    const text = 'Rainy day pot Kids pot Holiday pot Instant access Locked until 2030 Notice 30 days Balance 3,120.50 Balance 9,800.00 Balance 1,415.75';
    const numbered = screenMemory('lines', text, 'Savings — Brightbank', '2026-11-03T09:20:00.000Z', { frameId: 'frm_1', fullSnippet: true });
    const f = factSentence('How much money is in my holiday pot?', numbered, new TimeFormatter('UTC'), (id) => (id === 'frm_1' ? pots : null))!;
    expect(f.text.split('\n')[0]).toContain('1,415.75');
    expect(f.text.split('\n')[0]).not.toContain('3,120.50');
  });

  it('reads a list of labels and values beside a panel as the list, not as a table with the panel', () => {
    // A booking's details (label column, value column) beside a panel of its attachments.
    const fw = screenOf(
      cell('Guest name', 40, 100), cell('Ola Nordmann', 260, 100), cell('Attachments', 760, 100),
      cell('Room type', 40, 136), cell('Twin with balcony', 260, 136), cell('invoice.pdf', 760, 136),
      cell('Check in from', 40, 172), cell('15:00 on 3 May', 260, 172), cell('map.png', 760, 172),
      cell('Breakfast', 40, 208), cell('Included', 260, 208),
    );
    const p = pairs(fw);
    expect(p).toEqual(expect.arrayContaining(['Room type = Twin with balcony', 'Check in from = 15:00 on 3 May', 'Breakfast = Included']));
    expect(p.some((x) => x.startsWith('Guest name = Room type') || x.startsWith('Ola Nordmann =') || x.startsWith('Attachments ='))).toBe(false);
  });
});

describe('tables whose headers are not one plain row', () => {
  it('labels a value under a header that a group header spans by both, and skips the sheet row numbers', () => {
    // A spreadsheet: its row numbers in the margin, "North" and "South" each over a "Plan" and a "Spent" column.
    const fw = screenOf(
      cell('1', 20, 80), cell('North', 330, 80), cell('South', 630, 80),
      cell('2', 20, 104), cell('Line', 100, 104), cell('Plan', 280, 104), cell('Spent', 420, 104), cell('Plan', 580, 104), cell('Spent', 720, 104),
      cell('3', 20, 134), cell('Printing', 100, 134), cell('1,200', 280, 134), cell('1,340', 420, 134), cell('800', 580, 134), cell('760', 720, 134),
      cell('4', 20, 164), cell('Catering', 100, 164), cell('4,000', 280, 164), cell('3,650', 420, 164), cell('2,900', 580, 164), cell('3,010', 720, 164),
    );
    const p = pairs(fw);
    expect(p).toContain('South / Spent = 760 (Line: Printing · North / Plan: 1,200 · North / Spent: 1,340 · South / Plan: 800)');
    expect(p).toContain('North / Plan = 4,000 (Line: Catering · North / Spent: 3,650 · South / Plan: 2,900 · South / Spent: 3,010)');
    expect(p.some((x) => /^\d = |: 3 ·|^North = /.test(x))).toBe(false);
  });

  it('takes a second header row under a header cell drawn over two rows, and leaves a note across columns unlabelled', () => {
    const fw = screenOf(
      cell('Odometer', 300, 80),
      cell('Vehicle', 40, 90), cell('Fuel', 560, 90), cell('Cost', 760, 90),
      cell('Start', 250, 104), cell('End', 400, 104),
      cell('Van 2', 40, 140), cell('40,120', 250, 140), cell('40,588', 400, 140), cell('51 l', 560, 140), cell('88.40', 760, 140),
      cell('Van 5', 40, 170), cell('12,007', 250, 170), cell('12,390', 400, 170), cell('39 l', 560, 170), cell('67.10', 760, 170),
      cell('All vans are refuelled at the depot pump before they are returned.', 40, 200),
    );
    const p = pairs(fw);
    expect(p).toContain('Odometer / End = 12,390 (Vehicle: Van 5 · Odometer / Start: 12,007 · Fuel: 39 l · Cost: 67.10)');
    expect(p.some((x) => x.includes('= All vans are refuelled'))).toBe(false);
  });
});

describe('labels to the right of their values', () => {
  it('pairs "value   label" rows when the right column never holds a figure and the left one does', () => {
    // A printer's status page: the value first, then what it is.
    const fw = screenOf(
      cell('Ready', 40, 100), cell('printer status', 300, 100),
      cell('A4 plain', 40, 136), cell('paper in tray one', 300, 136),
      cell('23 pages a minute', 40, 172), cell('print speed', 300, 172),
      cell('Black 12%', 40, 208), cell('toner left', 300, 208),
    );
    const p = pairs(fw);
    expect(p).toEqual(expect.arrayContaining(['toner left = Black 12%', 'paper in tray one = A4 plain', 'printer status = Ready']));
    expect(p.some((x) => x.startsWith('Black 12% ='))).toBe(false);
  });

  it('reads a status page that says the value before its label under its section heading', () => {
    const fw = screenOf(
      cell('Main line', 30, 60),
      cell('Connected', 55, 100), cell('line status', 300, 100),
      cell('312 Mbit/s', 55, 136), cell('download speed', 300, 136),
      cell('Backup line', 30, 190),
      cell('Standby', 55, 230), cell('line status', 300, 230),
      cell('48 Mbit/s', 55, 266), cell('download speed', 300, 266),
    );
    expect(pairs(fw)).toEqual(expect.arrayContaining(['download speed = 48 Mbit/s (Backup line)', 'line status = Connected (Main line)']));
  });

  it('keeps a label and value list the usual way round', () => {
    const fw = screenOf(
      cell('Plan', 40, 100), cell('Family 4 seats', 300, 100),
      cell('Renews', 40, 136), cell('9 June 2027', 300, 136),
      cell('Seats used', 40, 172), cell('3', 300, 172),
    );
    expect(pairs(fw)).toEqual(expect.arrayContaining(['Plan = Family 4 seats', 'Renews = 9 June 2027', 'Seats used = 3']));
  });
});

describe('captions over their values', () => {
  it('pairs a caption in capitals with the value under it however the lines are spaced, not with its neighbour', () => {
    // A boarding pass: captions beside a timeline, every line the same distance apart.
    const fw = screenOf(
      cell('GATE CLOSES', 40, 100, 12), cell('Timeline', 600, 100),
      cell('06:40 at B22', 40, 124), cell('05:10 Checked in', 600, 124),
      cell('SEAT', 40, 148, 12), cell('05:55 Bag dropped', 600, 148),
      cell('14C aisle', 40, 172), cell('06:05 Security', 600, 172),
    );
    const p = pairs(fw);
    expect(p).toEqual(expect.arrayContaining(['GATE CLOSES = 06:40 at B22', 'SEAT = 14C aisle']));
    expect(p.some((x) => x.startsWith('GATE CLOSES = Timeline') || x.startsWith('06:40 at B22 ='))).toBe(false);
  });
});

describe('a line across the columns of a table', () => {
  it('is no cell of a column, but a "Label: value" line under the rows is a labelled value of its own', () => {
    const fw = screenOf(
      cell('Service', 40, 100), cell('Hours', 420, 100), cell('Rate', 600, 100), cell('Amount', 800, 100),
      cell('Garden clearance', 40, 136), cell('6', 420, 136), cell('35.00', 600, 136), cell('210.00', 800, 136),
      cell('Hedge trimming', 40, 172), cell('3', 420, 172), cell('30.00', 600, 172), cell('90.00', 800, 172),
      cell('Total to pay: GBP 300.00 by 14 July - thank you for your custom', 40, 208),
    );
    const p = pairs(fw);
    expect(p).toContain('Total to pay = GBP 300.00 by 14 July - thank you for your custom');
    expect(p.some((x) => x.startsWith('Service = Total to pay'))).toBe(false);
  });
});
