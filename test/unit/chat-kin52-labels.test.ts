import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence, type FactSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { cell } from '../helpers/screen-words.js';

// Screens made up for this test: an HR profile, a team page, a gym timetable, a restaurant receipt,
// a tenancy agreement, a payslip, a router's page, a practice's page, a vet's card and a council's
// bin page. Each labels its value in the site's word ("Reports to", "Gratuity", "Security bond",
// "Network key"); each question asks in a person's own word ("my manager", "the tip", "the deposit",
// "the wifi password"), and each has a sibling value the question must not take.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-27T18:40:00.000Z';

/** A sure lead's sentence without where it was seen; "(not stated) …" otherwise. */
const said = (f: FactSentence | null) => (!f ? '(nothing)' : f.known ? f.text.split(' — seen')[0]! : `(not stated) ${f.text}`);

type Rows = [string, string][];
const without = (rows: Rows, ...labels: string[]) => rows.filter(([l]) => !labels.includes(l));

/** A form of label/value rows under a heading, read by OCR a row at a time ("Label   value"), with its word boxes. */
function form(q: string, heading: string, rows: Rows, title: string): string {
  const fw: FrameWords = { width: 1280, height: 800, words: [...cell(heading, 40, 40), ...rows.flatMap(([l, v], i) => [...cell(l, 40, 100 + 56 * i), ...cell(v, 600, 100 + 56 * i)])] };
  const text = [heading, ...rows.map(([l, v]) => `${l}   ${v}`)].join('\n');
  const numbered = screenMemory('lines', text, title, AT, { frameId: 'frm_kin', fullSnippet: true });
  return said(factSentence(q, numbered, fmt, (id) => (id === 'frm_kin' ? fw : null), { screens: () => numbered[0]!.passages! }));
}

/** The lead's first line holds the value: said as the answer, not a guess. */
const states = (f: string, value: string) => !f.startsWith('(') && f.includes(value);
/** Said as not found: "I don't know" or a guess, never the sure lead. */
const unsure = (f: string) => f.startsWith('(');

describe("a role asked in everyday words, labelled in the firm's", () => {
  const title = 'Harriet Quill — People directory — Northwind HR';
  const rows: Rows = [['Job title', 'Payroll Administrator'], ['Department', 'Finance'], ['Reports to', 'Marcus Oyelaran'], ['Office', 'Leeds, 3rd floor'], ['Employee ID', 'NW-44821']];
  it('names the manager from "Reports to"', () => {
    expect(form('Who is my manager?', 'Harriet Quill', rows, title)).toMatch(/^Marcus Oyelaran\b/);
    expect(states(form("Who's my boss at Northwind?", 'Harriet Quill', rows, title), 'Marcus Oyelaran')).toBe(true);
  });
  it('states no manager when the profile has none', () => {
    const f = form('Who is my manager?', 'Harriet Quill', without(rows, 'Reports to'), title);
    expect(unsure(f)).toBe(true);
  });
  const team: Rows = [['QA Lead', 'Sunita Rao'], ['Engineering Manager', 'Tomasz Birch'], ['Product Owner', 'Lena Fischer'], ['Designer', 'Ade Okafor']];
  it('names the head of quality from "QA Lead", not the other leads', () => {
    expect(states(form("Who's our head of quality?", 'Checkout squad', team, 'Checkout squad — Team wiki'), 'Sunita Rao')).toBe(true);
    expect(states(form('Who is in charge of quality on the squad?', 'Checkout squad', team, 'Checkout squad — Team wiki'), 'Sunita Rao')).toBe(true);
  });
  it('names no one for quality when the team has no QA lead: not the engineering manager', () => {
    const f = form("Who's our head of quality?", 'Checkout squad', without(team, 'QA Lead'), 'Checkout squad — Team wiki');
    expect(unsure(f)).toBe(true);
  });
});

describe('a class asked by its everyday name', () => {
  const rows: Rows = [['Body pump', 'Thu 17:45'], ['Indoor cycling', 'Thu 18:30'], ['Yoga flow', 'Thu 19:15']];
  const title = 'Class timetable — Riverside Leisure Centre';
  it('gives the time of the spinning class', () => {
    expect(states(form('What time is spinning on Thursday?', 'Thursday classes', rows, title), '18:30')).toBe(true);
    expect(states(form("When's the spin class?", 'Thursday classes', rows, title), '18:30')).toBe(true);
  });
  it("gives no other class's time when there is no spinning", () => {
    const f = form('What time is spinning on Thursday?', 'Thursday classes', without(rows, 'Indoor cycling'), title);
    expect(unsure(f)).toBe(true);
  });
});

