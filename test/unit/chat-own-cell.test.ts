import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { askedKind } from '../../agents/chat/asked-value.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Made-up screens, apart from the benchmark days: cards side by side that OCR reads as one row, and a
// timetable whose rows are told apart by their naming cell.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-06T10:00:00.000Z';
const pass = (text: string, title: string, score: number): PassageMatch => screenPassage(text, title, score, at);
const screen = (title: string, ...passages: PassageMatch[]): NumberedMemory[] => browsedScreen(title, at, passages);
const cards = screen('People — Family address book', pass('Electrician: Mobile +44 7700 900123 · Babysitter: Mobile +44 7700 900456 · Dentist: Tel. 020 7946 0011', 'People — Family address book', 5));
const lead = (q: string, s: NumberedMemory[]) => factSentence(q, s, fmt)!.text.split(' — seen')[0]!;

describe("the cell whose own label names what was asked", () => {
  it('answers before a cell beside it in the same row', () => {
    expect(lead("What is the babysitter's mobile?", cards)).toBe('Babysitter: Mobile +44 7700 900456');
    expect(lead("What's the dentist's phone number?", cards)).toBe('Dentist: Tel. 020 7946 0011');
  });

  it('leaves a table row to its naming cell', () => {
    const t = 'Pool timetable — Aquaclub';
    const s = screen(t, pass('Session: Lane swim · Monday: 07:00 · Friday: 19:30', t, 5), pass('Session: Aqua aerobics · Monday: 10:15 · Friday: 18:00', t, 4));
    expect(lead('What time is aqua aerobics on Friday?', s)).toContain('18:00');
  });
});

describe('how to reach someone', () => {
  it('asks for a way to contact them, a number or an address', () => {
    for (const q of ['How can I reach the babysitter?', 'How do I get in touch with the electrician?', 'How do we contact the dentist?']) expect(askedKind(q)).toBe('contact');
    expect(askedKind('How do I reset the router?')).toBe('command');
    expect(lead('How can I reach the babysitter?', cards)).toContain('900456');
    expect(lead('How do I get in touch with the electrician?', cards)).toContain('900123');
  });
});
