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
