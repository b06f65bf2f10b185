import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { openTempStore, removeTempStore } from '../helpers/temp-store.js';

/**
 * Issue 30: the screen a question is about is found (its title holds the question's words), but the
 * line that answers is not among the passages that come back with it: every line of the screen
 * shares the title's words, so the ones that repeat them ranked first. Inside a screen only the
 * words the title does not hold count, and a value right under its label ranks with the label.
 * Made-up screens (a water bill, a gym's opening hours), not the bench's pages.
 */
const AT = Date.parse('2026-04-02T09:00:00Z');
const WATER_BILL = [
  'Aqualis water services',
  'Your water bill for January to March',
  'Water usage this quarter 41 m3, about the same as last year.',
  'Water quality in your area: soft.',
  'Water meter number 88-201-7.',
  'Report a water leak at any time on our website.',
  'Amount due on this bill, taken by direct debit:',
  'EUR 62.40 on 14 April 2026 from account ending 4471',
  'Thank you for saving water.',
].join('\n\n');
const METRICS = [
  'Dashboards / Billing / Billing API eu-west',
  'Billing API requests per second: 1,120.',
  'Billing dashboard refreshed every minute for the billing team.',
  'Billing dashboard owners: the billing API team.',
  'Alerts firing: InvoiceQueueBacklog since 09:12.',
  'Billing API error rate 0.4 % over the last hour.',
].join('\n\n');
const GYM = ['Opening hours', 'Monday to Friday 06:00 - 22:00.', 'Saturday and Sunday 08:00 - 20:00.', 'The sauna is closed for repairs this week.'].join('\n\n');

describe('the line that answers comes back with its screen', () => {
  let dir: string;
  let store: EngramStore;
  let n = 0;
  const visit = (title: string, text: string) => {
    const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: AT + n * 60_000, app: 'Chromium', title, url: null, text, caption: null });
    store.memories.insert({ kind: 'episodic', title: `Browsed "${title}" in Chromium`, text: 'Looked at the page', occurred_at: AT + n++ * 60_000, provenance: [{ source_type: 'observation', source_id: o.id }] });
  };

  beforeEach(async () => {
    ({ dir, store } = await openTempStore('engram-within-screen-'));
    n = 0;
  });
  afterEach(async () => {
    await removeTempStore(store, dir);
  });

  it('the amount under "Amount due" comes back with the water bill, not the lines that repeat its title', async () => {
    visit('Water bill — Aqualis', WATER_BILL);
    visit('Opening hours — Fitzone gym', GYM);
    const [top] = await store.search({ query: 'How much is due on the water bill?' });
    expect(top?.memory.title).toContain('Water bill');
    const texts = (top?.passages ?? []).map((p) => p.text);
    expect(texts[0]).toContain('Amount due');
    expect(texts.some((t) => t.includes('EUR 62.40'))).toBe(true);
    // The value line was seen on the bill, with where and when, and its score is below the label's.
    const value = top!.passages!.find((p) => p.text.includes('EUR 62.40'))!;
    expect(value.window_title).toBe('Water bill — Aqualis');
    expect(value.score).toBeGreaterThan(0);
    expect(value.score).toBeLessThan(top!.passages![0]!.score);
  });

  it('the memory keeps its rank, and its line that holds the asked words still comes first', async () => {
    visit('Water bill — Aqualis', WATER_BILL);
    visit('Opening hours — Fitzone gym', GYM);
    const hits = await store.search({ query: 'when is the sauna open' });
    expect(hits[0]?.memory.title).toContain('Fitzone');
    expect(hits[0]?.passages?.[0]?.text).toContain('sauna');
  });

  it('words the title holds find the screen but do not pick its line: the one with the other asked word does', async () => {
    visit('Billing API — Dashboards', METRICS);
    // Alerts are common words on other screens: "alert" weighs little against the title's words.
    visit('Notifications — Settings', ['Alert sound: chime.', 'Alert when a message arrives.', 'Alert volume 60 %.', 'Alert on the lock screen.'].join('\n\n'));
    const [top] = await store.search({ query: 'What alert is going off on the billing dashboard?' });
    expect(top?.memory.title).toContain('Billing API');
    expect(top?.passages?.[0]?.text).toContain('InvoiceQueueBacklog');
  });

  it('a screen whose title holds every asked word keeps the order the search gave its lines', async () => {
    visit('How to rotate the staging key — Wiki', ['Owner: platform team, last edited in March.', 'To rotate the staging key, run keyctl rotate staging and restart the gateway.', 'Related pages: on-call, secrets.'].join('\n\n'));
    visit('Opening hours — Fitzone gym', GYM);
    const [top] = await store.search({ query: 'How do I rotate the staging key?' });
    expect(top?.memory.title).toContain('rotate the staging key');
    expect(top?.passages?.[0]?.text).toContain('keyctl');
  });

  it('a screen none of whose lines the rest of the question tells apart keeps its passages and its memory its rank', async () => {
    // "shopping" and "cart" are the title's; "stuff" and "add" are on no line, and there are no vectors.
    visit('Shopping cart — Techshop', ['Your cart', 'Noise-cancelling headphones 1 249.00 EUR', 'USB-C hub, 7 ports, 1, 39.90 EUR', 'Subtotal: 288.90 EUR, delivery free.'].join('\n\n'));
    visit('Opening hours — Fitzone gym', GYM);
    const [top] = await store.search({ query: 'What did the stuff in my shopping cart add up to?' });
    expect(top?.memory.title).toContain('Shopping cart');
    expect(top?.passages?.[0]?.score).toBeGreaterThan(0);
  });
});
