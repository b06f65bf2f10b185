import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { refineAsked } from '../../agents/chat/asked-kinds.js';
import { attributeTerms } from '../../agents/chat/asked-attribute.js';
import { offlineStyle, styleOfflineText } from '../../agents/chat/offline-style.js';

// Screens made up for this test, apart from the benchmark days: each is a page about the question's
// topic that lacks what was asked of it (a near miss), and the same page with it (its pair). The pair
// stops a check that only refuses more: the asked value, once on the page, is stated.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const firstLine = (s: string) => s.split('\n')[0]!;

interface Pair {
  q: string;
  title: string;
  /** The page without the asked value. */
  page: string[];
  /** The line that holds it, put on the page for the pair. */
  asked: string;
  /** The value the pair states. */
  value: string;
  /** A value the near miss must not state as the answer. */
  wrong: string;
}

const PAIRS: Pair[] = [
  // A date, where the asked word labels another value on the page ("Amount due").
  { q: 'When is the invoice due?', title: 'Invoice — Brightline Studio', page: ['Invoice INV-2231', 'Invoice date: 3 Nov 2026', 'Amount due: €1,240.00', 'Payment method: bank transfer'], asked: 'Due date: 17 Nov 2026', value: '17 Nov 2026', wrong: '3 Nov 2026' },
  { q: 'When is the rent due?', title: 'Lease — Casa Aberta', page: ['Tenancy start: 1 Feb 2026', 'Rent: €1,450', 'Amount due at signing: €4,350'], asked: 'Rent due: 1 Mar 2026', value: '1 Mar 2026', wrong: '1 Feb 2026' },
  { q: 'When is the payment due for the gas bill?', title: 'Gas bill November — Lumen Energy', page: ['Gas bill — November', 'Bill date: 1 Dec 2026', 'Amount due: €84.30', 'Meter reading: 18 Nov 2026'], asked: 'Payment due: 15 Dec 2026', value: '15 Dec 2026', wrong: '1 Dec 2026' },
  { q: 'When is the exam for the driving course?', title: 'Driving course — Autoescola Sol', page: ['Theory lessons: Tue and Thu 18:00', 'Course fee: €420', 'Started: 3 Oct 2026'], asked: 'Exam date: 14 Jan 2027', value: '14 Jan 2027', wrong: 'Theory lessons' },
  // An amount, where the page gives other amounts of the same topic.
  { q: 'How much is the deposit on the car hire?', title: 'Car hire booking — Rentwise', page: ['Pick-up: 5 Dec 10:00, Faro airport', 'Return: 8 Dec 10:00', 'Car: VW Golf or similar', 'Total: €180.00'], asked: 'Security deposit: €300.00', value: '€300.00', wrong: 'closest I found' },
  { q: "What's the excess on my car insurance?", title: 'Car insurance — Vela', page: ['Policy number: VL-88213', 'Start date: 1 Jan 2026', 'Premium: €42.00 per month'], asked: 'Excess: €250.00', value: '€250.00', wrong: 'closest I found' },
  { q: 'How much is the cancellation fee for the hotel?', title: 'Your stay — Hotel Aurora', page: ['Room rate: €120 per night', 'Free cancellation until 10 Jan', 'Total: €360.00'], asked: 'Cancellation fee: €60.00', value: '€60.00', wrong: 'closest I found' },
  { q: 'How much is the late fee for the library book?', title: 'My loans — City Library', page: ['The Overstory', 'Due back: 30 Nov 2026', 'Renewals: 1 of 3', 'Reservation fee: €0.50'], asked: 'Late fee: €0.20 per day', value: '€0.20', wrong: 'closest I found' },
  // A count, where the page counts other things.
  { q: 'How many parking spaces come with the flat?', title: 'Flat details — Kamernet', page: ['Flat on Kanaalstraat', 'Size: 68 m²', 'Rooms: 3', 'Floor: 2'], asked: 'Parking spaces: 1', value: 'Parking spaces: 1', wrong: 'closest I found' },
  { q: 'How many nights is the hotel booking?', title: 'Your stay — Hotel Aurora', page: ['Hotel Aurora, Lisbon', 'Guests: 2', 'Room: Deluxe double', 'Total: €340.00'], asked: 'Nights: 3', value: 'Nights: 3', wrong: 'closest I found' },
  { q: 'How many guests is the table booked for?', title: 'Table booking — Tasca do Chico', page: ['Tasca do Chico', 'Date: Sat 12 Dec', 'Time: 20:00', 'Table: 14'], asked: 'Guests: 4', value: 'Guests: 4', wrong: 'closest I found' },
  // A person, where the page names another role (the one who asked, not the one who approved).
  { q: 'Who approved my leave request?', title: 'Leave request — PeopleHub', page: ['Leave request', 'Dates: 22 to 24 Dec', 'Submitted by: Ana Ribeiro', 'Status: Approved'], asked: 'Approved by: Marco Bianchi', value: 'Marco Bianchi', wrong: 'Submitted by' },
  // A value of any kind, where the page gives the topic's other settings.
  { q: "What's the wifi password at the cabin?", title: 'Cabin Birch — Guest info', page: ['Cabin Birch', 'Check-in: 16:00', 'Wifi network: BirchGuest', 'Parking: by the lake'], asked: 'Wifi password: pine-cone-42', value: 'pine-cone-42', wrong: 'closest I found' },
];

