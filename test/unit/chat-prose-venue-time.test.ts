import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Screens made up for this test, apart from the benchmark days: a bookings app with two bookings, a
// German concert ticket, an Italian restaurant confirmation, a Dutch theatre e-ticket. The question
// names the venue or the occasion; the time sits under a label that means "when it starts" for that
// kind of booking. The negatives: the other booking's time on the same page, a venue not listed.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T17:05:00.000Z';
const lead = (q: string, text: string, title: string) => factSentence(q, screenMemory('lines', text, title, AT, { fullSnippet: true }), fmt)!;
const first = (q: string, text: string, title: string) => lead(q, text, title).text.split(' — seen')[0]!;

describe('the time of a booking named by its venue', () => {
  const bookings = ['Your bookings', 'Trattoria Nonna Rosa', 'Table for 4 · Seating 20:15', 'Via Saragozza 31', 'City Museum', 'Guided tour · Entry 10:30', 'Meet at the north door'].join('\n');

  it('states the seating under the trattoria, not the museum entry on the same page', () => {
    const f = lead("When's dinner at the trattoria?", bookings, 'My bookings — Tablr');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^20:15 — Trattoria Nonna Rosa: Table for 4 · Seating 20:15/);
    expect(first('What time do we get into the museum?', bookings, 'My bookings — Tablr')).toMatch(/10:30/);
    expect(first('What time do we get into the museum?', bookings, 'My bookings — Tablr')).not.toMatch(/20:15/);
  });

  it('says nothing of a venue the page does not list', () => {
    const f = lead("When's lunch at the brasserie?", bookings, 'My bookings — Tablr');
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/^(?:20:15|10:30)/);
  });

  it('a German ticket: the start for "start", the doors for "get in"', () => {
    const ticket = ['Stadthalle Kassel', 'Ihre Tickets', 'Einlass 19:00', 'Beginn 20:00', 'Block C, Reihe 4, Platz 12'].join('\n');
    expect(first('When does the concert at the Stadthalle start?', ticket, 'Tickets — Stadthalle Kassel')).toMatch(/^20:00 — Stadthalle Kassel: Beginn 20:00/);
    const doors = first('What time can we get into the Stadthalle?', ticket, 'Tickets — Stadthalle Kassel');
    expect(doors).toMatch(/Einlass 19:00/);
    expect(doors).not.toMatch(/20:00/);
    // Both on one line, as a narrow ticket prints them.
    const narrow = ['Stadthalle Kassel', 'Ihre Tickets', 'Einlass 19:00 · Beginn 20:00', 'Block C, Reihe 4, Platz 12'].join('\n');
    expect(first('When does the concert at the Stadthalle start?', narrow, 'Tickets — Stadthalle Kassel')).toMatch(/^20:00 — /);
  });

  it('an Italian confirmation and a Dutch e-ticket: "Ora", "Aanvang" under the venue', () => {
    const osteria = ['Osteria del Ponte', 'Prenotazione confermata', 'Data: sabato 14 novembre', 'Persone: 2', 'Ora: 21:00'].join('\n');
    expect(first("When's our table at Osteria del Ponte?", osteria, 'Prenotazione — Osteria del Ponte')).toMatch(/21:00/);
    const theatre = ['Mijn tickets', 'Stadsschouwburg Utrecht', 'Zaal 2 · Aanvang 20:30', 'Poppodium Tivoli', 'Zaal 1 · Aanvang 22:00'].join('\n');
    expect(first('When does the play at the Stadsschouwburg begin?', theatre, 'Mijn tickets — Ticketbox')).toMatch(/^20:30 — Stadsschouwburg Utrecht: /);
    expect(first('When does the play at the Stadsschouwburg begin?', theatre, 'Mijn tickets — Ticketbox')).not.toMatch(/22:00/);
  });
});
