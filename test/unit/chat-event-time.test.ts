import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedEvent, eventTime } from '../../agents/chat/event-time.js';
import { askedValue } from '../../agents/chat/asked-value.js';

// Made up for this test: a courier's tracking page, a supermarket's order, a rail booking, a gig
// ticket (dark app), a Dutch rental listing and a letting agent's viewing card. Each asks when an
// event happens in everyday words ("show up", "leave", "get in", "free", "go and see") while the
// screen labels the date its own way; another date of the same page is never the answer.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-04T09:30:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt);
const first = (q: string, lines: string[], title: string) => lead(q, lines, title)?.text.split('\n')[0] ?? '';

const tracking = ['Shipment 88-1902', 'Order placed  Wed 2 Dec', 'Dispatched  Thursday 3 December', 'Expected delivery', 'Monday 7 December', 'between 09:00 and 13:00', 'Contents: two-burner camping stove'];
const trackTitle = 'Track shipment 88-1902 — Northpost';

describe('when an event happens, asked in everyday words', () => {
  it('states the date under the label of the asked event, not the order or dispatch date', () => {
    const s = first('When should my camping stove show up?', tracking, trackTitle);
    expect(s).toMatch(/^Expected delivery: Monday 7 December, between 09:00 and 13:00/);
    expect(first('When is the stove going to arrive?', tracking, trackTitle)).toMatch(/7 December/);
  });

  it('does not state another date when the page gives none for the event', () => {
    const noDate = tracking.filter((l) => !/Expected delivery|Monday 7|09:00/.test(l));
    const r = lead('When should my camping stove show up?', noDate, trackTitle);
    // Neither the dispatch date nor the order date is said as when it arrives.
    expect(r?.known ?? false).toBe(false);
    // A tracking page of another parcel (running shoes) does not say when the stove comes.
    const other = tracking.map((l) => l.replace('two-burner camping stove', 'trail running shoes'));
    const o = lead('When should my camping stove show up?', other, trackTitle);
    expect(o?.known ?? false).toBe(false);
  });

  it('reads a delivery slot of a food order', () => {
    const order = ['Order 5521 · 14 items', 'Whole milk 2 L  € 2.19', 'Rye bread  € 3.10', 'Delivery slot  Saturday 12 December, 10:00 – 11:00', 'Delivery fee  € 2.50', 'Ordered on Friday 4 December'];
    expect(first('When is my food order turning up?', order, 'Your order — Greenbasket groceries')).toMatch(/^Delivery slot: Saturday 12 December, 10:00 – 11:00/);
  });

  it('tells the departure from the arrival on a journey', () => {
    const train = ['Booking TX44-KQ · 1 adult, Railcard', 'London Kings Cross → Leeds', 'Departs 08:12 · Arrives 10:47 · Coach C, seat 42'];
    const title = 'Your train to Leeds — Railhop';
    expect(first('What time does my train to Leeds leave?', train, title)).toMatch(/Departs:? 08:12/);
    expect(first('When does my train to Leeds get there?', train, title)).toMatch(/^Arrives: 10:47/);
    // A journey to another city is not this one, nor is a booking that does not say it is the train.
    expect(lead('What time does my train to York leave?', train, title)?.known ?? false).toBe(false);
    const q = 'What time does my train to Leeds leave?';
    expect(eventTime(q, askedValue(q), [{ text: train.join('\n'), title: 'Your journey to Leeds — Coachway', page: train.join('\n'), rank: 1, item: 1 }])).toBeNull();
    expect(eventTime(q, askedValue(q), [{ text: train.join('\n'), title, page: train.join('\n'), rank: 1, item: 1 }])?.value).toBe('08:12');
  });

  it('reads when the doors open for "when can we get in", not the start', () => {
    const gig = ['Your gig tickets', 'Marla Reyes — live at The Lantern Rooms', 'Fri 18 Dec 2026', 'Entry 18:45 · Support 19:30 · Headliner 20:45', '2 × standing'];
    expect(first('What time can we get into the gig?', gig, 'Tickets — Lantern Rooms')).toMatch(/^Entry: 18:45/);
  });

  it('reads from when a flat is free in another language, and only the named one', () => {
    const listing = ['Appartement te huur — Oudegracht 210, Utrecht', 'Huurprijs € 1.450 per maand', 'Beschikbaar vanaf 1 maart 2027', 'Opzegtermijn 1 maand'];
    const title = 'Oudegracht 210 — appartement te huur — Woonzoek';
    expect(first('From when is the Oudegracht flat free?', listing, title)).toMatch(/1 maart 2027/);
    expect(lead('From when is the Vondelstraat flat free?', listing, title)?.known ?? false).toBe(false);
  });

  it('reads a viewing booked for "when do I go and see the house"', () => {
    const card = ['3-bed terrace, Mill Lane', 'Viewing', 'Wednesday 9 December, 17:15', 'Ask for Dev at the door', 'Listed 28 November'];
    expect(first('What time do I go and see the house?', card, 'Mill Lane house — Keyline Lettings')).toMatch(/17:15/);
  });

  it('asks no event for a deadline or an end', () => {
    expect(askedEvent('By when must the parcel be delivered?')).toBeNull();
    expect(askedEvent('When does the gig finish?')).toBeNull();
    expect(askedEvent('Who delivered the parcel?')).toBeNull();
  });
});
