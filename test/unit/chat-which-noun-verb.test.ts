import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedValue } from '../../agents/chat/asked-value.js';

// Made up for this test: a holiday flat's check-in note, a gym's welcome mail, a chat about dinner.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T16:15:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? null;
const said = (line: string | null) => line !== null && !/^(?:I don't know|I didn't find|Not sure)/.test(line);

const flat = ['Casa Luna — your stay', 'Check-in from 15:00', 'Door code: 4417#', 'Wifi: LunaGuest / sol-y-mar'];
const gym = ['Welcome to Ironworks', 'Your membership starts Monday', 'Locker PIN: 2208', 'Front desk opens at 06:00'];

describe('"which code opens the door": the word after the asked noun is its verb', () => {
  it('reads the -s form after "which/what + noun" as a verb the screen need not say', () => {
    const a = askedValue('Which code opens the door?');
    expect(a.loose).toContain('open');
    expect(askedValue('Which app shows my steps?').loose).toContain('show');
    // Not a plural noun after "which": "which shows are on" asks about shows.
    expect(askedValue('Which shows are on tonight?').loose).not.toContain('show');
  });

  it('states the labelled code for the thing it opens', () => {
    expect(first('Which code opens the door?', flat, 'Casa Luna — Airbnb')).toMatch(/4417#/);
    expect(first('What PIN opens my locker?', gym, 'Welcome — Ironworks')).toMatch(/2208/);
  });

  it('does not state a code for a thing the screen gives none for', () => {
    expect(said(first('Which code opens the garage?', flat, 'Casa Luna — Airbnb'))).toBe(false);
    expect(said(first('What code opens the sauna?', gym, 'Welcome — Ironworks'))).toBe(false);
  });
});

describe('a restaurant named by its kind in its own language', () => {
  const chat = ['Family group', 'Sam: booked us a table at Osteria Nonna for 8 tomorrow', 'Me: perfect, see you there'];
  const mail = ['Reservierungsbestätigung', 'Gasthaus Zum Löwen, Marktplatz 4', 'Samstag, 19:30 Uhr, 4 Personen'];
  it('states the place whose name says what kind it is', () => {
    expect(first('Which restaurant did Sam book?', chat, 'Family group — WhatsApp')).toMatch(/Osteria Nonna/);
    expect(first('Which restaurant did we book for us four?', mail, 'Reservierung — Mail')).toMatch(/Gasthaus Zum Löwen/);
  });
  it('does not take another kind of place for a restaurant', () => {
    const hotel = ['Booking confirmed', 'Albergo Roma, Via Nazionale 12', 'Check-in 14:00'];
    expect(said(first('Which restaurant did Sam book?', hotel, 'Booking — Mail'))).toBe(false);
  });
});