describe('money asked in plain words', () => {
  const title = 'Receipt — Osteria Lupa';
  const rows: Rows = [['Subtotal', '€42.00'], ['Gratuity', '€6.30'], ['Total', '€48.30']];
  it('gives the tip from "Gratuity", not the total', () => {
    expect(states(form('How much was the tip at Osteria Lupa?', 'Osteria Lupa · Table 12', rows, title), '6.30')).toBe(true);
    expect(states(form('How much tip did I leave at Osteria Lupa?', 'Osteria Lupa · Table 12', rows, title), '6.30')).toBe(true);
  });
  it('gives what they charged me from "Total", not the subtotal', () => {
    expect(states(form('What did Osteria Lupa charge me?', 'Osteria Lupa · Table 12', rows, title), '48.30')).toBe(true);
  });
  it('states no tip when the receipt has none', () => {
    expect(unsure(form('How much was the tip at Osteria Lupa?', 'Osteria Lupa · Table 12', without(rows, 'Gratuity'), title))).toBe(true);
  });
});

describe('a tenancy agreement', () => {
  const title = 'Tenancy agreement — 14 Calder Row — DocuSign';
  const head = 'Assured shorthold tenancy';
  const rows: Rows = [['Lessor', 'Harbourview Lettings Ltd'], ['Lessee', 'Jonah Pike'], ['Monthly rent', '£1,200.00'], ['Security bond', '£1,450.00'], ['Term', '12 months']];
  it('gives the deposit from "Security bond", not the rent', () => {
    expect(states(form('How much is the deposit on my tenancy?', head, rows, title), '1,450')).toBe(true);
    expect(states(form('What deposit did I put down?', head, rows, title), '1,450')).toBe(true);
  });
  it('names the landlord from "Lessor", not the lessee', () => {
    expect(states(form("Who's my landlord?", head, rows, title), 'Harbourview Lettings')).toBe(true);
  });
  it('states no deposit and no landlord when the agreement leaves them out', () => {
    expect(unsure(form('How much is the deposit on my tenancy?', head, without(rows, 'Security bond'), title))).toBe(true);
    const f = form("Who's my landlord?", head, without(rows, 'Lessor'), title);
    expect(f).not.toMatch(/^Jonah|^[^(].*Jonah Pike/);
  });
});

describe('a payslip (dark theme)', () => {
  const title = 'Payslip November 2026 — Northwind HR';
  const head = 'Payslip · November 2026';
  const rows: Rows = [['Basic pay', '£2,450.00'], ['Overtime', '£312.50'], ['Pay date', '28 Nov 2026'], ['Tax code', '1257L'], ['Net pay', '£2,214.18']];
  it("gives the extra hours' pay from \"Overtime\"", () => {
    expect(states(form('How much did I get for extra hours in November?', head, rows, title), '312.50')).toBe(true);
    expect(states(form('What was I paid for the additional hours I worked in November?', head, rows, title), '312.50')).toBe(true);
  });
  it('gives the day I get paid from "Pay date"', () => {
    expect(states(form('When do I get paid in November?', head, rows, title), '28 Nov')).toBe(true);
  });
  it('states no extra hours when the payslip has none', () => {
    expect(unsure(form('How much did I get for extra hours in November?', head, without(rows, 'Overtime'), title))).toBe(true);
  });
});

describe("a router's wireless page", () => {
  const title = 'Wireless settings — Hollis router';
  const rows: Rows = [['Network name (SSID)', 'Hollis-5G'], ['Security', 'WPA2-Personal'], ['Network key', 'plum-otter-7731'], ['Channel', '36']];
  it('gives the wifi password from "Network key"', () => {
    expect(states(form("What's the wifi password?", 'Wireless 5 GHz', rows, title), 'plum-otter-7731')).toBe(true);
    expect(states(form('What is the password for the wireless?', 'Wireless 5 GHz', rows, title), 'plum-otter-7731')).toBe(true);
  });
  it('states no password when the page hides the key', () => {
    expect(unsure(form("What's the wifi password?", 'Wireless 5 GHz', without(rows, 'Network key'), title))).toBe(true);
  });
});

describe('a GP record and a pet record', () => {
  const title = 'My record — NHS App';
  const practice: Rows = [['Registered with', 'Elm Tree Medical Practice'], ['Usual doctor', 'Dr Amrit Sandhu'], ['NHS number', '485 777 3456']];
  it('names the GP surgery and the GP', () => {
    expect(states(form('Which GP surgery am I registered with?', 'My health record', practice, title), 'Elm Tree Medical Practice')).toBe(true);
    expect(states(form('Who is my GP?', 'My health record', practice, title), 'Amrit Sandhu')).toBe(true);
  });
  it('gives no number for the GP when the record names no practice or doctor', () => {
    expect(unsure(form('Who is my GP?', 'My health record', without(practice, 'Registered with', 'Usual doctor'), title))).toBe(true);
  });
  const pet: Rows = [['Pet', 'Biscuit (Labrador)'], ['Veterinary surgeon', 'Claire Moss'], ['Next vaccination', '14 Jan 2027']];
  it('names the vet from "Veterinary surgeon", never the pet the question names', () => {
    expect(states(form("Who is Biscuit's vet?", 'Pet record', pet, 'Pet record — Oakwood Vets'), 'Claire Moss')).toBe(true);
    expect(states(form("Who's the vet for Biscuit?", 'Pet record', pet, 'Pet record — Oakwood Vets'), 'Claire Moss')).toBe(true);
    expect(form("Who is Biscuit's vet?", 'Pet record', without(pet, 'Veterinary surgeon'), 'Pet record — Oakwood Vets')).not.toMatch(/^[^(]*Biscuit/);
  });
});

describe("a council's bin page", () => {
  const title = 'Your street — Calder Council';
  const rows: Rows = [['Collection day', 'Tuesday'], ['Garden waste', 'Fortnightly, next 9 Dec'], ['Street cleaning', 'First Monday of the month']];
  it('gives bin day from "Collection day"', () => {
    expect(states(form('When is bin day?', '14 Calder Row', rows, title), 'Tuesday')).toBe(true);
    expect(states(form('Which day do the bins go out?', '14 Calder Row', rows, title), 'Tuesday')).toBe(true);
  });
  it("states no bin day from a council account page that has none: not the recycling centre's hours, not a permit's date", () => {
    const account: Rows = [['Council tax band', 'C'], ['Recycling centre', 'Open daily 8:00–16:00'], ['Parking permit', 'Zone D until 31 Mar']];
    expect(unsure(form('When is bin day?', '14 Calder Row', account, 'Your account — Calder Council'))).toBe(true);
    expect(unsure(form('Which day do the bins go out?', '14 Calder Row', account, 'Your account — Calder Council'))).toBe(true);
  });
});

describe('kin that must not meet', () => {
  it('a phone\'s "Charging" is not what someone charged me', () => {
    const rows: Rows = [['Battery', '80%'], ['Charging', 'Fast charging on'], ['Screen time', '3 h 12 min']];
    expect(unsure(form('How much did the garage charge me?', 'Battery', rows, 'Settings — Battery'))).toBe(true);
  });
  it('a film\'s "Bond" is no deposit', () => {
    const rows: Rows = [['Film', 'No Time to Die (Bond 25)'], ['Showing', 'Sat 20:15'], ['Seats', 'F7, F8'], ['Price', '£24.00']];
    expect(unsure(form('How much is the deposit?', 'Odeon Calder', rows, 'Booking — Odeon'))).toBe(true);
    expect(unsure(form('What deposit did I put down?', 'Odeon Calder', rows, 'Booking — Odeon'))).toBe(true);
  });
  it("a match's extra time is no overtime", () => {
    const rows: Rows = [['Result', 'Calder 2–1 Rovers'], ['Extra time', '2 goals'], ['Attendance', '18,204']];
    expect(unsure(form('How much did I get for extra hours in November?', 'Match report', rows, 'Match report — Calder FC'))).toBe(true);
  });
  it('a head of lettuce is no head of a team', () => {
    const rows: Rows = [['Iceberg lettuce', '1 head'], ['Produce lead time', '2 days'], ['Supplier', 'Greenway Farms Ltd']];
    expect(unsure(form("Who's our head of quality?", 'Order #5521', rows, 'Order #5521 — Greenway Farms'))).toBe(true);
  });
});
