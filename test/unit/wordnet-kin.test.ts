import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { wordKin, wordKinCacheSize } from '../../agents/runtime/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Pairs and screens written for this test, apart from the benchmark days and from the rules' own
// examples: a question's word and the other words a screen uses for the same thing, and words a
// screen uses for a different thing that must not be taken for it.
const fmt = new TimeFormatter('UTC');
const at = '2027-03-02T09:00:00.000Z';

const screen = (kind: PassageMatch['kind'], text: string, title: string) => screenMemory(kind, text, title, at);

describe('WordNet kin of a word', () => {
  it('gives synonyms, derived forms and more specific kinds', () => {
    expect(wordKin('holiday')).toContain('vacation');
    expect(wordKin('automobile')).toContain('car');
    expect(wordKin('employ')).toContain('employment');
    // Three levels down: a levy → a duty; a store → a bakery.
    expect(wordKin('levy')).toContain('duty');
    expect(wordKin('store')).toContain('bakery');
  });

  it('reads inflected forms through their base form', () => {
    expect(wordKin('automobiles')).toContain('car');
    expect(wordKin('Holidays')).toContain('vacation');
  });

  it('never gives a sibling kind, which is what a thing is told apart from', () => {
    expect(wordKin('wednesday')).not.toContain('thursday');
    expect(wordKin('january')).not.toContain('february');
    expect(wordKin('cat')).not.toContain('dog');
    expect(wordKin('coffee')).not.toContain('tea');
  });

  it('knows nothing of unknown words, numbers and names it was not given', () => {
    expect(wordKin('zzxqv').size).toBe(0);
    expect(wordKin('4711').size).toBe(0);
  });

  it('keeps a bounded cache', () => {
    // Words with figures are never looked up, so this fills the cache without reading the files.
    for (let i = 0; i < 2100; i++) wordKin(`ref${i}`);
    expect(wordKinCacheSize()).toBeLessThanOrEqual(2048);
  });
});

describe('the lead meets a question worded with another word for the screen label', () => {
  it('states the value of a label that says the same thing in other words', () => {
    const hr = screen('lines', 'Time off\nHoliday balance: 11 days\nSick days taken: 2', 'Absence — StaffPortal');
    const f = factSentence('How many days of vacation do I have?', hr, fmt)!;
    expect(f.known).toBe(true);
    expect(f.text).toContain('Holiday balance: 11 days');
  });

  it('takes a kind of levy for the levy asked about', () => {
    const bill = screen('lines', 'Order 5521\nGoods: €180.00\nCustoms duty: €21.60\nShipping: €9.00', 'Import charges — ParcelHub');
    const f = factSentence('What was the levy on my parcel?', bill, fmt)!;
    expect(f.known).toBe(true);
    expect(f.text).toContain('Customs duty: €21.60');
  });

  it('does not take a sibling label for the one asked about', () => {
    const week = screen('lines', 'Gym bookings\nThursday: Yoga 18:00', 'Bookings — FitHub');
    const f = factSentence('What is booked on Wednesday?', week, fmt);
    expect(f?.known ?? false).toBe(false);
  });
});
