import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Made up for this test: a theatre booking, a French theatre ticket, a German concert ticket and a
// football ticket, each giving the time the doors open and the time the show starts; and a table
// booking that is no show.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const theatre = ['Hamlet', 'Sat 12 Dec', 'Doors 19:00', 'Performance 19:30', 'Stalls row F'];
const malade = ['Le Malade imaginaire', 'Samedi 12 décembre', 'Ouverture des portes : 19h30', 'Début du spectacle : 20h30', 'Placement libre'];
const requiem = ['Brahms: Ein deutsches Requiem', 'So 13.12.2026', 'Einlass 18:00', 'Beginn 19:00', 'Philharmonie, Block B'];
const match = ['Rovers v United', 'Sat 12 Dec 2026', 'Gates open 13:30', 'Kick-off 15:00', 'Block C, Row 12, Seat 7'];

describe('the start of a show, not its doors, and the doors when they are asked', () => {
  it('takes the start for "start", "begin", "kick off"', () => {
    expect(first('when does the play start?', theatre, 'National Theatre — Your booking')).toMatch(/Performance 19:30/);
    expect(first('when does the play start?', theatre, 'National Theatre — Your booking')).not.toMatch(/Doors 19:00/);
    expect(first('what time does the show start?', malade, 'Théâtre — Billets')).toMatch(/^20h30 — Début du spectacle/);
    expect(first('when does the concert begin?', requiem, 'Eventim — Tickets')).toMatch(/Beginn 19:00/);
    expect(first('when does the match kick off?', match, 'Ticketmaster — My tickets')).toMatch(/Kick-off 15:00/);
  });

  it('takes the doors for "doors", "gates", "admission"', () => {
    expect(first('when do the doors open?', malade, 'Théâtre — Billets')).toMatch(/^19h30 — /);
    expect(first('what time do the gates open?', match, 'Ticketmaster — My tickets')).toMatch(/^Gates open 13:30/);
    expect(first('when is admission for the concert?', requiem, 'Eventim — Tickets')).toMatch(/^Einlass: 18:00/);
  });

  it('gives no doors time as the start, nor a table\'s time as a show\'s', () => {
    expect(first('when does the play start?', theatre.filter((l) => !l.startsWith('Performance')), 'National Theatre — Your booking')).not.toMatch(/^19:00/);
    expect(first('when does the concert start?', ['Trattoria Da Enzo', 'Table for 2 at 20:00', 'Sat 12 Dec'], 'OpenTable')).not.toMatch(/20:00/);
  });
});
