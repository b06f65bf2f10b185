import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { refineAsked } from '../../agents/chat/asked-kinds.js';
import { sideFit } from '../../agents/chat/asked-qualifier.js';
import { nounSenses } from '../../agents/runtime/index.js';

// Screens made up for this test, apart from the benchmark days and from the rules they judge. Each
// near miss is a page about the question's topic that lacks the asked kind or the asked side of it
// (no phone number, only the start, only the way out); its pair is the same page with the asked fact,
// which must then be stated, with no hedge. The positives are values of the asked kind whose label is
// not the question's word.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const firstLine = (s: string) => s.split('\n')[0]!;

interface Pair {
  q: string;
  title: string;
  /** The page without the asked fact. */
  page: string[];
  /** The line that gives it, put on the page at `at` for the pair. */
  asked: string;
  at: number;
  /** What the pair states. */
  value: string;
  /** The sibling the near miss must not state. */
  sibling?: string;
}

const PAIRS: Pair[] = [
  // A phone number asked, none on the page.
  { q: "What is the insurer's phone number?", title: 'Claim CL-4471 — Segura Seguros', page: ['Claim CL-4471', 'Insurer: Segura Seguros', 'Status: Under review', 'Last update: 2 Dec 2026'], asked: 'Claims line: +351 213 456 789', at: 3, value: '+351 213 456 789' },
  { q: "What's the plumber's number?", title: 'Job #5521 — FixIt Plumbing', page: ['Job: leaking kitchen tap', 'Plumber: Rui Matos', 'Visit: Tue 8 Dec 09:00–11:00', 'Quote: €85.00'], asked: 'Mobile: 912 345 678', at: 3, value: '912 345 678', sibling: '5521' },
  // The end of a thing asked, its start shown.
  { q: 'What time will the audit be finished?', title: 'Warehouse audit — Planner', page: ['Warehouse audit', 'Date: Thu 10 Dec 2026', 'Starts: 09:00', 'Auditor: Kim Lee'], asked: 'Finishes: 15:30', at: 3, value: '15:30', sibling: '09:00' },
  { q: 'When does the webinar end?', title: 'Tax basics webinar — Zoomly', page: ['Tax basics for freelancers', 'Starts 14:00 CET', 'Host: Joana Paiva'], asked: 'Ends 15:00 CET', at: 2, value: '15:00', sibling: '14:00' },
  { q: 'When does the lease end?', title: 'Lease — Casa Aberta', page: ['Lease start: 1 Feb 2026', 'Rent: €1,450', 'Notice period: 2 months'], asked: 'Lease end: 31 Jan 2027', at: 1, value: '31 Jan 2027', sibling: '1 Feb 2026' },
  { q: 'What time does the pharmacy close today?', title: 'Farmácia Central — hours', page: ['Farmácia Central', 'Opens today at 08:00', 'Rua Augusta 12'], asked: 'Closes today at 20:00', at: 2, value: '20:00', sibling: '08:00' },
  // The way back asked, the way out shown.
  { q: 'When does the return ferry leave?', title: 'Ferry booking — Ilha Azul', page: ['Ferry booking FB-2291', 'Outbound: Sat 12 Dec, departs 08:30 Lisbon to Cacilhas', 'Passengers: 2'], asked: 'Return: Sun 13 Dec, departs 18:15 Cacilhas to Lisbon', at: 2, value: '18:15', sibling: '08:30' },
  { q: 'When is my flight back?', title: 'My trip — Aerolux', page: ['Flight AX 1354 Lisbon to Paris', 'Departs Fri 4 Dec 07:10', 'Seat 22A'], asked: 'Return flight AX 1355 Paris to Lisbon, Sun 6 Dec 19:40', at: 3, value: '19:40', sibling: '07:10' },
  // The arrival asked, the departure shown (and the other way round).
  { q: 'What time does the train arrive in Porto?', title: 'Ticket — Comboios', page: ['Intercity 521 Lisboa to Porto', 'Departure 09:00 Lisboa Oriente', 'Coach 5, seat 41'], asked: 'Arrival 11:49 Porto Campanhã', at: 2, value: '11:49', sibling: '09:00' },
  { q: 'When does the parcel arrive?', title: 'Track parcel — Parcelo', page: ['Parcel 8812-PT', 'Shipped: Wed 2 Dec 2026', 'Carrier: Parcelo Express'], asked: 'Estimated arrival: Fri 4 Dec 2026', at: 2, value: '4 Dec 2026', sibling: '2 Dec 2026' },
  { q: 'What time does the flight depart?', title: 'Flight LX 2085 — status', page: ['Flight LX 2085 Zurich to Lisbon', 'Arrives 14:05', 'Gate D4'], asked: 'Departs 11:40', at: 1, value: '11:40', sibling: '14:05' },
  // An address asked, a phone number shown.
  { q: "What's the landlord's email address?", title: 'Tenancy — Verhuur Centrum', page: ['Landlord: Pieter de Vries', 'Rent: €1,200 per month', 'Phone: +31 6 1234 5678'], asked: 'Email: pieter@devries-verhuur.nl', at: 2, value: 'pieter@devries-verhuur.nl', sibling: '+31 6 1234 5678' },
  { q: 'What email should I send the form to?', title: 'Visa form — Consulate', page: ['Visa application form', 'Send the signed form with two photos.', 'Office hours: Mon to Fri 09:00 to 12:00'], asked: 'Email: visas@consulate.example.org', at: 2, value: 'visas@consulate.example.org' },
  // A price asked, only the time and place shown.
  { q: 'How much does the yoga class cost?', title: 'Yoga flow — Studio Lumen', page: ['Yoga flow', 'Tue 18:30–19:45', 'Teacher: Mia Berg', 'Spaces left: 4'], asked: 'Drop-in price: €14.00', at: 2, value: '€14.00' },
  { q: 'What is the price of the concert ticket?', title: 'Moon Quartet in concert — Aula Magna', page: ['Moon Quartet live', 'Doors 19:30', 'Row F, seat 12'], asked: 'Price: €35.00', at: 2, value: '€35.00' },
  // A person asked, a chat about the thing with nobody named for it.
  { q: "Who is the driver they're sending?", title: 'Chat — Fleet desk', page: ['Fleet desk 09:10', 'We will send a driver for the van tomorrow morning.', 'Ana Costa 09:12', 'Great, thanks, the keys are at reception.'], asked: 'Your driver is Rui Santos.', at: 2, value: 'Rui Santos' },
];

