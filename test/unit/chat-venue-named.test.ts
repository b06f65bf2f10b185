import { describe, expect, it } from 'vitest';
import { askedValue } from '../../agents/chat/asked-value.js';
import { venueTime } from '../../agents/chat/venue-time.js';

// Made up for this test: two viewing pages and a club's fixtures page. A name the question gives is
// the booking's own: a page that shares only a common word with the question is another booking's.
const src = (text: string, context: string) => [{ text, context, item: context }];

describe('a booking asked by its name', () => {
  it("takes the time of the booking that says the question's name, not one sharing a word", () => {
    const q = 'When is the viewing of the flat in Ringsend?';
    const other = src('Flat viewing — Portobello Road\nViewing start 14:00\nBring photo ID', 'Lettings — Harbour Homes');
    expect(venueTime(q, askedValue(q), other)).toBeNull();
    const own = src('Flat viewing — Ringsend, 2 bed\nViewing start 11:00\nBring photo ID', 'Lettings — Harbour Homes');
    expect(venueTime(q, askedValue(q), own)?.time).toBe('11:00');
  });

  it('reads a day named in the question as when, not as the name of the booking', () => {
    const q = 'When does the quiz start on Friday?';
    const page = src('Pub quiz night\nFri 11 Dec\nStart 20:00', 'Events — The Anchor');
    expect(venueTime(q, askedValue(q), page)?.time).toBe('20:00');
  });
});
