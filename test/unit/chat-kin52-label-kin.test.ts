import { describe, expect, it } from 'vitest';
import { labelKin, labelPhrasesIn } from '../../agents/runtime/index.js';
import { kinTerms, standIns } from '../../agents/store/kin-terms.js';

const words = (q: string) => q.split(/[^\p{L}'-]+/u).filter(Boolean);
/** The label words the table gives a question's word, by the word as written. */
const labelsOf = (q: string, word: string) => labelKin(words(q)).get(words(q).indexOf(word)) ?? [];

describe('a form\'s own words for what a person asks (label-kin.ts)', () => {
  it('gives the label words for an everyday word, with its partner anywhere in the question', () => {
    expect(labelsOf('What is the password for the wireless?', 'password')).toContain('network key');
    expect(labelsOf("What's the Wi-Fi password?", 'password')).toContain('passphrase');
    expect(labelsOf('How much did I get for extra hours?', 'extra')).toEqual(['overtime']);
    expect(labelsOf('Who is in charge of payroll?', 'charge')).toContain('administrator');
  });

  it('gives none for a word whose partner is not asked: a garage\'s charge, a password alone, extra time alone', () => {
    expect(labelsOf('How much did the garage charge me?', 'charge')).toEqual([]);
    expect(labelsOf('What is my bank password?', 'password')).toEqual([]);
    expect(labelsOf('How much extra did the hotel add?', 'extra')).toEqual([]);
    expect(labelKin(words('What time does the film start?')).size).toBe(0);
  });

  it('meets a label of several words only whole: a film\'s Bond, an API key, a museum\'s collection are none', () => {
    expect(labelPhrasesIn('Security bond: £1,450.00\nPre-shared key: plum-otter\nCollection Day Tuesday')).toEqual(['securitybond', 'presharedkey', 'collectionday']);
    expect(labelPhrasesIn('No Time to Die (Bond 25)\nAPI key: sk-live-123\nPermanent collection: Level 2')).toEqual([]);
  });

  it('searches the label words as kin, short asked words included, and lets them stand in for a word no screen says', () => {
    expect(kinTerms(['tip', 'osteria'])).toContain('gratuity');
    expect(kinTerms(['wifi', 'password'])).toContain('key');
    expect(kinTerms(['charge', 'garage'])).not.toContain('total');
    expect(standIns(['spinning', 'thursday'], (t) => t !== 'spinning')).toContain('cycling');
    expect(standIns(['spinning', 'thursday'], () => true)).toEqual([]);
  });
});
