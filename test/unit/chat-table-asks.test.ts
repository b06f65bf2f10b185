import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Made-up tables whose row is asked by a person, a cost or a place and whose column is asked in words
// the header does not use: a quarter ("the third quarter": Q3), a rate's basis ("day rate": Daily,
// "per hour": Hourly, "Rate (€/day)"), a unit as a header's word ("Gross kg"), a balance ("how many
// hours am I short": Balance, Differenz), a whole ("all told", "across the bays"). Negatives: a row
// the table lacks, a basis or quarter it does not give, rows seen only in part, no account shown.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-04T09:10:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const first = (q: string, lines: string[], title: string) => lead(q, lines, title).text.split('\n')[0]!;
/** The sentence without where it was seen (the screen's own title may hold figures). */
const said = (q: string, lines: string[], title: string) => lead(q, lines, title).text.split(' — seen')[0]!;

const costs = ['Running costs 2026', 'Category | Q1 | Q2 | Q3', 'Fuel | €1,240 | €1,385 | €1,190', 'Tolls | €310 | €295 | €330', 'Insurance | €900 | €905 | €910'];
const freelancers = ['Freelancers', 'Name · Role · Hourly · Daily', 'Tomás Vidal · Camera · €65 · €480', 'Ben Okoro · Sound · €55 · €400', 'Lea Kim · Edit · €60 · €450'];
const crew = ['Crew', 'Name  Role  Rate (€/day)', 'Tomás Vidal  Camera  480', 'Ben Okoro  Sound  400'];
const shipments = ['Shipments this week', 'Destination   Pallets   Gross kg   Distance', 'Lyon   6   4.820   465 km', 'Graz   4   3.110   720 km', 'Milano   9   7.040   610 km'];
const bays = ['Crates by bay', 'Bay  Crates  Weight', 'A1  12  340', 'A2  9  250', 'B1  15  410'];
const flexi = ['Flexitime — December', 'Medewerker   Target   Logged   Balance', 'Pieter Jansen   160   162,5   +2,5', 'Sanne de Vries (you)   160   153,5   −6,5', 'Eva Bakker   120   120   0'];

describe('a period column asked in other words', () => {
  it('a quarter by its number or its ordinal, the row by the cost asked', () => {
    expect(first('What did we spend on fuel in Q2?', costs, 'Running costs — Sheets')).toMatch(/^Q2: €1,385 \(Fuel\)/);
    expect(first('How much did the tolls cost us in the third quarter?', costs, 'Running costs — Sheets')).toMatch(/^Q3: €330 \(Tolls\)/);
  });

  it('negatives: a cost the sheet has no row for, a quarter it has no column for', () => {
    const parking = lead('How much did we spend on parking in Q2?', costs, 'Running costs — Sheets');
    expect(parking.known).toBe(false);
    expect(parking.text.split(' — seen')[0]).not.toMatch(/1,385|295|905/);
    const q4 = lead('How much did we spend on fuel in the fourth quarter?', costs, 'Running costs — Sheets');
    expect(q4.known).toBe(false);
    expect(q4.text.split(' — seen')[0]).not.toMatch(/1,240|1,385|1,190/);
  });
});

