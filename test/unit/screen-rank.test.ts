import { describe, expect, it } from 'vitest';
import { ABOVE_LABEL_SHARE, NEXT_LINE_SHARE, isCaptionLine, isValueLine, rankWithinScreen, termsWithinScreen, UNDER_LABEL_SHARE } from '../../agents/store/screen-rank.js';

/** Issue 30: ranking one screen's lines against a question (made-up screens' lines). */
describe('rankWithinScreen', () => {
  it('blends the words in a line with its meaning, each relative to the screen', () => {
    // Lines the words rank about alike: meaning tells them apart.
    const r = rankWithinScreen([
      { seq: 1, words: 4, meaning: 0.2 },
      { seq: 2, words: 0, meaning: 0.6 },
      { seq: 3, words: 3.8, meaning: 0.4 },
    ]);
    expect(r.get(3)).toBeGreaterThan(r.get(2)!);
    expect(Math.max(...r.values())).toBe(1);
    // Without the meaning side the line no word matched would share the bottom with nothing above it.
    expect(r.get(2)).toBeGreaterThan(0);
    expect(r.get(1)).toBeLessThan(r.get(3)!);
  });

  it("a line the question's words are on outranks one only nearer in meaning (the screen's topic, its header most)", () => {
    const r = rankWithinScreen([
      { seq: 1, words: 0, meaning: 0.62 },
      { seq: 2, words: 2.5, meaning: 0.31 },
      { seq: 3, words: 1, meaning: 0.4 },
    ]);
    expect(r.get(2)).toBe(1);
    expect(r.get(1)).toBeLessThan(r.get(2)!);
  });

  it('ranks by meaning alone where no word of the question is on the screen', () => {
    const r = rankWithinScreen([
      { seq: 1, words: 0, meaning: 0.1 },
      { seq: 2, words: 0, meaning: 0.5 },
      { seq: 3, words: 0, meaning: null },
    ]);
    expect(r.get(2)).toBe(1);
    expect(r.get(1)).toBe(0);
    expect(r.get(3)).toBe(0);
  });

  it('a value on the line under a matched label ranks just below the label', () => {
    const r = rankWithinScreen([
      { seq: 1, words: 3, meaning: null },
      { seq: 2, words: 0, meaning: null, after: 1 },
      { seq: 3, words: 1, meaning: null },
      { seq: 4, words: 0, meaning: null, after: 3 },
    ]);
    expect(r.get(1)).toBe(1);
    expect(r.get(2)).toBeGreaterThan(r.get(3)!);
    expect(r.get(2)).toBeLessThan(1);
    // Under a line no word matched, nothing is lent.
    expect(rankWithinScreen([{ seq: 1, words: 0, meaning: 0.3 }, { seq: 2, words: 0, meaning: 0.1, after: 1 }]).get(2)).toBe(0);
  });

  it('an empty screen ranks nothing', () => {
    expect(rankWithinScreen([]).size).toBe(0);
  });
});

describe('termsWithinScreen', () => {
  it('leaves out the words the title, app or address holds, in any case or number', () => {
    expect(termsWithinScreen(['payments', 'dashboard', 'alert'], ['Payments API — Dashboards', 'Chromium', null])).toEqual(['alert']);
    expect(termsWithinScreen(['budgeted', 'hardware'], ['Team budget 2026 — Sheets'])).toEqual(['hardware']);
    expect(termsWithinScreen(['rent', 'kanaalstraat'], ['Kanaalstraat 11, Utrecht — Rooms to rent', 'https://rooms.example/listing/881'])).toEqual([]);
    expect(termsWithinScreen(['refund', 'queue'], ['Café Zoë — Menu'])).toEqual(['refund', 'queue']);
  });
});

describe('a value and its caption come back together (issue 30)', () => {
  it('a value right above the matched line that names it ranks with it, under the under-label share', () => {
    // A flight's times over its route; a tile's figure over its caption.
    const r = rankWithinScreen([
      { seq: 1, words: 0, meaning: null, text: 'Manage booking' },
      { seq: 2, words: 0, meaning: null, after: 1, text: 'Tue 3 Mar 2027 · 06:40 · 09:15' },
      { seq: 3, words: 4, meaning: null, after: 2, text: 'Oslo Gardermoen (OSL) Bergen Flesland (BGO)' },
      { seq: 4, words: 2, meaning: null, after: 3, text: 'Baggage rules for flights to Bergen from Oslo: one cabin bag and one personal item per passenger.' },
    ]);
    expect(r.get(2)).toBeCloseTo(ABOVE_LABEL_SHARE, 5);
    expect(r.get(2)).toBeGreaterThan(r.get(4)!);
  });

  it('any line right above a bare caption ranks with it: a card\'s name over "Phone"', () => {
    const r = rankWithinScreen([
      { seq: 1, words: 0, meaning: null, text: 'Jane Whitfield, site manager' },
      { seq: 2, words: 3, meaning: null, after: 1, text: 'Phone' },
      { seq: 3, words: 0, meaning: null, after: 2, text: '0161 496 0732' },
    ]);
    expect(r.get(1)).toBeCloseTo(ABOVE_LABEL_SHARE, 5);
    expect(r.get(3)).toBeCloseTo(UNDER_LABEL_SHARE, 5);
  });

  it('a paragraph next to a matched paragraph is no value of it: the one under goes on with it at a lower share, the one above gets nothing', () => {
    const long = 'The committee met on Tuesday and agreed to move the spring fair to the school field this year.';
    const r = rankWithinScreen([
      { seq: 1, words: 0, meaning: null, text: 'Parents were asked to bring cakes and to help with the stalls from nine in the morning.' },
      { seq: 2, words: 3, meaning: null, after: 1, text: long },
      { seq: 3, words: 0, meaning: null, after: 2, text: 'Tickets for the raffle are sold at the office, and the prizes are listed on the board.' },
    ]);
    expect(r.get(1)).toBe(0);
    expect(r.get(3)).toBeCloseTo(NEXT_LINE_SHARE, 5);
  });

  it('tells a value line and a caption by their shape', () => {
    expect(isValueLine('842 ms')).toBe(true);
    expect(isValueLine('030 555 0192')).toBe(true);
    expect(isValueLine('Please call us on 030 555 0192 between nine and five on weekdays, or write to us.')).toBe(false);
    expect(isValueLine('Opening hours')).toBe(false);
    expect(isCaptionLine('Due date')).toBe(true);
    expect(isCaptionLine('Phone,')).toBe(true);
    expect(isCaptionLine('Amount due on this bill, taken by direct debit:')).toBe(true);
    expect(isCaptionLine('Dec 14, 2026')).toBe(false);
    expect(isCaptionLine('The sauna is closed for repairs this week.')).toBe(false);
  });
});
