import { describe, expect, it } from 'vitest';
import { alignedValues, isLabelLine } from '../../agents/store/label-column.js';
import { COLUMN_VALUE_SHARE, rankWithinScreen, type ScreenCandidate } from '../../agents/store/screen-rank.js';

/**
 * Issue 30 ("-" misses): a screen whose OCR read every label, then every value (a booking page, an
 * account page laid out as two columns). Made-up screens; the question's words find the label.
 */

/** A screen's passages in reading order, each right after the one before. */
function screen(texts: string[], hit: { at: number; line: number; words?: number }[]): ScreenCandidate[] {
  return texts.map((text, k) => {
    const h = hit.find((x) => x.at === k);
    return { seq: 100 + k, words: h ? (h.words ?? 3) : 0, meaning: null, after: k > 0 ? 100 + k - 1 : null, text, hitLine: h ? h.line : null };
  });
}

describe('isLabelLine', () => {
  it('takes a few words, even with a bracketed aside or a level number, as a label', () => {
    for (const l of ['Check-out', 'Room type', 'Guests staying', 'Monthly fee (from 1 March)', 'Manual handling — Level 2', 'Numéro de réservation']) expect(isLabelLine(l), l).toBe(true);
  });
  it('does not take a value, an address or a sentence for a label', () => {
    for (const l of ['Sun 5 Mar', '14:00 – 15:00', '€212,40', '2 adults, 1 child', '17 Rue des Carmes, 35000 Rennes', 'Your room is ready from two in the afternoon.', '12.5%'])
      expect(isLabelLine(l), l).toBe(false);
  });
});

describe('a column of labels and the column of their values', () => {
  // A hotel booking read column by column: labels, a note, then the values (dark theme, French hotel).
  const hotel = [
    'Hôtel des Carmes — Your stay',
    'Arrival\nDeparture\nRoom\nGuests',
    'Breakfast\nBooking reference\nAmount paid',
    'Free cancellation until 48 hours before arrival, after which the first night is charged.',
    'Fri 3 Mar\nSun 5 Mar',
    'Double, garden side\n2 adults',
    'Included\nHDC-55817\n€212,40',
    'Questions? Write to the front desk any time, we answer within the day.',
  ];

  it('brings the value the same count into the next column: "what do I owe the hotel" finds the amount, not the arrival date', () => {
    // "Amount paid" is the 7th label; the 7th value is "€212,40" in the 7th passage.
    const r = rankWithinScreen(screen(hotel, [{ at: 2, line: 2 }]));
    expect(r.get(106)).toBeCloseTo(COLUMN_VALUE_SHARE, 5);
    // A sibling value far off in the column (the dates) gets nothing from it, nor does the note after.
    expect(r.get(104)).toBe(0);
    expect(r.get(107)).toBe(0);
  });

  it('aligns an early label with an early value: "when do I check in" finds the dates', () => {
    const r = rankWithinScreen(screen(hotel, [{ at: 1, line: 0 }]));
    expect(r.get(104)).toBeCloseTo(COLUMN_VALUE_SHARE, 5);
    expect(r.get(106)).toBe(0);
    // The heading above the labels reads as one more label: the count is a line off, which the
    // slack of one line takes (the room, next to the dates, comes too).
    expect(alignedValues(hotel.map((text, k) => ({ seq: k, text, hitLine: k === 1 ? 0 : null, follows: k > 0 })))).toEqual(new Map([[4, [1]], [5, [1]]]));
  });

  it('pairs nothing where the lines after the labels are more labels (a settings menu), or where there are only two labels', () => {
    const menu = ['Account\nPrivacy\nNotifications\nLanguage', 'Appearance\nStorage\nHelp\nAbout'];
    expect(alignedValues(menu.map((text, k) => ({ seq: k, text, hitLine: k === 0 ? 1 : null, follows: k > 0 })))).toEqual(new Map());
    const card = ['Phone\nEmail', '0161 496 0732\nsam@example.org'];
    expect(alignedValues(card.map((text, k) => ({ seq: k, text, hitLine: k === 0 ? 0 : null, follows: k > 0 })))).toEqual(new Map());
  });

  it('pairs nothing across screens, nor when the matched line is a sentence, not a label', () => {
    const two = ['Arrival\nDeparture\nRoom\nGuests', 'Fri 3 Mar\nSun 5 Mar\nDouble\n2 adults'];
    expect(alignedValues(two.map((text, k) => ({ seq: k, text, hitLine: k === 0 ? 0 : null, follows: false })))).toEqual(new Map());
    const prose = ['We will charge the first night if you cancel late.\nArrival\nDeparture\nRoom', 'Fri 3 Mar\nSun 5 Mar\nDouble'];
    expect(alignedValues(prose.map((text, k) => ({ seq: k, text, hitLine: k === 0 ? 0 : null, follows: k > 0 })))).toEqual(new Map());
  });
});

