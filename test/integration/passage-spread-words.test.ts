import { describe, expect, it } from 'vitest';
import { screenStoreEachTest } from '../helpers/screen-store.js';

/**
 * Issue 30 ("-" misses): the place or thing a question names is on many lines of the screen it is
 * about (the booking's subject, its pick-up, its return, the office to call), while the line that
 * answers names the asked thing once. Inside one screen a word's share of a line is divided among
 * the lines that hold it, as a title's words count for none. Made-up screens.
 */
const AT = Date.parse('2026-05-02T09:00:00Z');
const VAN = [
  'Van hire to Ghent — your booking is confirmed',
  'Pick-up of the van: Thursday 14 May, 08:00, depot Ghent-Zuid',
  'Return of the van: Friday 15 May by 18:00, Ghent Dampoort',
  'Extra driver: none',
  'Total cost EUR 389.00 including insurance',
  'Deposit EUR 150.00, held on your card',
  'Questions about the van? Call our Ghent office on +32 9 555 0101',
  'Bring your driving licence to Ghent-Zuid at pick-up',
].join('\n\n');
// A page where "cost" is on every line: across the store the word is common, so its BM25 is low.
const BUDGET = ['Trip budget for Porto.', 'Flight cost EUR 120 each way.', 'Hotel cost EUR 300 for three nights.', 'Food about EUR 90.'].join('\n\n');
const BAKERY = ['Order 4471 — Ghent bakery', 'Sourdough loaf, collect Saturday', 'Cost of the order: EUR 6.40', 'Opening hours 07:00 - 13:00'].join('\n\n');

describe('a word on many lines of a screen says which screen, not which line', () => {
  const { store, screen } = screenStoreEachTest('engram-spread-words-', AT);
  // One paragraph per line, as the page showed them.
  const visit = (title: string, text: string) => screen(title, ...text.split('\n\n'));

  it('"what will the van to Ghent cost us" leads with the total, not the lines that repeat the van and Ghent', async () => {
    visit('Booking confirmation — Rentago', VAN);
    visit('Trip budget — Sheets', BUDGET);
    const results = await store().search({ query: 'What will the van to Ghent cost us?' });
    const top = results.find((r) => r.memory.title.includes('Rentago'));
    const texts = (top?.passages ?? []).map((p) => p.text);
    expect(texts[0]).toContain('Total cost EUR 389.00');
    // The deposit, a sibling amount with no asked word, does not come before it.
    expect(texts.findIndex((t) => t.includes('Deposit'))).not.toBe(0);
  });

  it('a word on one line of its screen keeps its whole weight: the bakery order still leads with its cost', async () => {
    visit('Order 4471 — Crumb & Co', BAKERY);
    visit('Booking confirmation — Rentago', VAN);
    const results = await store().search({ query: 'What did the sourdough cost?' });
    const top = results.find((r) => r.memory.title.includes('Crumb'));
    expect(top?.passages?.[0]?.text).toMatch(/Cost of the order|Sourdough/);
  });
});
