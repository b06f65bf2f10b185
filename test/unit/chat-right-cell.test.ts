/**
 * The right cell of a table or a pane: the value in the asked row AND the asked column, never a
 * neighbour's. Screens made up for this test (a shipping sheet, invoice lines, a comparison grid, a
 * dark-theme table, key/value panes), apart from the benchmark days; questions in their own words.
 */
import { describe, expect, it } from 'vitest';
import type { FrameWord, FrameWords } from '../../agents/store/index.js';
import { cell, screenOf, textOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { labelledValues } from '../../agents/chat/screen-layout.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const pairs = (fw: FrameWords) => labelledValues(fw).map((v) => `${v.label} = ${v.value}${v.row ? ` (${v.row})` : ''}`);
/** A cell whose text ends at x (a right-aligned figure), 9 px a character as screen-words draws them. */
const right = (text: string, x: number, y: number, h?: number): FrameWord[] => cell(text, x - (text.length * 9 + (text.split(' ').length - 1) * -4), y, h);
/** The OCR text of a screen: its words row by row, as tesseract gives a simple page. */
const lead = (q: string, fw: FrameWords, title: string) => {
  const numbered = screenMemory('lines', textOf(fw), title, AT, { frameId: 'frm_t', fullSnippet: true });
  const f = factSentence(q, numbered, fmt, (id) => (id === 'frm_t' ? fw : null));
  return f ? { known: f.known, text: f.text.split('\n')[0]! } : null;
};

describe('a shipping sheet: row × column, figures right-aligned under left-aligned headers', () => {
  // Row numbers in the margin, a wide Weight column whose figures end at its right edge.
  const sheet = screenOf(
    cell('Outbound pallets — week 47', 60, 30),
    cell('Pallet', 60, 80), cell('Destination', 200, 80), cell('Weight', 420, 80), cell('Carrier', 640, 80),
    cell('1', 20, 110), cell('PL-2210', 60, 110), cell('Antwerp', 200, 110), right('380 kg', 600, 110), cell('Nordfrakt', 640, 110),
    cell('2', 20, 140), cell('PL-2211', 60, 140), cell('Rotterdam', 200, 140), right('1,412 kg', 600, 140), cell('Baltic Line', 640, 140),
    cell('3', 20, 170), cell('PL-2212', 60, 170), cell('Gdansk', 200, 170), right('96 kg', 600, 170), cell('Nordfrakt', 640, 170),
  );
  const title = 'Outbound pallets — Sheets';

  it('puts each right-aligned figure in its own column', () => {
    const p = pairs(sheet);
    expect(p).toEqual(expect.arrayContaining([expect.stringMatching(/^Weight = 1,412 kg \(.*Rotterdam/), expect.stringMatching(/^Weight = 96 kg \(.*Gdansk/)]));
    expect(p.some((x) => /^Carrier = \d/.test(x) || /^Destination = \d/.test(x))).toBe(false);
  });

  it('states the weight of the row asked about, not its neighbour\'s', () => {
    const f = lead('What did the Rotterdam pallet weigh?', sheet, title)!;
    expect(f.text).toContain('1,412 kg');
    expect(f.text).not.toMatch(/380|96 kg/);
    expect(lead('How heavy was the pallet going to Gdansk?', sheet, title)!.text).toContain('96 kg');
  });

  it('states nothing of a neighbour when the asked column is not on screen', () => {
    const f = lead('What was the customs value of the Rotterdam pallet?', sheet, title);
    expect(f === null || !f.known || !/kg/.test(f.text)).toBe(true);
  });
});

describe('invoice lines with totals under them', () => {
  const invoice = screenOf(
    cell('Invoice 2026-0917 — Harbour Office Supplies', 40, 30),
    cell('Description', 40, 80), cell('Qty', 420, 80), cell('Unit price', 520, 80), cell('Amount', 700, 80),
    cell('Cable ties, 100 pack', 40, 110), right('3', 450, 110), right('€ 4.20', 640, 110), right('€ 12.60', 790, 110),
    cell('Whiteboard markers', 40, 140), right('12', 450, 140), right('€ 1.15', 640, 140), right('€ 13.80', 790, 140),
    cell('Desk lamp', 40, 170), right('1', 450, 170), right('€ 39.00', 640, 170), right('€ 39.00', 790, 170),
    cell('Subtotal', 520, 210), right('€ 65.40', 790, 210),
    cell('VAT 21%', 520, 240), right('€ 13.73', 790, 240),
    cell('Total due', 520, 270), right('€ 79.13', 790, 270),
  );
  const title = 'Invoice 2026-0917 — Mail';

  it('states an item line\'s amount for the item asked, not a total', () => {
    const f = lead('How much did the whiteboard markers come to?', invoice, title)!;
    expect(f.text).toContain('13.80');
    expect(f.text).not.toMatch(/79\.13|65\.40/);
  });

  it('states the total for the whole bill', () => {
    expect(lead('What was the grand total on the office supplies invoice?', invoice, title)!.text).toContain('79.13');
  });

  it('reads a total row as its own label and value, not as an item under the headers', () => {
    const p = pairs(invoice);
    expect(p).toEqual(expect.arrayContaining([expect.stringMatching(/^Total due = € 79\.13/)]));
    expect(p.some((x) => /^Unit price = (Total due|Subtotal|VAT)/.test(x))).toBe(false);
  });
});

describe('a comparison grid: products across, features down, no header over the feature names', () => {
  const grid = screenOf(
    cell('Compare plans', 40, 30),
    cell('Starter', 320, 80), cell('Team', 520, 80), cell('Business', 720, 80),
    cell('Storage', 40, 110), cell('50 GB', 320, 110), cell('1 TB', 520, 110), cell('5 TB', 720, 110),
    cell('Seats', 40, 140), cell('3', 320, 140), cell('25', 520, 140), cell('unlimited', 720, 140),
    cell('Price per month', 40, 170), cell('€ 9', 320, 170), cell('€ 49', 520, 170), cell('€ 199', 720, 170),
  );
  const title = 'Pricing — Cloudbox';

  it('states the cell of the asked feature under the asked product', () => {
    expect(lead('How much storage comes with the Team plan?', grid, title)!.text).toMatch(/\b1 TB\b/);
    expect(lead('What does the Business plan cost a month?', grid, title)!.text).toContain('€ 199');
    const seats = lead('How many seats does Starter include?', grid, title)!.text;
    expect(seats).toMatch(/\b3\b/);
    expect(seats).not.toMatch(/\b25\b/);
  });
});

describe('a dark-theme table: small capitals in the header, tall rows', () => {
  const table = screenOf(
    cell('DEPLOYS', 40, 40, 12),
    cell('SERVICE', 40, 80, 11), cell('REGION', 300, 80, 11), cell('VERSION', 520, 80, 11), cell('DURATION', 760, 80, 11),
    cell('billing-api', 40, 120, 18), cell('eu-west', 300, 120, 18), cell('v4.12.0', 520, 120, 18), right('2m 14s', 860, 120, 18),
    cell('search-indexer', 40, 170, 18), cell('us-east', 300, 170, 18), cell('v1.9.3', 520, 170, 18), right('11m 02s', 860, 170, 18),
    cell('auth-gateway', 40, 220, 18), cell('eu-west', 300, 220, 18), cell('v2.0.7', 520, 220, 18), right('48s', 860, 220, 18),
  );
  const title = 'Deploys — Shipyard';

  it('keeps a value two rows share, once for each row', () => {
    const p = pairs(table);
    expect(p.filter((x) => x.startsWith('REGION = eu-west'))).toHaveLength(2);
    expect(lead('Which region did auth gateway go out to?', table, title)!.text).toMatch(/eu-west.*auth-gateway/);
  });

  it('states the asked row\'s cell in the asked column', () => {
    expect(lead('Which version of the search indexer went out?', table, title)!.text).toContain('v1.9.3');
    expect(lead('How long did the auth gateway deploy take?', table, title)!.text).toContain('48s');
  });
});

describe('key/value panes: values beside and under labels', () => {
  const pane = screenOf(
    cell('Parcel details', 40, 30),
    cell('Sender', 40, 80, 12), cell('Recipient', 420, 80, 12),
    cell('Mira Kovač', 40, 100), cell('Joost de Wit', 420, 100),
    cell('Weight', 40, 160), cell('2.3 kg', 240, 160),
    cell('Dimensions', 40, 190), cell('40 × 30 × 12 cm', 240, 190),
    cell('Service', 40, 220), cell('Express, signed', 240, 220),
  );
  const title = 'Parcel NL-58812 — Tracker';

  it('pairs labels over their values and labels beside theirs, never a value with the next label', () => {
    const p = pairs(pane);
    expect(p).toEqual(expect.arrayContaining(['Sender = Mira Kovač', 'Recipient = Joost de Wit', 'Weight = 2.3 kg', 'Dimensions = 40 × 30 × 12 cm']));
    expect(p.some((x) => /^Weight = Dimensions|^Sender = Recipient/.test(x))).toBe(false);
  });

  it('states the value asked in other words', () => {
    expect(lead('How heavy is the parcel?', pane, title)!.text).toContain('2.3 kg');
    expect(lead('Who receives the parcel?', pane, title)!.text).toContain('Joost de Wit');
  });
});

describe('a two-column table', () => {
  const table = screenOf(
    cell('Opening hours', 40, 30),
    cell('Branch', 40, 80), cell('Closes', 400, 80),
    cell('Harbour Street', 40, 110), cell('18:00', 400, 110),
    cell('Old Town', 40, 140), cell('21:30', 400, 140),
    cell('Airport', 40, 170), cell('23:00', 400, 170),
  );
  it('states the closing time of the branch asked about', () => {
    expect(lead('When does the Old Town branch close?', table, 'Branches — Bakery')!.text).toContain('21:30');
  });
});

describe('a week calendar: times in the gutter left of the first day', () => {
  const week = screenOf(
    cell('Week 12', 40, 30),
    cell('Mon 16', 140, 80), cell('Tue 17', 340, 80), cell('Wed 18', 540, 80), cell('Thu 19', 740, 80),
    cell('08:30', 40, 120), cell('Stand-up', 340, 120), cell('Stand-up', 740, 120),
    cell('14:00', 40, 170), cell('Dentist', 540, 170),
  );
  it('keeps a time in its row, never in the first day', () => {
    const p = pairs(week);
    expect(p).toEqual(expect.arrayContaining([expect.stringMatching(/^Wed 18 = Dentist \(.*14:00/)]));
    expect(p.some((x) => /^Mon 16 = \d/.test(x))).toBe(false);
  });
});
