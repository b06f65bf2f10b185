import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { occasionWords } from '../../shared/text/index.js';

// Made up for this test: e-tickets and orders as box offices, clubs and cinemas send them. They name
// the show, the band or the teams, never "the play", "the gig" or "the match" a person asks about.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T16:15:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? null;
const said = (line: string | null) => line !== null && !/^(?:I don't know|I didn't find|Not sure)/.test(line);

const theatre = ['Your tickets — Showbox', 'The Seagull — Lyric Hammersmith', 'Thursday 17 December 2026', 'Stalls · Row: K · Seat: 12', 'Running time 2h 40 incl. interval'];
const club = ['Order GB-2291 — Gigbox', 'Wet Leg — Live at the Roundhouse', 'Fri 11 Dec · Doors 19:30', 'Standing · Entry: Gate B', 'Total paid £84.00'];
const football = ['Mobile ticket — Tottenham Hotspur', 'Spurs vs Brentford · Premier League', 'Sun 13 Dec · Kick-off 14:00', 'South Stand · Block 112 · Row 9 · Seat 31', 'Turnstile: 34'];
const cinema = ['Booking confirmed — Everyman', 'Past Lives (12A)', 'Sat 19 Dec 20:15 · Screen 2', 'Seats: F7, F8'];

describe('an occasion asked by its kind, on a ticket that names only the show', () => {
  it('states the ticket\'s row, gate or seat for the play, the gig, the match and the film', () => {
    expect(first('Which row are we in for the play?', theatre, 'Your tickets — Showbox')).toMatch(/Row: K/);
    expect(first('What row am I sitting in at the theatre?', theatre, 'Your tickets — Showbox')).toMatch(/Row: K/);
    expect(first('Which gate do we go in at for the gig?', club, 'Order GB-2291 — Gigbox')).toMatch(/Gate B/);
    expect(first('Which turnstile do I use for the match?', football, 'Mobile ticket — Tottenham Hotspur')).toMatch(/34/);
    expect(first('What seats have we got for the movie?', cinema, 'Booking confirmed — Everyman')).toMatch(/F7, F8/);
  });

  it('reads the show\'s own name above a lone date line as the ticket\'s topic', () => {
    expect(first('Which row are we in for The Seagull?', theatre, 'Your tickets — Showbox')).toMatch(/Row: K/);
    expect(first('What did the Wet Leg tickets cost?', club, 'Order GB-2291 — Gigbox')).toMatch(/84\.00/);
  });

  it('does not take a ticket of another kind, or a page that is no ticket, for the occasion', () => {
    // A concert is no football match: the club's gate is not the stadium's.
    expect(said(first('Which turnstile do I use for the match?', club, 'Order GB-2291 — Gigbox'))).toBe(false);
    // The cinema sells no stalls seats for a play.
    expect(said(first('Which row are we in for the play?', cinema, 'Booking confirmed — Everyman'))).toBe(false);
    // A garden centre's order has a gate code and a row of plants, and no show.
    const garden = ['Order 5521 — GreenThumb', 'Delivery to the back gate', 'Gate code: 4490', 'Hedge row: 12 beech whips'];
    expect(said(first('Which gate do we go in at for the gig?', garden, 'Order 5521 — GreenThumb'))).toBe(false);
  });

  it('has words for the occasions people name, none for other words', () => {
    expect(occasionWords('Gig')).toContain('doors');
    expect(occasionWords('match')).toContain('kick-off');
    expect(occasionWords('opera')).toContain('stalls');
    expect(occasionWords('seat')).toEqual([]);
    expect(occasionWords('meeting')).toEqual([]);
  });
});
