import { describe, expect, it } from 'vitest';
import { backgroundPieces } from '../../agents/store/use-embedder.js';

/**
 * Screen passages go to the embedding worker in pieces bounded by characters as well as count, so a
 * question's vector waits behind at most one short piece (the encoder's cost grows with the text).
 */
describe('background pieces', () => {
  const long = (n: number): string => 'x'.repeat(n);

  it('puts at most 2,000 characters in a piece: full-length passages go two by two', () => {
    const pieces = backgroundPieces(Array.from({ length: 7 }, () => long(1000)));
    expect(pieces.map((p) => p.length)).toEqual([2, 2, 2, 1]);
  });

  it('short texts still go at most 8 to a piece, and nothing is lost or reordered', () => {
    const texts = Array.from({ length: 19 }, (_, i) => `line ${i}`);
    const pieces = backgroundPieces(texts);
    expect(pieces.map((p) => p.length)).toEqual([8, 8, 3]);
    expect(pieces.flat()).toEqual(texts);
  });

  it('a text longer than the budget goes alone, never split or dropped', () => {
    const pieces = backgroundPieces(['a', long(2500), 'b', 'c']);
    expect(pieces).toEqual([['a'], [long(2500)], ['b', 'c']]);
  });

  it('no texts, no pieces', () => {
    expect(backgroundPieces([])).toEqual([]);
  });
});
