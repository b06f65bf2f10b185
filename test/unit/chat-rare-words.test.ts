import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Screens made up for this test, apart from the benchmark days and from the rules they judge: chats,
// bookings and status pages in several apps and languages whose words for the asked thing are not the
// question's ("Seating" for the lunch, "visitor code" for the code given at the reception desk). Each
// case is a pair: the page with the line that answers, which must be stated, and the same page without
// it, which must say it found nothing (no guess at another line).
const fmt = new TimeFormatter('UTC');
const AT = '2027-06-14T08:15:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const firstLine = (s: string) => s.split('\n')[0]!;
const NOT_FOUND = /^I (?:didn't find|don't know)/;

interface Pair {
  q: string;
  title: string;
  /** The page without the answer. */
  page: string[];
  /** The line that answers, put on the page at `at`. */
  answer: string;
  at: number;
  /** What the answer states. */
  value: string[];
  /** Offered as a guess (judge's own, which the rarest words do not override), with the value in it. */
  guess?: true;
}

const PAIRS: Pair[] = [
  // A chat message says the code, with the place but not the question's word for it ("desk").
  { q: 'What code do I give at the reception desk?', title: 'Team chat — Slackish', page: ['Sara Lind 09:12', "I'll be late, start without me", 'Tom Reyes 09:14', 'ok, see you at 10'], answer: "tell them the visitor code 5512 at reception, it's all booked", at: 1, value: ['5512'] },
  // The booking's page names the place, and its labels are not the question's words.
  { q: 'When is the lunch at the bistro?', title: 'Booking confirmed · Bistro Lumière', page: ['Booking confirmed', 'Bistro Lumière', 'Party 2 people', 'Rue Blanche 4, Paris'], answer: 'Date Friday 18 June\nSeating 12:45', at: 3, value: ['18 June', '12:45'] },
  // An Italian confirmation for an English question, its title naming the city.
  { q: 'When does our train to Salzburg leave?', title: 'Venezia → Salzburg · Conferma prenotazione — Trenitalia', page: ['Conferma prenotazione', 'Carrozza 4, posto 22'], answer: 'Partenza sabato 3 luglio 2027, ore 06:40', at: 1, value: ['06:40'], guess: true },
  // A phone asked of the firm a claim went to: a claim number is no phone, the firm's line is.
  { q: "What's the phone number of the agency handling the claim?", title: 'Claim status — MyInsure', page: ['Claim status', 'Submitted to Nordic Claims AS on 12-03, claim no. NC-88-1', 'Next step: assessment'], answer: 'Nordic Claims AS · phone +47 22 33 44 55', at: 2, value: ['+47 22 33 44 55'], guess: true },
  // The end asked, the start shown: the end once the page gives it.
  { q: 'What time will the audit be over on Monday?', title: 'Calendar — Week 24', page: ['Monday 14 June', 'Audit starts 09:00', 'Lunch 12:30'], answer: 'Audit ends 15:30', at: 2, value: ['15:30'] },
];

describe('a value of the asked kind on the line that names the rarest asked words is stated; the same page without it is not found', () => {
  for (const c of PAIRS) {
    it(`stated: ${c.q}`, () => {
      const f = lead(c.q, [...c.page.slice(0, c.at), ...c.answer.split('\n'), ...c.page.slice(c.at)], c.title);
      expect(f.known).toBe(!c.guess);
      expect(f.hedged).toBe(!!c.guess);
      expect(firstLine(f.text)).not.toMatch(NOT_FOUND);
      for (const v of c.value) expect(firstLine(f.text)).toContain(v);
    });
    it(`not found: ${c.q}`, () => {
      const f = lead(c.q, c.page, c.title);
      expect(f.known).toBe(false);
      expect(f.hedged).toBe(false);
      expect(firstLine(f.text)).toMatch(NOT_FOUND);
    });
  }
});

describe('the asked thing met nowhere: not found, no guess', () => {
  it('a contact card that is based in the city asked is no flight there', () => {
    const card = ['Ingrid Berg', 'Product designer, based in Oslo', 'Phone +47 912 34 567', 'Joined 3 March 2024'];
    const f = lead('When does my flight to Oslo leave?', card, 'Contacts — Ingrid Berg');
    expect(f.known).toBe(false);
    expect(f.hedged).toBe(false);
    expect(firstLine(f.text)).toMatch(NOT_FOUND);
    expect(firstLine(f.text)).not.toContain('3 March 2024');
    // The pair: the flight on the page, said with it, is the answer.
    const booked = lead('When does my flight to Oslo leave?', [...card, 'Flight SK 4411 to Oslo departs Fri 18 June 07:10'], 'Contacts — Ingrid Berg');
    expect(firstLine(booked.text)).toContain('07:10');
    expect(firstLine(booked.text)).not.toMatch(NOT_FOUND);
  });

  it('a code for another place than the one asked is not stated', () => {
    const f = lead('What code do I give at the reception desk?', ['Sara Lind 09:12', 'the parking code is 7731, the barrier is on the left', 'Tom Reyes 09:14', 'thanks!'], 'Team chat — Slackish');
    expect(f.known).toBe(false);
    expect(firstLine(f.text)).not.toContain('7731');
  });

  it('a name said in passing on a page about another thing is no tie to the asked one', () => {
    const doc = ['Payments Platform Q1 OKRs (draft)', 'Objective 1: faster payouts', 'Comments welcome until Friday'];
    const f = lead("When's my one-on-one with Ruth?", doc, 'Payments Platform OKRs — Team docs');
    expect(firstLine(f.text)).toMatch(NOT_FOUND);
    const g = lead("When's my one-on-one with Ruth?", [...doc, "Next steps: review with Ruth's leadership group on 17 December"], 'Payments Platform OKRs — Team docs');
    expect(g.known).toBe(false);
    expect(firstLine(g.text)).not.toContain('17 December');
  });

  it('an amount asked of a thing no screen names is not a figure on a page the title ties to the question', () => {
    // A terminal on a host whose name shares a word with the question, a disk report's decimals read as an amount.
    const term = ['ana@flat-box ~/code/blog $ ./publish.sh', 'ERROR: publish failed after 12s', 'ana@flat-box ~/code/blog $ df -h /var/lib/docker', 'Filesystem      Size  Used Avail Use’ · /dev/nvme0n1p2  4766  4706  1.86  99%'];
    const f = lead('How much rent do I pay for my flat?', term, 'ana@flat-box: ~/code/blog');
    expect(f.known).toBe(false);
    expect(firstLine(f.text)).not.toContain('1.86');
    // The pair: a page that says the rent is the answer.
    const g = lead('How much rent do I pay for my flat?', ['Tenancy — Flat 3, Harbour Row', 'Monthly rent: £1,150.00', 'Deposit held: £1,300.00'], 'Tenancy — Flat 3 · Lettings portal');
    expect(firstLine(g.text)).toContain('1,150.00');
  });

  it('two lines that name the asked place with two values: neither is stated', () => {
    const f = lead('When is the lunch at the bistro?', ['Booking confirmed · Bistro Lumière', 'Seating 12:45', 'Seating 19:30', 'Party 2 people'], 'Booking confirmed · Bistro Lumière');
    expect(f.known).toBe(false);
    expect(firstLine(f.text)).not.toMatch(/^Seating/);
  });
});
