import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { spanAsked } from '../../agents/chat/time-span.js';

// Made up for this test: an events page, a German course listing, a rota's night shift, a hotel
// confirmation, a French holiday flat and a booking over New Year. Each gives the two ends of a thing
// and not its length; the question asks the length in its own words.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const pottery = ['Pottery taster workshop', 'Saturday 12 December', '14:00–17:30', 'Clay Studio, 4 Mill Lane', 'Bring an apron'];
const day = ['Open day programme', 'Welcome talk  10:00 – 10:45', 'Campus tour  11:00 – 12:30', 'Lunch in the hall'];
const hotel = ['Hotel Aurora, Porto', 'Check-in  Fri 11 Dec 2026 from 15:00', 'Check-out  Mon 14 Dec 2026 until 11:00', '2 guests · Double room'];

describe('how long, counted from the two ends a screen gives', () => {
  it('counts the hours of the asked thing from its start and end', () => {
    expect(first('how long is the workshop?', pottery, 'Eventbrite - Pottery taster')).toMatch(/^3 h 30 min \(14:00–17:30\)/);
    // The tour, not the talk beside it on the same programme.
    expect(first('how long does the campus tour last?', day, 'Open day — Northfield University')).toMatch(/^1 h 30 min \(Campus tour\s+11:00 – 12:30/);
    expect(first('how many hours is the night shift?', ['Rota week 50', 'Night shift', 'Thu 10 Dec  22:00 – 06:00', 'Staff: Priya'], 'Rota')).toMatch(/^8 h \(Thu 10 Dec\s+22:00 – 06:00\)/);
    expect(first('how long is the yoga class?', ['Yoga suave', 'Martes de 19:00 a 20:15', 'Sala 2'], 'Centro Arjuna — Clases')).toMatch(/^1 h 15 min/);
  });

  it('counts the nights between arriving and leaving', () => {
    expect(first('how many nights are we staying?', hotel, 'Booking.com — Confirmation')).toMatch(/^3 nights \(Fri 11 Dec 2026 to Mon 14 Dec 2026\)/);
    expect(first('how long are we staying at the gîte?', ['Gîte des Tilleuls', 'Arrivée', 'samedi 19 décembre', 'Départ', 'samedi 26 décembre'], 'Gîtes de France — Réservation')).toMatch(/^7 nights/);
    expect(first('how many nights is the cabin booked for?', ['Cabin by the lake', 'Check-in Dec 30', 'Check-out Jan 2'], 'Airbnb — Trips')).toMatch(/^3 nights/);
  });

  it('counts nothing when one end is missing, the thing is not named, or the span is another kind', () => {
    expect(first('how long is the workshop?', pottery.filter((l) => l !== '14:00–17:30'), 'Eventbrite - Pottery taster')).not.toMatch(/\d h/);
    // The open day names no workshop: neither the talk's nor the tour's length is the workshop's.
    expect(first('how long is the workshop?', day, 'Open day — Northfield University')).not.toMatch(/45 min|1 h 30 min/);
    expect(first('how many nights are we staying?', hotel.filter((l) => !l.startsWith('Check-out')), 'Booking.com — Confirmation')).not.toMatch(/nights? \(/);
    // A flight's row: its times may be in two zones.
    expect(first('how long is the flight?', ['LH 2031  FRA → LIS  07:05  09:45'], 'Lufthansa')).not.toMatch(/2 h 40 min/);
    expect(spanAsked('how long ago did I book the hotel?')).toBeNull();
    expect(spanAsked('how long will it take me to walk to the station?')).toBeNull();
    expect(spanAsked('how long is the warranty?')).toBeNull();
  });
});
