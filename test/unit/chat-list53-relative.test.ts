import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Made up for this test: an airline booking in English and one in German, a circus ticket, each
// giving one time counted from another of its times.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const ba = ['Flight BA 492 London → Madrid', 'Departs 07:40 · Terminal 5', 'Check-in closes 45 min before departure', 'Boarding closes 20 min before departure'];
const lh = ['Lufthansa — Ihre Buchung', 'LH 1234 München → Lissabon', 'Abflug 06:10 · Terminal 2', 'Check-in schließt 40 Min. vor Abflug'];
const ovo = ['Cirque du Soleil — Ovo', 'Show 20:00', 'Doors open 1 hour before the show'];

describe('a time counted from another time of its page', () => {
  it('counts the clock time of the asked thing from the event the page times', () => {
    expect(first('when does check-in close?', ba, 'British Airways — Manage booking')).toMatch(/^06:55 — Check-in closes 45 min before departure \(Departs 07:40/);
    expect(first('by what time do I have to be boarded? when does boarding close?', ba, 'British Airways — Manage booking')).toMatch(/^07:20 — Boarding closes/);
    expect(first('when does check-in close for the Lufthansa flight?', lh, 'Lufthansa')).toMatch(/^05:30 — Check-in schließt 40 Min\. vor Abflug/);
    expect(first('what time do the doors open?', ovo, 'Ticketmaster — Ovo')).toMatch(/^19:00 — Doors open 1 hour before the show/);
  });

  it('says the relative time as written when the page does not time the event, and nothing for another thing', () => {
    expect(first('when does check-in close?', ba.filter((l) => !l.startsWith('Departs')), 'British Airways — Manage booking')).toMatch(/^Check-in closes 45 min before departure/);
    // The gate is not check-in nor boarding.
    expect(first('when does the gate close?', ba, 'British Airways — Manage booking')).not.toMatch(/06:55|07:20/);
    // A flight the page does not name; asked when it opens, a closing time is no answer.
    expect(first('when does check-in close for the Ryanair flight?', lh, 'Lufthansa')).not.toMatch(/05:30/);
    expect(first('when does check-in open?', ba, 'British Airways — Manage booking')).not.toMatch(/06:55/);
  });
});