describe('a page about the topic without the asked kind or side: nothing stated', () => {
  for (const c of PAIRS) {
    it(`near miss: ${c.q}`, () => {
      const f = lead(c.q, c.page, c.title);
      expect(f.known).toBe(false);
      // Not a guess either: "I didn't find …; the closest shows" or "I don't know".
      expect(f.hedged).toBe(false);
      expect(firstLine(f.text)).toMatch(/^I (?:didn't find|don't know)/);
      if (c.sibling) expect(firstLine(f.text).split(';')[0]).not.toContain(c.sibling);
    });
    it(`pair: ${c.q} — stated once the page gives it`, () => {
      const f = lead(c.q, [...c.page.slice(0, c.at), c.asked, ...c.page.slice(c.at)], c.title);
      expect(f.known).toBe(true);
      expect(f.hedged).toBe(false);
      expect(firstLine(f.text)).toContain(c.value);
      if (c.sibling) expect(firstLine(f.text).split(' — seen')[0]).not.toContain(c.sibling);
    });
  }

  it('says which side it did not find, with what the page shows', () => {
    const ferry = PAIRS.find((c) => c.q.includes('return ferry'))!;
    expect(firstLine(lead(ferry.q, ferry.page, ferry.title).text)).toMatch(/^I didn't find "return" on your screens; the closest shows: Outbound: Sat 12 Dec/);
    const audit = PAIRS.find((c) => c.q.includes('audit'))!;
    expect(firstLine(lead(audit.q, audit.page, audit.title).text)).toMatch(/^I didn't find "finished" on your screens; the closest shows: Starts: 09:00/);
  });
});

interface Positive {
  q: string;
  title: string;
  page: string[];
  value: string;
}

// The label is not the question's word: the value's kind (a number to ring, a price, a time) and
// the question's specific words on its page say it is the one asked for.
const POSITIVES: Positive[] = [
  { q: 'What\'s the number for the taxi company?', title: 'Taxis Lisboa', page: ['Taxis Lisboa', 'Bookings: 217 932 756', 'Open 24 hours'], value: '217 932 756' },
  { q: "What's the electrician's number?", title: 'Contacts — Home', page: ['Electrician: Volt Services', '213 555 019', 'Plumber: Rui Matos', '912 345 678'], value: '213 555 019' },
  { q: "What's the vet's number?", title: 'Clínica Veterinária Estrela', page: ['Clínica Veterinária Estrela', 'Vet: Dr. Sara Lima', 'Tel. 218 400 122', 'Open Mon to Sat'], value: '218 400 122' },
  { q: "What's the number for the school office?", title: 'Escola Básica do Castelo — Contacts', page: ['Escola Básica do Castelo', 'School office', '213 000 456', 'office@eb-castelo.example.pt'], value: '213 000 456' },
  { q: 'When is the guitar class?', title: 'Guitar for adults — Escola Som', page: ['Guitar for adults', 'Thursdays 19:00', 'Teacher: Luís'], value: 'Thursdays 19:00' },
  { q: 'When is the salsa lesson?', title: 'Salsa nights — Clube Latino', page: ['Salsa for beginners', 'Fridays 21:00', 'Bring comfortable shoes'], value: 'Fridays 21:00' },
  { q: 'How much is the museum ticket?', title: 'Visit — Museum of Design', page: ['Museum of Design', 'Adults: €12.00', 'Under 12: free'], value: '€12.00' },
  { q: 'How much does the pilates class cost?', title: 'Pilates — Studio Lumen', page: ['Mat pilates', 'Wed 08:00–08:50', 'Single visit: €12.50'], value: '€12.50' },
  { q: 'When is dinner?', title: 'Booking confirmed — Tasca do Chico', page: ['Tasca do Chico — dinner reservation', 'Seating 20:30', 'Party of 4'], value: '20:30' },
  { q: 'What number do I give at the counter?', title: 'Chat — Click & Collect', page: ['Your order is ready.', 'Pickup code 7741', 'Show it at the counter.'], value: '7741' },
];

describe('a value of the asked kind under another label: stated, no hedge', () => {
  for (const c of POSITIVES) {
    it(c.q, () => {
      const f = lead(c.q, c.page, c.title);
      expect(f.known).toBe(true);
      expect(f.hedged).toBe(false);
      expect(firstLine(f.text)).toContain(c.value);
    });
  }
});

describe('the general word of a compound may go unmet, never the word that tells siblings apart', () => {
  it('does not take a home policy for the car insurance asked', () => {
    const f = lead('How much is the premium on my car insurance?', ['Home insurance — policy HI-2231', 'Premium: EUR 264 per year', 'Renewal: 1 Mar 2027'], 'Policies — Vela Seguros');
    expect(f.known).toBe(false);
  });

  it('does not take another class for the yoga class asked', () => {
    const f = lead('How much does the yoga class cost?', ['Spin class', 'Drop-in price: €11.00', 'Tue 18:30'], 'Classes — Studio Lumen');
    expect(f.known).toBe(false);
  });
});

describe("a noun's generality, by its WordNet senses", () => {
  it('counts a general word above a specific one, through its inflected forms', () => {
    expect(nounSenses('class')).toBeGreaterThan(nounSenses('yoga'));
    expect(nounSenses('tickets')).toBe(nounSenses('ticket'));
    expect(nounSenses('ticket')).toBeGreaterThan(nounSenses('concert'));
  });
  it('knows no name, so a name is never the general word', () => {
    expect(nounSenses('zoomly')).toBe(0);
    expect(nounSenses('42')).toBe(0);
  });
});

describe('the side a question asks', () => {
  const fit = (q: string, near: string[]) => sideFit(q, refineAsked(q, askedValue(q)), near).fit;
  it('reads a span as giving its end, and the nearest words first', () => {
    expect(fit('When does the webinar end?', ['14:00–15:00 CET'])).toBe('meets');
    expect(fit('When does the webinar end?', ['Starts 14:00'])).toBe('other');
    expect(fit('When does the webinar end?', ['14:00', 'Ends at'])).toBe('meets');
    expect(fit('When does the webinar end?', ['Thu 10 Dec 14:00'])).toBe('unsaid');
  });

  it('takes a page\'s default side when nothing says the other', () => {
    expect(fit('When does the train leave?', ['Intercity 521 09:00'])).toBe('meets');
    expect(fit('When does the train leave?', ['Arrival 11:49'])).toBe('other');
    expect(fit('When does the gym open?', ['Closes 22:00'])).toBe('other');
  });

  it('reads the side in the languages screens use', () => {
    expect(fit('When does the return train leave?', ['Rückfahrt: So 13.12. 18:15'])).toBe('meets');
    expect(fit('When does the return train leave?', ['Ida: sáb 12 dez 08:30'])).toBe('other');
    expect(fit('What time does the bus arrive?', ['Chegada 11:49'])).toBe('meets');
    // A word ending in an accented letter is a word: "até" (until) gives the closing time.
    expect(fit('When does the pharmacy close?', ['Aberta hoje até 20:00'])).toBe('meets');
    expect(fit("What time does grandma's train get in?", ['la abuela llega en el tren de las 18:40'])).toBe('meets');
  });

  it('asks no side of a question that names none, or both', () => {
    expect(fit('When is the audit?', ['Starts 09:00'])).toBe('none');
    expect(fit('How much is the home insurance?', ['Starts 1 Jan'])).toBe('none');
    expect(fit('When does the course start and end?', ['Starts 09:00'])).toBe('none');
  });
});

describe('an arrival said by the place arrived at, or in other words', () => {
  it('takes the time beside the place the question arrives in', () => {
    const f = lead('What time does the train arrive in Porto?', ['Intercity 521', 'Lisboa Oriente 09:00', 'Porto Campanhã 11:49', 'Coach 5, seat 41'], 'Ticket — Comboios');
    expect(f.known).toBe(true);
    expect(firstLine(f.text)).toContain('11:49');
  });

  it('takes "gets in" for arrives', () => {
    const f = lead("What time does Dad's train arrive on Sunday?", ['Dad: my train gets in at 16:40 on Sunday', 'Me: great, see you at the station'], 'Chat — Family');
    expect(f.known).toBe(true);
    expect(firstLine(f.text)).toContain('16:40');
  });
});

describe('the side asked is checked beside the value, not met as a noun', () => {
  it('states a span for "when does it finish", the page never saying "finish"', () => {
    const f = lead('When does the yoga class finish?', ['Yoga flow', 'Tue 18:30–19:45', 'Teacher: Mia Berg'], 'Yoga — Studio Lumen');
    expect(f.known).toBe(true);
    expect(firstLine(f.text)).toContain('19:45');
  });

  it('reads a thing given back apart from a journey back: "due" answers "due back", a pick-up does not', () => {
    const book = lead('When is the library book due back?', ['The Overstory', 'Due: 30 Nov 2026', 'Renewals: 1 of 3'], 'My loans — City Library');
    expect(book.known).toBe(true);
    expect(firstLine(book.text)).toContain('30 Nov 2026');
    const bike = lead('When do I have to return the cargo bike?', ['Cargo bike rental', 'Pick-up: Sat 5 Dec 10:00'], 'Cargo bike rental — Velo');
    expect(bike.known).toBe(false);
    expect(firstLine(bike.text).split(';')[0]).not.toContain('5 Dec');
  });
});

describe('a value said in a sentence is held to the same check', () => {
  it('does not state the way out said in a message for the way back, and states the way back once said', () => {
    const out = ['#trip', 'Rui Costa 09:12', 'The outbound ferry leaves at 08:30 from Cais do Sodré, get there 15 minutes early.'];
    const f = lead('When does the return ferry leave?', out, '#trip — Teamly');
    expect(f.known).toBe(false);
    expect(firstLine(f.text).split(';')[0]).not.toContain('08:30');
    const both = [...out, 'Ana Lima 09:15', 'And the return ferry leaves Cacilhas at 18:15 on Sunday.'];
    const g = lead('When does the return ferry leave?', both, '#trip — Teamly');
    expect(g.known).toBe(true);
    expect(firstLine(g.text)).toContain('18:15');
  });
});