describe('a table of several value columns read one column at a time', () => {
  // A staff training matrix: the courses (under their header), then each column under its own header.
  // OCR cut it into passages where it liked; a line of another region ("Target 95%") sits between.
  const matrix = [
    'Core learning — Ward 12',
    'Course\nFire Safety\nBasic Life Support',
    'Conflict Resolution\nMedicines Management\nHand Hygiene',
    'Target 95%\nRenew every\n2 years\n1 year\n3 years',
    '2 years\n1 year\nLast done\n14 Mar 2025\n02 Oct 2025\n19 Jun 2024',
    '05 Feb 2026\n11 Nov 2025\nExpires\n14 Mar 2027\n02 Oct 2026',
    '19 Jun 2027\n05 Feb 2028\n11 Nov 2026',
    'Status\nIn date\nExpired\nIn date\nIn date\nIn date',
  ];

  it('"when does my medicines management course run out" brings each dated column\'s cell in that row', () => {
    // Medicines Management is the 4th row: "2 years" (passage 104), "05 Feb 2026" (105), "05 Feb 2028" (106).
    const r = rankWithinScreen(screen(matrix, [{ at: 2, line: 1 }]));
    expect(r.get(104)).toBeCloseTo(COLUMN_VALUE_SHARE, 5);
    expect(r.get(105)).toBeCloseTo(COLUMN_VALUE_SHARE, 5);
    expect(r.get(106)).toBeCloseTo(COLUMN_VALUE_SHARE, 5);
    // The column of words (statuses) has no figures under its header: not read; the heading is no cell.
    expect(r.get(107)).toBe(0);
    expect(r.get(100)).toBe(0);
  });

  it('the first row\'s cells sit right under each header', () => {
    const m = alignedValues(matrix.map((text, k) => ({ seq: k, text, hitLine: k === 1 ? 1 : null, follows: k > 0 })));
    // Fire Safety: "2 years" (3), "14 Mar 2025" (4), "14 Mar 2027" (5).
    for (const k of [3, 4, 5]) expect(m.get(k), String(k)).toEqual([1]);
    expect(m.has(6)).toBe(false);
  });

  it('a phone tariff table: the plan\'s data and minutes, not another plan\'s', () => {
    const tariffs = ['Plan\nBasic\nPlus\nMax\nUnlimited', 'Monthly\n£8\n£12', '£18\n£25', 'Data\n2 GB\n15 GB\n60 GB\nUnlimited', 'Minutes\n250\n1000\n2000\n3000'];
    // "Max" is the 3rd row: £18 (2), 60 GB (3), 2000 (4).
    const m = alignedValues(tariffs.map((text, k) => ({ seq: k, text, hitLine: k === 0 ? 3 : null, follows: k > 0 })));
    expect(m.get(2)).toEqual([0]);
    expect(m.get(3)).toEqual([0]);
    expect(m.get(4)).toEqual([0]);
  });

  it('negatives: a second table after a column of labels pairs nothing with the first; prose ends the table', () => {
    // A bus timetable's stops, then its times; then another table (a fare list) whose labels must not reach back.
    const bus = ['Stop\nBus station\nMarket Square\nHospital', 'Mon-Fri\n07:10\n07:18\n07:31', 'Fare zone\nAdult\nChild\nConcession\nGroup', 'Price\n£2.50\n£1.20'];
    const m = alignedValues(bus.map((text, k) => ({ seq: k, text, hitLine: k === 0 ? 2 : null, follows: k > 0 })));
    expect(m.get(1)).toEqual([0]);
    expect(m.has(3)).toBe(false);
    // Prose after the times ends the table: a column of figures after it is no column of this one.
    const noted = ['Stop\nBus station\nMarket Square\nHospital', 'Mon-Fri\n07:10\n07:18\n07:31', 'Buses run every twenty minutes until the evening, when they run every hour instead.', 'Sunday\n09:10\n09:18\n09:31'];
    expect(alignedValues(noted.map((text, k) => ({ seq: k, text, hitLine: k === 0 ? 2 : null, follows: k > 0 }))).has(3)).toBe(false);
  });

  it('negative: a settings list (labels after labels, a value now and then) pairs nothing', () => {
    const settings = ['Account\nPrivacy\nNotifications\nLanguage\nStorage\n12.4 GB used\nAbout\nVersion 3.2'];
    expect(alignedValues(settings.map((text, k) => ({ seq: k, text, hitLine: 0, follows: k > 0 })))).toEqual(new Map());
  });
});
