import { describe, expect, it } from 'vitest';
import type { FrameWord, FrameWords } from '../../agents/store/index.js';
import { cell, placedCell, screenOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { labelledValues, tablesOf } from '../../agents/chat/screen-layout.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { figureOf } from '../../agents/chat/table-extreme.js';

// Tables made up for this test, apart from the benchmark days: standings, price lists, CI runs, a
// quarterly sheet, a server board, parcels, bank accounts, orders, a quiz, countries. Their words are
// laid out as a browser draws them (screen-words); the OCR text given with them reads the table cell
// by cell, column after column, as Tesseract does with wide tables, so only the layout holds the rows.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';

/** A table's words: each row's cells at the columns' x, rows 30 px apart from y. Empty cells are left out. */
function table(xs: number[], y: number, rows: string[][], h = 16): FrameWord[] {
  return rows.flatMap((r, k) => r.flatMap((text, c) => (text ? cell(text, xs[c]!, y + k * 30, h) : [])));
}
/** The OCR text of a table read column by column, one cell a line. */
const byColumn = (rows: string[][]) => rows[0]!.map((_, c) => rows.map((r) => r[c]).filter(Boolean).join('\n')).join('\n');

const lead = (q: string, rows: string[][], title: string, fw: FrameWords) => {
  const numbered = screenMemory('lines', byColumn(rows), title, AT, { frameId: 'frm_t', fullSnippet: true });
  return factSentence(q, numbered, fmt, (id) => (id === 'frm_t' ? fw : null))!;
};
const first = (q: string, rows: string[][], title: string, fw: FrameWords) => lead(q, rows, title, fw).text.split('\n')[0]!;

describe('a column read as figures of one kind', () => {
  it('reads currencies, percents, units, stopwatch times, lengths of time in parts, dates and thousands', () => {
    expect(figureOf('€ 1,475.50')).toMatchObject({ value: 1475.5, kind: 'money:EUR' });
    expect(figureOf('12.004,00 €')).toMatchObject({ value: 12004, kind: 'money:EUR' });
    expect(figureOf('64,2 %')).toMatchObject({ value: 64.2, kind: 'percent' });
    expect(figureOf('1.2 kg')!.value).toBeGreaterThan(figureOf('2 lb')!.value);
    expect(figureOf('1:02:03')).toMatchObject({ value: 3723, kind: 'clock' });
    expect(figureOf('4m 12s', true)).toMatchObject({ value: 252, kind: 'duration' });
    expect(figureOf('12d 4h')).toMatchObject({ value: 12 * 86400 + 4 * 3600, kind: 'duration' });
    expect(figureOf('3 Nov 2026')!.kind).toBe('date');
    expect(figureOf('10.4M')).toMatchObject({ value: 10.4e6, kind: 'number' });
    expect(figureOf('−3')!.value).toBe(-3);
    // A cell that says more than one value is none.
    expect(figureOf('12 kg bag, 3 left')).toBeNull();
    expect(figureOf('Lisbon')).toBeNull();
  });
});

describe('standings: the most, a tie, a column not on the page', () => {
  const xs = [40, 260, 310, 360, 410, 460, 530];
  const rows = [
    ['Club', 'P', 'W', 'D', 'L', 'GD', 'Pts'],
    ['Ajax', '17', '12', '3', '2', '+24', '39'],
    ['PSV', '17', '13', '2', '2', '+31', '41'],
    ['Feyenoord', '17', '11', '4', '2', '+18', '37'],
    ['Twente', '17', '9', '5', '3', '+9', '32'],
  ];
  const fw = screenOf(cell('Eredivisie — Standings', 40, 30, 22), table(xs, 80, rows));

  it('reads a header of one-letter columns beside words', () => {
    expect(tablesOf(fw)[0]?.columns).toEqual(['Club', 'P', 'W', 'D', 'L', 'GD', 'Pts']);
  });

  it('states the row with the most of the column the question names by a shortening ("Pts" for points)', () => {
    const f = lead('Which club has the most points?', rows, 'Standings — Eredivisie', fw);
    expect(f.known).toBe(true);
    expect(f.text.split('\n')[0]).toMatch(/^PSV — Pts: 41 \(the most of 4 listed\)/);
  });

  it('states the lowest of a column headed by the initials of its words', () => {
    expect(first('Which club has the lowest goal difference?', rows, 'Standings — Eredivisie', fw)).toMatch(/^Twente — GD: \+9/);
  });

  it('says two rows share the end and states neither as the answer', () => {
    const tied = rows.map((r) => (r[0] === 'Ajax' ? [...r.slice(0, 6), '41'] : r));
    const f = lead('Which club has the most points?', tied, 'Standings — Eredivisie', screenOf(table(xs, 80, tied)));
    expect(f.known).toBe(false);
    expect(f.text).toMatch(/^Ajax and PSV have the same Pts: 41/);
  });

  it('states no row when the asked column is not on the page', () => {
    const f = lead('Which club has the most yellow cards?', rows, 'Standings — Eredivisie', fw);
    expect(f.text.split('\n')[0]).not.toMatch(/\(the most of/);
  });
});

describe('price lists: the cheapest by its currency, the most by its unit', () => {
  const xs = [40, 300, 520, 700];
  const rows = [
    ['Plan', 'Monthly', 'Storage', 'Users'],
    ['Team', '€29/mo', '1 TB', '10'],
    ['Starter', '€9/mo', '50 GB', '1'],
    ['Business', '€79/mo', '5 TB', '50'],
  ];
  const fw = screenOf(cell('Pricing — Cloudbox', 40, 30, 22), table(xs, 90, rows));

  it('states the cheapest plan from the one column of money, though no header says price', () => {
    expect(first("What's the cheapest plan?", rows, 'Pricing — Cloudbox', fw)).toMatch(/^Starter — Monthly: €9\/mo \(the cheapest of 3 listed\)/);
  });

  it('orders sizes in their units (5 TB over 50 GB)', () => {
    expect(first('Which plan gives the most storage?', rows, 'Pricing — Cloudbox', fw)).toMatch(/^Business — Storage: 5 TB/);
  });
});

describe('a plain "largest" over the one column of figures, unless the question names what is not there', () => {
  const rows = [
    ['Invoice', 'Client', 'Issued', 'Amount'],
    ['INV-2041', 'Hollow Oak Studio', '2 Nov 2026', '$ 1,240.00'],
    ['INV-2042', 'Brightline Media', '9 Nov 2026', '$ 3,905.50'],
    ['INV-2043', 'Pell & Co', '16 Nov 2026', '$ 615.00'],
  ];
  const fw = screenOf(cell('Invoices', 40, 30, 22), table([40, 200, 460, 640], 90, rows));

  it('states the largest invoice by its amount, the dates aside', () => {
    expect(first('Which invoice is the largest?', rows, 'Invoices — Ledgerly', fw)).toMatch(/^INV-2042 — Amount: \$ 3,905.50 \(the largest of 3 listed\)/);
  });

  it('states no row for a measure the screen does not show', () => {
    const f = lead('Which invoice has the most late reminders?', rows, 'Invoices — Ledgerly', fw);
    expect(f.text.split('\n')[0]).not.toMatch(/the most of 3 listed/);
  });
});

describe('CI runs: the longest is read from lengths of time, not from start times', () => {
  const xs = [40, 160, 400, 520, 680];
  const rows = [
    ['Run', 'Branch', 'Started', 'Duration', 'Status'],
    ['#4812', 'main', '09:14', '4m 12s', 'passed'],
    ['#4813', 'feat/csv-export', '09:31', '12m 05s', 'failed'],
    ['#4814', 'fix/login', '10:02', '58s', 'passed'],
    ['#4815', 'main', '10:40', '1h 02m', 'passed'],
  ];
  const fw = screenOf(cell('Actions · quartz-api', 40, 30, 22), table(xs, 90, rows));

  it('states the run that took longest, named by the column the question picks among', () => {
    expect(first('Which run took the longest?', rows, 'Actions · quartz-api', fw)).toMatch(/^#4815 — Duration: 1h 02m \(the longest of 4 listed\)/);
  });

  it('states the shortest, a lone "58s" among minutes', () => {
    expect(first('Which run was the quickest?', rows, 'Actions · quartz-api', fw)).toMatch(/^#4814 — Duration: 58s/);
  });
});

describe('a header over two rows: a period over its columns, the rows titled in the corner', () => {
  const xs = [40, 220, 360, 500, 640];
  const fw = screenOf(
    cell('Regional P&L — Sheet1', 40, 20, 22),
    // Merged cells as a sheet prints them: the text at the left edge of the columns it spans.
    cell('Region', 40, 70), cell('Q3', 220, 70), cell('Q4', 500, 70),
    table(xs, 96, [
      ['', 'Revenue', 'Cost', 'Revenue', 'Cost'],
      ['North', '412,300', '280,100', '455,900', '301,200'],
      ['South', '388,000', '251,700', '402,150', '266,000'],
      ['West', '301,450', '199,800', '472,000', '340,500'],
    ]),
  );
  const rows = [['Region', 'Q3', 'Q4', 'Revenue', 'Cost'], ['North', 'South', 'West', '', '']];

  it('labels each cell by its period and its column, and the row by the corner title', () => {
    const pairs = labelledValues(fw).map((v) => `${v.label} = ${v.value} (${v.row ?? ''})`);
    expect(pairs).toEqual(expect.arrayContaining([expect.stringMatching(/^Q3 \/ Cost = 251,700 \(Region: South · /)]));
    expect(pairs).toEqual(expect.arrayContaining([expect.stringMatching(/^Q4 \/ Revenue = 472,000 \(Region: West · /)]));
  });

  it('states the crossing of a row and a two-row column', () => {
    const f = lead("What was the South region's revenue in Q4?", rows, 'Regional P&L — Sheet1', fw);
    expect(f.text.split('\n')[0]).toMatch(/^Q4 \/ Revenue: 402,150/);
  });

  it('states the highest of the column the period and the word name together', () => {
    expect(first('Which region had the highest Q4 revenue?', rows, 'Regional P&L — Sheet1', fw)).toMatch(/^West — Q4 \/ Revenue: 472,000/);
  });
});

describe('an admin board: percents, sizes and uptimes in parts', () => {
  const xs = [40, 200, 320, 460, 580];
  const rows = [
    ['Host', 'CPU', 'Memory', 'Disk', 'Uptime'],
    ['web-01', '42 %', '6.1 GB', '71 %', '12d 4h'],
    ['db-01', '88 %', '28.4 GB', '64 %', '40d 2h'],
    ['cache-01', '17 %', '3.9 GB', '22 %', '3d 11h'],
  ];
  const fw = screenOf(cell('Fleet overview', 40, 30, 22), table(xs, 90, rows));

  it('states the host using the most memory and the one with the lowest CPU', () => {
    expect(first('Which host uses the most memory?', rows, 'Fleet — Admin', fw)).toMatch(/^db-01 — Memory: 28.4 GB/);
    expect(first('Which host has the lowest CPU?', rows, 'Fleet — Admin', fw)).toMatch(/^cache-01 — CPU: 17 %/);
  });

  it('states the longest uptime said in days and hours', () => {
    expect(first('Which host has the longest uptime?', rows, 'Fleet — Admin', fw)).toMatch(/^db-01 — Uptime: 40d 2h/);
  });
});

describe('units mixed in one column, and numbers written the European way', () => {
  it('orders weights in their units: 1.2 kg is heavier than 2 lb and 850 g', () => {
    const rows = [
      ['Parcel', 'Destination', 'Weight'],
      ['PX-1', 'Lisbon', '1.2 kg'],
      ['PX-2', 'Porto', '850 g'],
      ['PX-3', 'Faro', '2 lb'],
    ];
    const fw = screenOf(cell('Shipments', 40, 30, 22), table([40, 200, 420], 90, rows));
    expect(first('Which parcel is the heaviest?', rows, 'Shipments — Sendit', fw)).toMatch(/^PX-1 — Weight: 1.2 kg/);
  });

  it('reads "12.004,00 €" as twelve thousand', () => {
    const rows = [
      ['Account', 'IBAN', 'Balance'],
      ['Girokonto', 'DE44 5001 0517 5407 3249 31', '1.234,50 €'],
      ['Tagesgeld', 'DE12 5001 0517 9988 1100 07', '12.004,00 €'],
      ['Depot', 'DE90 5001 0517 1234 5678 90', '987,00 €'],
    ];
    const fw = screenOf(cell('Konten', 40, 30, 22), table([40, 220, 560], 90, rows));
    expect(first('Which account has the highest balance?', rows, 'Konten — Meine Bank', fw)).toMatch(/^Tagesgeld — Balance: 12.004,00 €/);
  });
});

describe('dates, comparisons between two named rows, a light layout', () => {
  it('states the order placed most recently', () => {
    const rows = [
      ['Order', 'Placed', 'Total'],
      ['#A-1001', '3 Nov 2026', '€ 42.00'],
      ['#A-1002', '28 Oct 2026', '€ 18.50'],
      ['#A-1003', '12 Nov 2026', '€ 7.99'],
    ];
    const fw = screenOf(cell('Your orders', 40, 30, 22), table([40, 220, 420], 90, rows));
    expect(first('Which order did I place most recently?', rows, 'Orders — Shoply', fw)).toMatch(/^#A-1003 — Placed: 12 Nov 2026/);
    expect(first('Which order was the most expensive?', rows, 'Orders — Shoply', fw)).toMatch(/^#A-1001 — Total: € 42.00/);
  });

  it('compares the two rows asked about, with the other one beside it', () => {
    const rows = [
      ['Player', 'Score', 'Time'],
      ['Ana', '14', '3:12'],
      ['Ben', '17', '2:58'],
      ['Chloe', '12', '3:40'],
    ];
    const fw = screenOf(cell('Quiz night — results', 40, 30, 22), table([40, 220, 400], 90, rows));
    expect(first('Who scored more, Ana or Chloe?', rows, 'Quiz — results', fw)).toMatch(/^Ana — Score: 14, more than Chloe: 12/);
    expect(first('Who was the fastest?', rows, 'Quiz — results', fw)).toMatch(/^Ben — Time: 2:58/);
  });

  it('reads a table laid out by hand as a light app draws it', () => {
    const words = (text: string, x: number, y: number) => placedCell(text, x, y).map((w) => ({ ...w, confidence: 88 }));
    const rows = [
      ['Country', 'Capital', 'Population'],
      ['Portugal', 'Lisbon', '10.4M'],
      ['Spain', 'Madrid', '48.3M'],
      ['Andorra', 'Andorra la Vella', '80k'],
    ];
    const fw = screenOf(...rows.flatMap((r, k) => r.map((t, c) => words(t, [30, 200, 400][c]!, 60 + k * 26))));
    expect(first('Which country has the smallest population?', rows, 'Atlas', fw)).toMatch(/^Andorra — Population: 80k/);
  });
});

describe('a table on its side: the things compared head the columns, the rows are what they are compared by', () => {
  const xs = [40, 240, 420, 600];
  const rows = [
    ['', 'Pixel 9', 'iPhone 16', 'Galaxy S24'],
    ['Price', '€ 899', '€ 969', '€ 859'],
    ['Weight', '198 g', '170 g', '167 g'],
    ['Battery', '4,700 mAh', '3,561 mAh', '4,000 mAh'],
  ];
  const fw = screenOf(cell('Compare phones', 40, 30, 22), table(xs, 90, rows));
  const text = rows.map((r) => r.filter(Boolean).join(' ')).join('\n');
  const ask = (q: string) => factSentence(q, screenMemory('lines', text, 'Compare — Phonecheck', AT, { frameId: 'frm_t', fullSnippet: true }), fmt, (id) => (id === 'frm_t' ? fw : null))!;

  it('labels each cell by its row and says which thing it is about', () => {
    const pairs = labelledValues(fw).map((v) => `${v.label} = ${v.value} (${v.row ?? ''})`);
    expect(pairs).toEqual(expect.arrayContaining(['Weight = 170 g (iPhone 16)', 'Price = € 859 (Galaxy S24)', 'Battery = 4,700 mAh (Pixel 9)']));
  });

  it('states the lightest and the cheapest thing compared', () => {
    expect(ask('Which phone is the lightest?').text).toMatch(/^Galaxy S24 — Weight: 167 g \(the lightest of 3 listed\)/);
    expect(ask('Which phone is the most expensive?').text).toMatch(/^iPhone 16 — Price: € 969/);
  });

  it("states the crossing of a thing and its row (the iPhone's weight, not the Pixel's)", () => {
    expect(ask('How heavy is the iPhone 16?').text).toMatch(/^Weight: 170 g \(iPhone 16\)/);
  });

  it('does not read cards side by side, each with its labels inside, as a table on its side', () => {
    const cards = screenOf(
      cell('Home insurance', 40, 60), cell('Car insurance', 520, 60),
      cell('Premium', 40, 90), cell('€ 21.40', 200, 90), cell('Premium', 520, 90), cell('€ 48.10', 680, 90),
      cell('Renewal', 40, 120), cell('1 Mar 2027', 200, 120), cell('Renewal', 520, 120), cell('9 Jan 2027', 680, 120),
    );
    expect(tablesOf(cards)).toEqual([]);
  });
});

