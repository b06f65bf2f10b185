import { describe, expect, it } from 'vitest';
import { asksForEverything } from '../../agents/store/question-shape.js';

// Made-up questions: a singular noun then its verb in -s asks for one thing; a plural object asks for a list.
describe('asksForEverything: a verb in -s after a singular noun', () => {
  it('reads "which customer wants …" as one thing asked', () => {
    expect(asksForEverything('Which customer wants their deliveries before nine?')).toBe(false);
    expect(asksForEverything('Which customer wants deliveries after lunch?')).toBe(false);
    expect(asksForEverything('Which firm handles the audit?')).toBe(false);
    expect(asksForEverything('Which supplier sends invoices by post?')).toBe(false);
  });
  it('still reads plural objects as lists', () => {
    expect(asksForEverything('Which board games do you like?')).toBe(true);
    expect(asksForEverything('What outdoor activities does Ana do?')).toBe(true);
    expect(asksForEverything('What similar sports collectible do Tim and John own?')).toBe(true);
    expect(asksForEverything('Which customers want deliveries after lunch?')).toBe(true);
  });
});

describe('asksForEverything: "all" that means a sum', () => {
  it('reads "all told", "in all" and "all together" as one whole asked, "all the" still as a list', () => {
    expect(asksForEverything('How many crates all told?')).toBe(false);
    expect(asksForEverything('How many pallets in all?')).toBe(false);
    expect(asksForEverything('How much did we raise all together?')).toBe(false);
    expect(asksForEverything('What are all the places Ana visited?')).toBe(true);
    expect(asksForEverything('Which of all my notes mention Atlas?')).toBe(true);
  });
});