describe('a page about the topic without the asked thing: not found, with what it shows', () => {
  for (const c of PAIRS) {
    it(`near miss: ${c.q}`, () => {
      const f = lead(c.q, c.page, c.title);
      expect(f.known).toBe(false);
      expect(firstLine(f.text)).toMatch(/^I didn't find /);
      // It names the screen about the topic and lists what that screen does show, not as the answer.
      expect(firstLine(f.text)).toContain(c.title);
      expect(firstLine(f.text)).not.toMatch(new RegExp(`^[^:]*${c.wrong.replace(/[.*+?^${}()|[\]\\€]/g, '\\$&')}`));
      expect(f.cited).toEqual([1]);
    });
    it(`pair: ${c.q} — stated once the page says it`, () => {
      const f = lead(c.q, [...c.page.slice(0, 2), c.asked, ...c.page.slice(2)], c.title);
      expect(f.known).toBe(true);
      expect(firstLine(f.text)).toContain(c.value);
      expect(firstLine(f.text)).not.toMatch(/didn't find/);
    });
  }
});

describe('the value whose label says what was asked leads, not another of the topic', () => {
  it('states the gate, not the flight line that only names the topic', () => {
    const page = ['Flight SK 1341 Lisbon to Oslo', 'Departs 10:40', 'Gate B12', 'Seat 14C', 'Terminal 1'];
    expect(firstLine(lead('Which gate does my flight leave from?', page, 'Your trip — Skyline Air').text)).toMatch(/^Gate B12/);
    expect(firstLine(lead('Which terminal does my flight leave from?', page, 'Your trip — Skyline Air').text)).toMatch(/^Terminal 1/);
  });

  it('states the voltage, not the product line', () => {
    const f = lead('What is the voltage of the charger?', ['Voltix 65W USB-C charger', 'Weight: 180 g', 'Output voltage: 20 V', 'Cable length: 1.8 m'], 'Charger — Voltix');
    expect(firstLine(f.text)).toMatch(/^Output voltage: 20 V/);
  });

  it('answers "is there a pool" with the line that says pool, not the facilities heading', () => {
    const f = lead('Is there a pool at the hotel?', ['Hotel Aurora facilities', 'Free wifi in all rooms', 'Outdoor pool: open May to September', 'Gym: open 06:00 to 22:00'], 'Hotel Aurora — Facilities');
    expect(firstLine(f.text)).toMatch(/^Outdoor pool/);
  });
});

describe('values that answer although their own words do not repeat the question', () => {
  it('a heading with no value of its own over the hours is no other thing ("Opening hours" over Saturday)', () => {
    const f = lead('When does the bakery open on Saturday?', ['Padaria Lisboa', 'Opening hours', 'Mon to Fri 07:00 to 19:00', 'Sat 08:00 to 13:00'], 'Padaria Lisboa — Hours');
    expect(firstLine(f.text)).toContain('Sat 08:00 to 13:00');
    expect(firstLine(f.text)).not.toMatch(/didn't find/);
  });

  it('a question asking nothing apart from its topic is stated as before ("when is the team lunch")', () => {
    const f = lead('When is the team lunch?', ['Wednesday 23 December', '12:30 Team lunch at Bistro Lune', '15:00 Design review'], 'Calendar — Week 52');
    expect(f.known).toBe(true);
    expect(firstLine(f.text)).toContain('12:30');
  });
});

describe('what a question asks of its topic', () => {
  const attr = (q: string) => attributeTerms(q, refineAsked(q, askedValue(q)));
  const stems = (q: string) => refineAsked(q, askedValue(q)).terms;
  it('reads the asked part apart from the topic', () => {
    expect(attr('When is the invoice due?')).toEqual([stems('due')[0] ?? 'due']);
    expect(attr('How much is the deposit on the car hire?')).toEqual(['deposit']);
    expect(attr('What time does the concert finish?')).toEqual(['finish']);
    expect(attr('Which gate does my flight leave from?')).toContain('gate');
    expect(attr('Does the flat come with a dishwasher?')).toEqual(['dishwasher']);
    expect(attr('What time is breakfast at the hotel?')).toEqual(['breakfast']);
  });

  it('asks nothing apart from the topic when the kind says it all', () => {
    expect(attr('When is the team lunch?')).toEqual([]);
    expect(attr('Which day is my eye appointment?')).toEqual([]);
    expect(attr("What's my dentist's phone number?")).toEqual([]);
    // A verb that only says money is the kind asked, not more.
    expect(attr('How much did I spend at the garden centre?')).toEqual([]);
    expect(attr('How far is the hut?')).toEqual([]);
  });
});

describe('a visit is no guess at what was asked of the place visited', () => {
  it('does not offer the visit of a listing as whether the flat has a dishwasher', () => {
    const at = '2026-12-06T01:59:00.000Z';
    const title = 'Rua da Prata 14, Lisbon — flat for rent — Casa Aberta';
    const visit = screenMemory('lines', 'x', title, at, { memory: { title: `Browsed "${title}" in Chromium`, text: `Browsed "${title}" in Chromium, Sun 6 Dec 2026 01:59` } })[0]!;
    const f = factSentence('Does the Rua da Prata flat come with a dishwasher?', [{ ...visit, passages: [] }], fmt)!;
    expect(f.known).toBe(false);
    expect(f.hedged).toBe(false);
    expect(firstLine(f.text)).not.toContain('Browsed');
  });

  it('still offers a kept note that says it', () => {
    const at = '2026-12-06T01:59:00.000Z';
    const note = screenMemory('lines', 'x', 'Flat notes', at, { memory: { title: 'Flat notes', text: 'The Rua da Prata flat has a dishwasher and a washing machine.' } })[0]!;
    const f = factSentence('Does the Rua da Prata flat come with a dishwasher?', [{ ...note, passages: [] }], fmt)!;
    expect(firstLine(f.text)).toContain('dishwasher');
  });
});

describe('the near miss sentence in the language asked for', () => {
  it('frames it in German, the asked words and the screen as recorded', () => {
    const f = lead('How much is the deposit on the car hire?', PAIRS[4]!.page, PAIRS[4]!.title);
    const { text } = styleOfflineText(f.text, offlineStyle(['Please always answer in German.']));
    expect(text.startsWith('Ich habe „deposit“ auf deinen Bildschirmen nicht gefunden; am nächsten kommt: Total: €180.00')).toBe(true);
    expect(text).toContain('Car hire booking — Rentwise');
  });
});
