import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { bookedCountOf, countedAsked } from '../../agents/chat/booked-count.js';

// How many tickets or people a booking is for (issue 30): the count a booking prints under its own
// label (Guests, Anzahl, couverts) or the sum of its ticket lines, never its price. Every screen is
// made up for this test; each has a negative (no count shown, items that are no people, seat numbers).
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const first = (f: { text: string }) => f.text.split('\n')[0]!;

describe('tickets bought, one line a kind of ticket', () => {
  const cinema = ['Order summary', 'Screen 4 · Fri 27 Nov 20:15', '2 x Adult £12.50', '1 x Child £8.00', 'Booking fee £1.50', 'Total £34.50'];

  it('adds the ticket lines up, not the price', () => {
    const f = lead('How many tickets did I buy?', cinema, 'Your tickets — Picturehouse');
    expect(f.known).toBe(true);
    expect(first(f)).toMatch(/^3 tickets/);
    expect(first(f)).not.toMatch(/^Total|34\.50 —/);
  });

  it('reads a German order whose count is labelled (Anzahl), not its seat numbers', () => {
    const eventim = ['Bestellung 2026-4471', 'Konzert: Kammerorchester Basel', 'Block C, Reihe 12, Plätze 31-34', 'Anzahl: 4', 'Gesamtpreis 236,00 €'];
    const f = lead('How many tickets did I get for the Kammerorchester concert?', eventim, 'Tickets — Kammerorchester Basel');
    expect(first(f)).toMatch(/^4 tickets/);
    expect(bookedCountOf('tickets', ['Block C, Reihe 12, Plätze 31-34'])).toBeNull();
  });

  it('says no count when the order shows only prices', () => {
    const f = lead('How many tickets did I buy?', ['Order summary', 'Booking fee £1.50', 'Total £34.50'], 'Your tickets — Picturehouse');
    expect(f.known && /34\.50|1\.50/.test(first(f))).toBe(false);
  });
});

describe('people a booking is for', () => {
  it('a restaurant booking: its guests, a French one its couverts', () => {
    const en = lead('How many people are coming to the dinner?', ['Booking confirmed', 'Osteria Nonna', 'Saturday 12 December, 19:30', 'Guests: 4', 'Table 12'], 'Reservation — Osteria Nonna');
    expect(first(en)).toMatch(/^4 people/);
    expect(first(en)).not.toContain('12');
    const fr = lead('How many of us are on the booking at Le Comptoir?', ['Le Comptoir du Marché', 'Réservation confirmée', 'Vendredi 4 décembre · 20h00', '6 couverts', 'Terrasse'], 'Réservation — Le Comptoir');
    expect(first(fr)).toMatch(/^6 people/);
  });

  it('adds adults and children of a train booking', () => {
    const f = lead('How many passengers are on the ferry booking?', ['Ferry booking DX-2231', 'Rosslare → Cherbourg', 'Adults 2', 'Children 1', 'Vehicle: car up to 1.85 m', 'Total €412.00'], 'My booking — ferry');
    expect(first(f)).toMatch(/^3 people/);
  });

  it('counts no items of a shop order as people', () => {
    expect(bookedCountOf('people', ['2 x Masking tape £4.00', '1 x Paint roller £6.50'])).toBeNull();
    expect(bookedCountOf('tickets', ['2 x Adult £12.50', '1 x Child £8.00'])?.count).toBe(3);
    const f = lead('How many people are coming to the dinner?', ['HomeBase DIY', '2 x Masking tape £4.00', '1 x Paint roller £6.50', 'Total £10.50'], 'Order — HomeBase DIY');
    expect(f.known && /^\d+ people/.test(first(f))).toBe(false);
  });
});

describe('seats a plan includes are no booking', () => {
  it('reads no count from a row of figures, nor a plan question as a booking', () => {
    expect(bookedCountOf('tickets', ['Seats 3 25 unlimited'])).toBeNull();
    expect(countedAsked('How many seats does the Starter plan include?')).toBeNull();
    expect(countedAsked('How many seats did we reserve for the show?')).toBe('tickets');
  });
});
