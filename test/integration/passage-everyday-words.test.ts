import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { openTempStore, removeTempStore } from '../helpers/temp-store.js';

/**
 * Issue 30: the screen is found, but the line that answers says it in the screen's words, not the
 * question's: "one-on-one" is "1:1" in a calendar, "a month" is "per month" on a letting page,
 * "ring" is a card's "Phone". And a value comes back with the line that names it, above or under it.
 * Made-up screens in other shapes than the bench's pages.
 */
const AT = Date.parse('2026-05-04T09:00:00Z');
const CALENDAR = [
  'Week 19 · Team calendar',
  'Design crit with Priya and Tom ⏎ 11:00 – 12:00 · Room Kepler'.replace(/ ⏎ /g, '\n'),
  'Lunch and learn: Priya on accessibility ⏎ 12:30 – 13:15'.replace(/ ⏎ /g, '\n'),
  'Hiring sync with Priya ⏎ 15:00 – 15:30'.replace(/ ⏎ /g, '\n'),
  '1:1 Sam / Priya ⏎ Friday 16:00 – 16:30'.replace(/ ⏎ /g, '\n'),
].join('\n\n');
const LETTING = [
  'Homesearch',
  'Two-bedroom flat on Elm Road with a garden, close to the park and the station.',
  'The rent is reviewed every twelve months; a deposit of five weeks of rent is held by the agency.',
  'Tenants pay council tax and energy; water is included in the rent.',
  'Elm Road, Leeds LS6 ⏎ £ 950 per month, bills not included'.replace(/ ⏎ /g, '\n'),
].join('\n\n');
const SERVICE = [
  'Heatwise · Boiler service plan',
  'Your boiler was last serviced in March. Next service due in September.',
  'Jane Whitfield, site manager',
  'Phone',
  '0161 496 0732',
  'Opening hours: weekdays 08:00 – 18:00',
].join('\n\n');
const TICKETS = [
  'Railgo · Your tickets',
  'Your e-tickets are in the app; show the QR code at the gate or to the guard on board.',
  // The times are a row of the page's table (columns apart), the route the line under it.
  'Tue 3 Mar 2027    06:40    09:15',
  'Leeds (LDS) → London Kings Cross (KGX)',
  'Kings Cross is step-free from the street to every platform, and lifts go down to the Underground.',
  'Bikes travel free on this route but must be booked in advance at least a day before you travel.',
  'Change or refund your ticket up to the day before; after that, the ticket is valid only on the day.',
].join('\n\n');
const TRACKER = [
  'Backlog › WEB-311 Checkout shows duplicate coupon lines',
  'A coupon applied twice shows two lines in the basket and the discount is taken once. Happens after a page reload.',
  'Steps: add a coupon, reload the checkout page, look at the summary.',
  'Status ⏎ In review ⏎ Owner ⏎ Lena'.replace(/ ⏎ /g, '\n'),
  'Due date ⏎ 22 May 2026 ⏎ Labels ⏎ checkout'.replace(/ ⏎ /g, '\n'),
].join('\n\n');

describe('the line that answers in the screen\'s own words comes back with its screen', () => {
  let dir: string;
  let store: EngramStore;
  let n = 0;
  const visit = (title: string, text: string) => {
    const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: AT + n * 60_000, app: 'Chromium', title, url: null, text, caption: null });
    store.memories.insert({ kind: 'episodic', title: `Browsed "${title}" in Chromium`, text: 'Looked at the page', occurred_at: AT + n++ * 60_000, provenance: [{ source_type: 'observation', source_id: o.id }] });
    return o.id;
  };
  const passagesOf = async (query: string, title: string, asked?: string) => {
    const hits = await store.search({ query, ...(asked ? { asked } : {}) });
    const hit = hits.find((h) => h.memory.title.includes(title));
    return (hit?.passages ?? []).map((p) => p.text);
  };

  beforeEach(async () => {
    ({ dir, store } = await openTempStore('engram-everyday-words-'));
    n = 0;
  });
  afterEach(async () => {
    await removeTempStore(store, dir);
  });

  it('"one-on-one" finds the calendar\'s "1:1" among lines that all name the person', async () => {
    visit('Week 19 — Calendar', CALENDAR);
    const texts = await passagesOf("When's my one-on-one with Priya?", 'Calendar');
    expect(texts[0]).toContain('1:1 Sam / Priya');
  });

  it('"monthly rent" finds "per month", not the lines that repeat "rent" and "months"', async () => {
    visit('Flat to rent, Elm Road — Homesearch', LETTING);
    const texts = await passagesOf('What is the monthly rent on the Elm Road flat?', 'Elm Road');
    expect(texts[0]).toContain('£ 950 per month');
  });

  it('"who do I ring" finds the card\'s "Phone" with the number under it', async () => {
    visit('Boiler service — Heatwise', SERVICE);
    const texts = await passagesOf('Who do I ring about the boiler service?', 'Heatwise');
    expect(texts[0]).toMatch(/Jane Whitfield, site manager\s+Phone/);
    expect(texts[1]).toContain('0161 496 0732');
  });

  it('a departure time right above the route line the question names comes back with it', async () => {
    visit('Your tickets — Railgo', TICKETS);
    const texts = await passagesOf('What time is my train to London?', 'Railgo');
    expect(texts[0]).toContain('London Kings Cross (KGX)');
    expect(texts[1]).toContain('06:40');
  });

  it('"by when", dropped from the search words, still finds the tracker\'s "Due date"', async () => {
    visit('WEB-311 Checkout shows duplicate coupon lines — Tracker', TRACKER);
    // The chat searches with the question's content words and hands the question as asked beside them.
    const texts = await passagesOf('duplicate coupon bug fixed', 'WEB-311', 'By when does the duplicate coupon bug have to be fixed?');
    expect(texts[0]).toContain('Due date');
  });

  it('a question without everyday words keeps the order its own words give', async () => {
    visit('Flat to rent, Elm Road — Homesearch', LETTING);
    const texts = await passagesOf('Is water included on the Elm Road flat?', 'Elm Road');
    expect(texts[0]).toContain('water is included');
  });

  it('a screen cited by many memories does not crowd the other screens out of the lines ranked within', async () => {
    // One chat screen cited by its visit and a dozen facts read from it; the tracker, found lower, must still be read line by line.
    const chat = visit('#checkout-team — Chat', ['Lena: the duplicate coupon fix is in review', 'Tom: duplicate coupon lines again on staging', 'Lena: duplicate coupon test added'].join('\n\n'));
    for (let i = 0; i < 13; i++)
      store.memories.insert({ kind: 'semantic', title: `Chat fact ${i}`, text: `A fact read from the chat (${i})`, occurred_at: AT, provenance: [{ source_type: 'observation', source_id: chat }] });
    visit('WEB-311 Checkout shows duplicate coupon lines — Tracker', TRACKER);
    const texts = await passagesOf('duplicate coupon fixed', 'WEB-311', 'By when does the duplicate coupon bug have to be fixed?');
    expect(texts[0]).toContain('Due date');
  });
});
