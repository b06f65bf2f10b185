import type { Memory, PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { composeOfflineAnswer } from '../../agents/chat/offline-answer.js';
import type { ScreenOf } from '../../agents/chat/unmatched-screen.js';
import { meets, stem, stemsOf } from '../../agents/chat/asked-value.js';

// A scoring set made up for lead52, apart from the benchmark days: thirteen screens of different
// kinds (mail, chat, a table, a form, a letter, a calendar, a receipt, settings, a terminal, a
// ticket, a German tracking page, a note, an HR page; light and dark), each asked in everyday words,
// a third of the questions near misses nothing on screen answers. The search is simulated: a passage
// is found when it holds a content word of the question, ranked by how many; the whole screen of
// each memory found is readable by the lead (as unmatched-screen's reader gives it).
const fmt = new TimeFormatter('UTC');
const at = '2026-12-05T10:00:00.000Z';

interface Screen {
  id: string;
  app: string;
  title: string;
  kind: PassageMatch['kind'];
  lines: string[];
}

const SCREENS: Screen[] = [
  {
    id: 'mail', app: 'Thunderbird', title: 'Re: Boiler service visit — Inbox — Thunderbird', kind: 'paragraph',
    lines: [
      'From: Harlow Heating <bookings@harlowheating.co.uk>',
      'Hi Dana, your engineer Kofi Mensah will arrive between 8:00 and 12:00 on Tuesday 15 December.',
      'The annual service costs £89 including VAT, payable on the day.',
      'Please make sure the boiler is easy to reach and any pets are in another room.',
    ],
  },
  {
    id: 'chat', app: 'Slack', title: '#team-offsite — Slack (dark)', kind: 'lines',
    lines: [
      'Maya Chen 10:42 I booked the minibus, pickup at 7:15 from the office car park',
      "Tom Reyes 10:44 great, I'll bring the projector",
      'Maya Chen 10:45 lunch is at the Ferrybridge Inn, table for 14 at 13:00',
    ],
  },
  {
    id: 'sheet', app: 'LibreOffice Calc', title: 'Event budget 2027.ods — LibreOffice Calc', kind: 'row',
    lines: ['Item | Owner | Cost (EUR)', 'Venue hire | Priya Nair | 2,400', 'Catering | Leon Weber | 1,150', 'Printing | Priya Nair | 320'],
  },
  {
    id: 'form', app: 'Firefox', title: 'Change of address — Cardiff Council', kind: 'lines',
    lines: ['Full name: Irena Kowalczyk', 'New address: 14 Larch Road, Cardiff CF5 2QP', 'Date of move: 3 January 2027', 'Reference number: CA-558201'],
  },
  {
    id: 'letter', app: 'Document Viewer', title: 'Reminder from Northgate Dental.pdf', kind: 'paragraph',
    lines: [
      'Dear Mr Olsen, this is a reminder that your hygienist appointment is on Monday 11 January at 9:40 with Dr Amara Nwosu.',
      'If you cannot attend, please phone 029 2044 7710 at least 24 hours before.',
      'A late cancellation fee of £25 applies.',
    ],
  },
  {
    id: 'calendar', app: 'Calendar', title: 'Calendar — Week 51 (dark)', kind: 'lines',
    lines: ['Wed 16 Dec 14:00–15:00 Budget review with Finance (Room 3B)', 'Thu 17 Dec 09:30 Eye test at Specsavers', 'Fri 18 Dec 18:00 Office party at The Lantern'],
  },
  {
    id: 'receipt', app: 'Photos', title: 'Receipt — Green Basket Grocers', kind: 'row',
    lines: ['Oat milk 1L £1.85', 'Sourdough loaf £3.20', 'Free-range eggs x12 £4.10', 'Total £9.15', 'Paid by Visa ending 4471'],
  },
  {
    id: 'settings', app: 'Settings', title: 'Wi-Fi — Network details', kind: 'lines',
    lines: ['Network name: Birchwood-5G', 'Security: WPA3', 'IP address: 192.168.1.47', 'Router: 192.168.1.1', 'Data used this month: 38.2 GB'],
  },
  {
    id: 'terminal', app: 'Terminal', title: 'alex@build-01: ~/shop — bash', kind: 'code',
    lines: ['$ npm run migrate', 'Applied 12 migrations in 3.4s', '$ docker compose up -d db', 'Container shop-db-1 Started', '$ git checkout -b feature/cart-discounts', "Switched to a new branch 'feature/cart-discounts'"],
  },
  {
    id: 'ticket', app: 'Firefox', title: 'Your trip — Nordlys Rail', kind: 'lines',
    lines: ['Outbound: Oslo S → Bergen, Sat 9 January, departs 08:25, arrives 15:12', 'Coach 4, seat 61', 'Booking code: NR7KQ2'],
  },
  {
    id: 'parcel', app: 'Firefox', title: 'Sendungsverfolgung — DHL', kind: 'lines',
    lines: ['Voraussichtliche Zustellung: Donnerstag, 10.12.2026', 'Absender: Buchhandlung Meier', 'Sendungsnummer: 00340434161234567890'],
  },
  {
    id: 'note', app: 'Notes', title: 'Plant care', kind: 'paragraph',
    lines: ['Water the fiddle leaf fig every 10 days; the monstera likes a misting twice a week.', 'Repot the snake plant in April, into a pot one size up.'],
  },
  {
    id: 'leave', app: 'Firefox', title: 'Leave balance — PeopleHub', kind: 'lines',
    lines: ['Annual leave remaining: 11.5 days', 'Carried over from 2025: 3 days', 'Next public holiday: 25 December'],
  },
];

/** A question, and what its first line must say (`says`) or, for a near miss, must not (`not`). */
interface Case {
  q: string;
  says?: string;
  not?: string[];
}

export const CASES: Case[] = [
  { q: 'When is the boiler engineer coming?', says: '15 December' },
  { q: 'Who is coming to service the boiler?', says: 'Kofi Mensah' },
  { q: 'How much will the boiler service cost me?', says: '£89' },
  { q: "What's the heating engineer's mobile number?", not: ['8:00', '£89', '029'] },
  { q: 'What time is the minibus picking us up?', says: '7:15' },
  { q: "Who's bringing the projector to the offsite?", says: 'Tom Reyes' },
  { q: 'Where are we having lunch on the offsite?', says: 'Ferrybridge' },
  { q: 'What time does the minibus bring us back?', not: ['7:15', '13:00'] },
  { q: 'Who is bringing the snacks?', not: ['Tom Reyes', 'Maya Chen'] },
  { q: 'How much are we spending on catering?', says: '1,150' },
  { q: 'Who is looking after the printing?', says: 'Priya' },
  { q: 'How much is the travel budget for the event?', not: ['2,400', '1,150', '320'] },
  { q: 'When am I moving house?', says: '3 January' },
  { q: "What's the reference for my change of address?", says: 'CA-558201' },
  { q: 'What was my old address before the move?', not: ['Larch Road'] },
  { q: 'When is my appointment with the hygienist?', says: '11 January' },
  { q: 'Which number do I ring to cancel the dentist?', says: '2044 7710' },
  { q: 'How much do they charge if I cancel late?', says: '£25' },
  { q: 'How much does the hygienist appointment cost?', not: ['£25'] },
  { q: 'When is the budget review meeting?', says: '16 Dec' },
  { q: 'Where is the office party?', says: 'Lantern' },
  { q: 'When is the board meeting?', not: ['16 Dec', '17 Dec', '18 Dec', '14:00', '09:30', '18:00'] },
  { q: 'How much was the bread?', says: '£3.20' },
  { q: 'What did the eggs cost me?', says: '£4.10' },
  { q: 'How much did I pay for the cheese?', not: ['£1.85', '£3.20', '£4.10', '£9.15'] },
  { q: "What's my laptop's IP address?", says: '192.168.1.47' },
  { q: 'How much data have I used this month?', says: '38.2 GB' },
  { q: "What's the Wi-Fi password?", not: ['WPA3', 'Birchwood', '192.168'] },
  { q: 'What branch did I create for the cart discounts?', says: 'feature/cart-discounts' },
  { q: 'How many migrations ran?', says: '12' },
  { q: 'Which port does the shop database listen on?', not: ['3.4', '12', 'shop-db-1'] },
  { q: 'What time does my train to Bergen leave?', says: '08:25' },
  { q: 'Which seat do I have on the train?', says: '61' },
  { q: 'What time is the train back from Bergen?', not: ['08:25', '15:12'] },
  { q: 'When will my parcel arrive?', says: '10.12.2026' },
  { q: 'Who sent me the parcel?', says: 'Buchhandlung Meier' },
  { q: 'When should I repot the snake plant?', says: 'April' },
  { q: 'When should I repot the monstera?', not: ['April', 'twice a week'] },
  { q: 'How many days of annual leave do I have left?', says: '11.5' },
  { q: 'How many sick days have I taken this year?', not: ['11.5', '3 days'] },
];

const STOP = new Set('a an the what whats when where who whos which how much many is are was were do does did i me my we us our to for of on in at if it its be will should have has had this that with from by any back'.split(' '));
const words = (s: string) => s.toLowerCase().replace(/[’']s\b/g, '').split(/[^\p{L}\p{N}]+/u).filter((w) => w && !STOP.has(w)).map(stem);

function memory(s: Screen): Memory {
  return {
    id: `mem_${s.id}`, kind: 'episodic', title: `Used ${s.app}`, text: `Used ${s.app}, Sat 5 Dec 10:00–10:05 (5 min)`, details: '', fields: {}, app: s.app, occurred_at: at, ended_at: null,
    segment: 'seg_1', created_at: at, updated_at: at, access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
  };
}
const passage = (s: Screen, text: string, score: number): PassageMatch => ({
  kind: s.kind, text, marked: text, snippet: text, observation_id: `obs_${s.id}`, frame_id: null, seen_at: at, last_seen_at: at, sightings: 1, app: s.app, window_title: s.title, url: null, score, next: null,
});
const screens: ScreenOf = (m) => {
  const s = SCREENS.find((x) => `mem_${x.id}` === m.id);
  return s ? s.lines.map((l) => passage(s, l, 0)) : null;
};

/** The search, simulated: passages holding the question's content words (or its title's), ranked by how many. */
export function found(q: string): NumberedMemory[] {
  const asked = words(q);
  const hits = (text: string) => asked.filter((t) => meets(t, stemsOf(text))).length;
  const ranked = SCREENS.map((s) => {
    const inTitle = hits(s.title);
    const ps = s.lines.map((l) => passage(s, l, hits(l) + inTitle * 0.5)).filter((p) => p.score > 0);
    return { s, ps, score: ps.reduce((a, p) => a + p.score, 0) };
  })
    .filter((h) => h.ps.length)
    .sort((a, b) => b.score - a.score);
  return ranked.map((h, i) => ({ n: i + 1, memory: memory(h.s), source: 'search' as const, score: h.score, line: `Used ${h.s.app}`, passages: h.ps }));
}

export function firstLine(q: string): { first: string; text: string } {
  const o = composeOfflineAnswer({ numbered: found(q), timeRange: null, query: q, question: q, withheldCount: 0, fmt, screens });
  return { first: o.text.split('\n')[0]!, text: o.text };
}

const UNSURE = /^(I don't know|I didn't find|Not sure it is what you asked)/;

export function mark(c: Case): 'S' | 'A' | '-' | 'ok' | 'hedge' | 'WRONG' {
  const { first, text } = firstLine(c.q);
  if (c.says) return first.includes(c.says) ? 'S' : text.includes(c.says) ? 'A' : '-';
  const stated = c.not!.some((v) => first.includes(v));
  if (!stated) return 'ok';
  return /^Not sure it is what you asked/.test(first) ? 'hedge' : UNSURE.test(first) ? 'ok' : 'WRONG';
}

