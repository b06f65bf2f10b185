import { describe, expect, it } from 'vitest';
import { everydayPhrases } from '../../agents/store/everyday-phrases.js';

/** Issue 30: the everyday words a question asks with, as screens write them (made-up questions). */
describe('everydayPhrases', () => {
  const has = (q: string, phrase: string) => everydayPhrases(q).some((g) => g.shown.includes(phrase));

  it('meets calendar, travel, money and contact words as screens write them', () => {
    expect(has("When's my one-on-one with Priya?", '1:1')).toBe(true);
    expect(has('Is there a 1-on-1 with Sam this week?', '1:1')).toBe(true);
    expect(has('What time does the ferry to Bergen take off?', 'departure')).toBe(true);
    expect(has('When does the night train land in Vienna?', 'arrival')).toBe(true);
    expect(has('When is the parcel from Otto turning up?', 'delivery')).toBe(true);
    expect(has('How much is the garage a month?', 'per month')).toBe(true);
    expect(has('What do we pay yearly for the domain?', 'per year')).toBe(true);
    expect(has('Who should I ring about the boiler?', 'phone')).toBe(true);
    expect(has('By when is the tax return to be filed?', 'due')).toBe(true);
    expect(has('How slow is the search endpoint?', 'latency')).toBe(true);
    expect(has('How many invoices are stuck in the outbox?', 'queue')).toBe(true);
    expect(has('From when is the studio free?', 'available')).toBe(true);
    expect(has('What should I take with me to the dentist?', 'bring')).toBe(true);
    expect(has('Where do I collect the keys?', 'pick-up')).toBe(true);
  });

  it('a phrasing is one group, counted once, whatever spellings it has', () => {
    const groups = everydayPhrases('What time does the plane take off?');
    const dep = groups.find((g) => g.shown.includes('departure'));
    expect(dep?.shown).toEqual(expect.arrayContaining(['departure', 'departs']));
    // "take off" stands for the departure: its words alone ("take") would find other lines.
    expect(dep?.words).toEqual(['take', 'off']);
    expect(groups.find((g) => g.shown.includes('flight'))?.words).toEqual([]);
  });

  it('leaves out what the question already says in its own words', () => {
    const groups = everydayPhrases('When is the delivery turning up?', ['delivery', 'turning']);
    expect(groups.flatMap((g) => g.shown)).not.toContain('delivery');
    expect(groups.flatMap((g) => g.shown)).toContain('eta');
  });

  it('only whole words and phrases: no "sync" in async, no 1:1 in a clock time, no take-off in "take"', () => {
    expect(everydayPhrases('Which async job failed last night?')).toEqual([]);
    expect(everydayPhrases('What did I write at 11:15?')).toEqual([]);
    expect(everydayPhrases('What did I take notes on in the review?')).toEqual([]);
    expect(everydayPhrases('Which landscape photo did I crop?')).toEqual([]);
    expect(everydayPhrases('What is the name of the new intern?')).toEqual([]);
  });
});
