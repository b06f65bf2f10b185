import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { listInOneCell } from '../../agents/chat/list-label.js';

// Made up for this test: a theatre's e-ticket, a clinic's offer of slots, a film diary. A plural asked
// ("which seats") is a list, left to the evidence; unless a screen holds the list in one cell labelled
// with that noun, which is then stated.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T16:15:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? null;

const ticket = ['Your tickets — Showbox', 'Hamlet — National Theatre', 'Section: Stalls · Row: C · Seats: 7 and 8', 'Doors open: 19:00 · Curtain: 19:30'];
const clinic = ['Northside Physio', 'Appointment offer for Sam Okafor', 'Slot  Tue 8 Dec 09:15, Thu 10 Dec 16:40', 'Reply by Friday'];

describe('a list held in one cell labelled with the asked noun', () => {
  it('states the cell, asked in other words than the page', () => {
    expect(first('Which seats do we have for Hamlet?', ticket, 'Your tickets — Showbox')).toMatch(/Seats: 7 and 8/);
    expect(first('What seats did we get at the National Theatre?', ticket, 'Your tickets — Showbox')).toMatch(/7 and 8/);
    // The label in the singular holds the list too.
    expect(first('Which slots did the physio offer me?', clinic, 'Appointment offer — Northside Physio')).toMatch(/Tue 8 Dec 09:15, Thu 10 Dec 16:40/);
  });

  it('leaves a list no cell is labelled with to the evidence', () => {
    expect(first('Which films did I watch at the National Theatre?', ticket, 'Your tickets — Showbox')).toBeNull();
    const diary = ['Film diary', 'Mon: Paterson', 'Wed: Aftersun', 'Sat: Past Lives'];
    expect(first('Which films did I watch this week?', diary, 'Film diary — Letterboxd')).toBeNull();
    // A label that only starts with the noun is another thing ("Doors open" is when, not which doors).
    expect(listInOneCell('Which doors are we to use?', [{ text: ticket.join('\n') }])).toBe(false);
    expect(listInOneCell('Which seats are free?', [{ text: 'Seating plan\nRow A: sold out' }])).toBe(false);
  });
});