describe('a rate asked by its basis', () => {
  it('"day rate", "a day" and "per hour" name Daily, Hourly and a rate per day', () => {
    expect(first("What's Tomás's day rate?", freelancers, 'Freelancers — Airtable')).toMatch(/^Daily: €480 \(Tomás Vidal/);
    expect(first('What does Ben charge per hour?', freelancers, 'Freelancers — Airtable')).toMatch(/^Hourly: €55 \(Ben Okoro/);
    expect(first('How much does Lea charge a day?', freelancers, 'Freelancers — Airtable')).toMatch(/^Daily: €450 \(Lea Kim/);
    expect(first("What's Tomás's day rate?", crew, 'Crew — Sheets')).toMatch(/^Rate \(€\/day\): 480 \(Tomás Vidal/);
  });

  it('negatives: a basis the table does not give is not taken from a sibling column', () => {
    const hourly = lead("What's Ben's hourly rate?", crew, 'Crew — Sheets');
    expect(hourly.known).toBe(false);
    expect(hourly.text.split(' — seen')[0]).not.toMatch(/\b400\b/);
    const weekly = lead('What does Lea charge per week?', freelancers, 'Freelancers — Airtable');
    expect(weekly.known).toBe(false);
    expect(weekly.text.split(' — seen')[0]).not.toMatch(/€60|€450/);
  });
});

describe('a measure of the row a place picks', () => {
  it('"how heavy" names a column whose header says its unit as a word ("Gross kg")', () => {
    expect(first('How heavy is the shipment going to Lyon?', shipments, 'Shipments — TMS')).toMatch(/^Gross kg: 4\.820 \(Lyon\)/);
    expect(first('How far is the Graz run?', shipments, 'Shipments — TMS')).toMatch(/^[^\n]*720 km/);
  });

  it('negative: a destination with no row states no other row\'s weight', () => {
    expect(said('How heavy is the shipment going to Porto?', shipments, 'Shipments — TMS')).not.toMatch(/4\.820|3\.110|7\.040/);
  });
});

describe('a whole asked in other words', () => {
  it('"all told" takes the Total row; "across the bays" sums the rows seen', () => {
    expect(first('How many crates all told?', [...bays, 'Total  36  1000'], 'Warehouse — WMS')).toMatch(/^Crates: 36 \(Total\)/);
    expect(first('How many crates are there across the bays?', bays, 'Warehouse — WMS')).toMatch(/^Crates: 36 in all \(12 \+ 9 \+ 15\)/);
  });

  it('negative: rows seen only in part give no total, only what the seen ones add up to', () => {
    const partly = lead('How many crates are there in total?', [...bays, 'Showing 1–3 of 11'], 'Warehouse — WMS');
    expect(partly.known).toBe(false);
    expect(partly.text.split('\n')[0]).toMatch(/^I don't know the total: the table shows rows 1–3 of 11; the 3 seen add up to 36/);
  });
});

describe('a thing not in a table whose column only a balance word meets', () => {
  it('a loans list\'s "Renewals left" says nothing of leave days: the HR page answers', () => {
    const loans = screenMemory('lines', 'My loans\nBook  Due  Renewals left\nMoby-Dick, Melville  12 Dec  2\nDune, Herbert  15 Dec  1\nThe Hobbit, Tolkien  20 Dec  0', 'My loans — City Library', AT, { fullSnippet: true })[0]!;
    const hr = screenMemory('lines', 'My profile\nVacation days remaining: 11.5\nOffice: Porto, hybrid', 'My profile — StaffPortal', AT, { fullSnippet: true })[0]!;
    const numbered = [{ ...loans, score: 2 }, { ...hr, n: 2, memory: { ...hr.memory, id: 'mem_2' } }];
    const f = factSentence('How many vacation days do I have left?', numbered, fmt)!;
    expect(f.text.split('\n')[0]).not.toMatch(/no row for vacation/);
    expect(f.text.split('\n')[0]).toMatch(/11\.5/);
  });
});

describe('a balance for the signed-in user\'s row', () => {
  it('"how many hours am I short" and "how far behind am I": the Balance of the row marked as the user\'s', () => {
    expect(first('How many hours am I short this month?', flexi, 'Flexitime — Portal')).toMatch(/^Balance: −6,5 \(Sanne de Vries \(you\)\)/);
    expect(first('How far behind am I?', flexi, 'Flexitime — Portal')).toMatch(/^Balance: −6,5 /);
    expect(first('How far ahead is Pieter?', flexi, 'Flexitime — Portal')).toMatch(/^Balance: \+2,5 \(Pieter Jansen\)/);
  });

  it('a German time account: the user by the name the account shows, "Differenz" with a unit', () => {
    const zeit = ['Zeitkonto November', 'Angemeldet als Petra Voss', 'Name  Soll  Ist  Differenz', 'Jan Müller  160  150,5  −9,5 h', 'Petra Voss  160  154  −6 h'];
    expect(first('How many hours am I short?', zeit, 'Zeitkonto — Portal')).toMatch(/^Differenz: −6 h \(Petra Voss\)/);
  });

  it('a Dutch rota: the row the user is marked by in their language, the balance over the column of hours', () => {
    const rooster = ['Rooster week 49', 'Naam   Uren   Saldo', 'Joost Smit   150   −4', 'Femke Bos (jij)   170   +10', 'Ruud Mol   160   0'];
    expect(first('How many hours ahead am I?', rooster, 'Rooster — Planner')).toMatch(/^Saldo: \+10 \(Femke Bos \(jij\)\)/);
    // Asked for the hours, not what is over or under: the hours.
    expect(first('How many hours is Joost down for?', rooster, 'Rooster — Planner')).toMatch(/^Uren: 150 \(Joost Smit\)/);
  });

  it('negatives: no row is the user\'s, or no column says a balance', () => {
    const anon = flexi.map((l) => l.replace(' (you)', ''));
    expect(said('How many hours am I short this month?', anon, 'Flexitime — Portal')).not.toMatch(/−6,5|\+2,5/);
    const noBalance = ['Flexitime — December', 'Logged in as Sanne de Vries', 'Medewerker   Target   Logged', 'Pieter Jansen   160   162,5', 'Sanne de Vries   160   153,5'];
    expect(said('How many hours am I short this month?', noBalance, 'Flexitime — Portal')).not.toMatch(/153,5|162,5|\b160\b/);
  });
});
