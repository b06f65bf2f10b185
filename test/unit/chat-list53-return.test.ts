import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Made up for this test: a car hire reservation, a German ski rental, a library's loans (one date a
// book) and a flat to let. The question asks when a thing has to go back in words other than the
// page's ("Return by", "Rückgabe bis", "Due back").
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const car = ['Your rental', 'Vehicle: VW Polo or similar', 'Pick-up: Thu 10 Dec 09:00, Faro Airport', 'Return by: Mon 14 Dec 10:00, Faro Airport'];
const skis = ['Skiverleih Alpin — Ihre Reservierung', 'Ski-Set Allround, 6 Tage', 'Abholung: 19.12.2026', 'Rückgabe bis: 26.12.2026, 17 Uhr'];
const loans = ['My loans', 'The Overstory', 'Borrowed 20 Nov', 'Due back 18 Dec', 'Piranesi', 'Borrowed 27 Nov', 'Due back 25 Dec'];

describe('the date a thing has to be given back by', () => {
  it('states the return date, its weekday with it, not the pick-up', () => {
    expect(first('when is the rental car due back?', car, 'Sixt — Reservation')).toMatch(/^Mon 14 Dec — Return by/);
    expect(first('when must I return the hire skis?', skis, 'Skiverleih')).toMatch(/^26\.12\.2026 — Rückgabe bis/);
    expect(first('when should we bring back the skis?', skis, 'Skiverleih')).toMatch(/^(?:26\.12\.2026 — )?Rückgabe bis: 26\.12\.2026/);
  });

  it('takes the date of the item asked, in a list of items each with its own', () => {
    expect(first('when is Piranesi due back?', loans, 'City Library — Account')).toMatch(/^25 Dec/);
    expect(first('when is The Overstory due back?', loans, 'City Library — Account')).toMatch(/^(?:18 Dec — )?Due back 18 Dec/);
  });

  it('gives no other date for it', () => {
    // No return date on the page: not the pick-up's.
    expect(first('when is the rental car due back?', car.slice(0, 3), 'Sixt — Reservation')).toMatch(/^(?:I didn't find|I don't know)/);
    // A date of a flat is no plumber's visit.
    expect(first('when is the plumber coming?', ['2-bed flat, Elm Road', 'Available from 3 Jan', '£1,250 pcm'], 'Rightmove — Elm Road')).not.toMatch(/3 Jan/);
  });
});
