import { describe, expect, it } from 'vitest';
import { extractGraph } from '../../agents/graph/index.js';

/** The names the offline extractor reads out of one diary-like line. */
function names(text: string): string[] {
  return extractGraph({ id: 'm1', kind: 'episodic', title: '', text, fields: {}, at: 0 }).entities.map((e) => e.name);
}

describe('offline entity names: a capitalised word that opens a sentence', () => {
  it('a verb (or adjective) opening the sentence is not part of the name that follows it', () => {
    // Written in the diary style people type, in several tenses and shapes.
    expect(names('Took Toby to the park yesterday.')).toEqual(['Toby']);
    expect(names('Had a long week. Drove Ana Souza to the airport on Friday.')).toEqual(['Ana Souza']);
    expect(names('Bought Lucy a bike for her birthday')).toEqual(['Lucy']);
    expect(names('Visited Lisbon with my sister.')).toEqual(['Lisbon']);
    expect(names('Watching Casablanca again tonight!')).toEqual(['Casablanca']);
    expect(names('Loved Harry Potter as a kid.')).toEqual(['Harry Potter']);
    expect(names('Asked Priya about the budget; Called Marco after lunch.')).toEqual(['Priya', 'Marco']);
    const seen = names('Met Jonas at the climbing gym.');
    expect(seen).toContain('Jonas');
    expect(seen.some((n) => /^met\b/i.test(n))).toBe(false);
  });

  it('keeps names that open a sentence, including first names that are also words', () => {
    expect(names('Mark Twain wrote about the river.')).toEqual(['Mark Twain']);
    expect(names('Grace Hopper gave the talk.')).toEqual(['Grace Hopper']);
    expect(names('Bill Gates spoke at the summit.')).toContain('Bill Gates');
    expect(names('Ana Souza called me back.')).toEqual(['Ana Souza']);
    expect(names('Golden Gate Park was foggy this morning.')).toEqual(['Golden Gate Park']);
    expect(names('New York was loud.')).toEqual(['New York']);
    expect(names('J. Okafor sent the slides.')).toEqual(['J. Okafor']);
  });

  it('leaves runs inside a sentence alone (only a sentence start is ambiguous)', () => {
    expect(names('We finally met Ana Souza at the office.')).toEqual(['Ana Souza']);
    expect(names('my brother and I took Toby to the vet')).toEqual(['Toby']);
  });
});
