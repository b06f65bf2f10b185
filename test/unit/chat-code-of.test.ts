import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Made-up screens, apart from the benchmark days: "the gate code" is a code said as one, not the
// number of a ticket about the gate.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-06T10:00:00.000Z';
const pass = (text: string, title: string, score: number, kind: PassageMatch['kind']): PassageMatch => screenPassage(text, title, score, at, { kind });
const screen = (title: string, ...passages: PassageMatch[]): NumberedMemory[] => browsedScreen(title, at, passages);
const tracker = 'Repairs — Block C residents';
const rows = [pass('MNT-4410 · Garage gate does not close · Open · Caretaker', tracker, 5, 'row'), pass('Ref: MNT-4398 · Issue: Lift stuck on floor 3 · Status: Fixed', tracker, 4, 'row')];

describe('the code of a thing the question names', () => {
  it('is not the number of a ticket about that thing', () => {
    const s = factSentence('What is the garage gate code?', screen(tracker, ...rows), fmt)!;
    expect(s.text).not.toContain('MNT-4410');
    expect(s.known).toBe(false);
    expect(factSentence("What's the PIN for the lift?", screen(tracker, ...rows), fmt)!.text).not.toContain('MNT-4398');
  });

  it('is the value said as its code, or under a label naming the thing', () => {
    const withCode = screen(tracker, ...rows, pass('Residents: the garage gate code is 7719 until March.', tracker, 3, 'paragraph'));
    expect(factSentence('What is the garage gate code?', withCode, fmt)!.text).toContain('7719');
    const labelled = screen('Building info — Block C', pass('Gate: 7719 · Bins: Tuesday', 'Building info — Block C', 5, 'row'));
    expect(factSentence('What is the gate code?', labelled, fmt)!.text).toContain('7719');
  });

  it('leaves codes that name their kind alone: which ticket, the booking code', () => {
    expect(factSentence('Which ticket is about the garage gate?', screen(tracker, ...rows), fmt)!.text).toContain('MNT-4410');
    const booking = screen('Your train — Ferrovia', pass('Booking reference: K7QZ2P · Coach: 4', 'Your train — Ferrovia', 5, 'row'));
    expect(factSentence("What's my booking code for the train?", booking, fmt)!.text).toContain('K7QZ2P');
  });
});
