import { describe, expect, it } from 'vitest';
import { rankWithinScreen, termsWithinScreen } from '../../agents/store/screen-rank.js';

/** Issue 30: ranking one screen's lines against a question (made-up screens' lines). */
describe('rankWithinScreen', () => {
  it('blends the words in a line with its meaning, each relative to the screen', () => {
    const r = rankWithinScreen([
      { seq: 1, words: 4, meaning: 0.2 },
      { seq: 2, words: 0, meaning: 0.6 },
      { seq: 3, words: 3, meaning: 0.4 },
    ]);
    expect(r.get(3)).toBeGreaterThan(r.get(2)!);
    expect(Math.max(...r.values())).toBe(1);
    // Without the meaning side the line no word matched would share the bottom with nothing above it.
    expect(r.get(2)).toBeGreaterThan(0);
    expect(r.get(1)).toBeLessThan(r.get(3)!);
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
