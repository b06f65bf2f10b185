import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Opening-hours pages made up for this test, apart from the benchmark days, that say the end of the
// day in other words than the question's "close": "Shuts at", "schließt", "ferme". The opening time
// beside it is no answer to when it closes.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-05T08:00:00.000Z';
const lead = (q: string, text: string, title: string) => factSentence(q, screenMemory('lines', text, title, AT, { fullSnippet: true }), fmt);
const said = (q: string, text: string, title: string) => lead(q, text, title)?.text.split(' — seen')[0];

const GYM = ['Pulse Gym Ostend', 'Opens  06:00', 'Shuts at  22:30', 'Staffed  09:00–17:00'].join('\n');

describe('the end of the day said in other words than "close"', () => {
  it('"shuts at" answers when a place closes', () => {
    expect(said('When does the gym close?', GYM, 'Pulse Gym — Hours')).toMatch(/Shuts at 22:30$/);
    expect(lead('What time does the gym close?', GYM, 'Pulse Gym — Hours')?.known).toBe(true);
  });

  it('a German and a French page say it in their words', () => {
    expect(said('When does the pharmacy close?', ['Löwen-Apotheke', 'Montag bis Freitag', 'Die Apotheke schließt um 21:00 Uhr'].join('\n'), 'Löwen-Apotheke — Öffnungszeiten')).toMatch(/21:00/);
    expect(said('What time does the pharmacy close?', ['Pharmacie du Port', 'Du lundi au samedi', 'La pharmacie ouvre à 08:30 et ferme à 19:30'].join('\n'), 'Horaires — Pharmacie du Port')).toMatch(/^(?:À )?19:30 — /);
  });

  it('not: the opening time for when it closes', () => {
    const opens = ['Pulse Gym Ostend', 'Opens  06:00', 'Staffed  09:00–17:00'].join('\n');
    expect(said('When does the gym close?', opens, 'Pulse Gym — Hours') ?? '').not.toMatch(/^(?:Pulse Gym Ostend: )?Opens 06:00/);
    expect(said('When does the gym open?', GYM, 'Pulse Gym — Hours')).not.toMatch(/Shuts at/);
  });
});
