import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { journeyRowOf, journeySide } from '../../agents/chat/journey-row.js';

// Made up for this test: an airline's trips page, a coach booking, a German rail app, a coach
// line's tickets and a ferry's sailings. Each trip is a row with no labels: the leaving time first,
// the arriving time second. Asked in everyday words ("land", "get into", "set off"), never the row's.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const flights = ['Your flights', 'LH 2031  FRA → LIS  07:05  09:45', 'Sat 12 Dec  ·  Economy', 'Passenger: Marta Silva'];
const flightsTitle = 'Lufthansa - My bookings';
const trip = ['Your trip', 'Outbound  LH 2031  FRA → LIS  07:05  09:45', 'Sat 12 Dec', 'Return  TP 578  LIS → FRA  14:10  18:20', 'Sat 19 Dec'];
const coach = ['Booking FX92KL', 'Manchester Shudehill 06:40  London Victoria 11:25', 'Coach 540 · Tue 15 Dec', '2 adults'];
const coachTitle = 'National Express — Manage booking';
const bahn = ['Ihre Reise', 'ICE 577  Köln Hbf 08:12  München Hbf 12:45', 'Do 17. Dez · Gleis 6', '1 Erwachsener, 2. Klasse'];
const sailings = ['Sailings', 'Sat 12 Dec  Holyhead → Dublin  08:55  12:10', 'Sun 13 Dec  Holyhead → Dublin  14:10  17:25'];

describe('a trip written as a row without labels', () => {
  it('states the second time for arriving and the first for leaving', () => {
    const land = first('when do we land?', flights, flightsTitle);
    expect(land).toMatch(/^Arrives 09:45/);
    expect(first('what time do we get into Lisbon?', flights, flightsTitle)).toMatch(/^Arrives 09:45/);
    expect(first('when does the coach leave?', coach, coachTitle)).toMatch(/^Leaves 06:40/);
    expect(first('what time do we get to London?', coach, coachTitle)).toMatch(/^Arrives 11:25/);
    expect(first('when does our train get in?', bahn, 'DB Navigator — Ihre Reise')).toMatch(/^Arrives 12:45/);
    expect(first('when does the bus get to Leeds?', ['Megabus', '08:15 York → 09:05 Leeds', 'Tue 15 Dec'], 'Megabus — tickets')).toMatch(/^Arrives 09:05/);
  });

  it('takes the way back, or the asked day, of a page of several trips', () => {
    expect(first('when does our flight back land?', trip, flightsTitle)).toMatch(/^Arrives 18:20/);
    expect(first('when does the ferry on Sunday set off?', sailings, 'Stena Line')).toMatch(/^Leaves 14:10/);
    // Neither asked: both trips, each with its route, not one as if it were the only.
    const both = first('when do we land?', trip, flightsTitle);
    expect(both).toMatch(/09:45 — Outbound.*18:20 — Return/);
  });

  it('says nothing for the wrong end, the wrong vehicle, or rows that are no trip', () => {
    // The row leaves Frankfurt: it says nothing of leaving Lisbon.
    expect(first('when do we leave Lisbon?', flights, flightsTitle)).not.toMatch(/07:05|09:45/);
    expect(first('when does the train leave?', flights, flightsTitle)).not.toMatch(/07:05|09:45/);
    expect(first('when does the ferry on Monday leave?', sailings, 'Stena Line')).not.toMatch(/08:55|14:10/);
    expect(journeyRowOf('Meeting room 2 to Room 4  10:00  11:00', 'Outlook')).toBeNull();
    expect(journeyRowOf('Pottery taster  14:00–17:30', 'Eventbrite')).toBeNull();
    expect(journeySide('how long is the flight?')).toBeNull();
    expect(journeySide('what time does the museum open?')).toBeNull();
  });
});
