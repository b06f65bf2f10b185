import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { EngramStore } from '../../agents/store/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const SCREEN = [
  'Invoice INV-2291',
  '',
  'Item                 Qty     Price',
  'Design review        2       420.00',
  'Hosting (annual)     1       96.50',
  '',
  'Payment is due on 15 January. Late payments incur a 2% fee per month.',
].join('\n');

describe('screen passages in the store', () => {
  let store: EngramStore;
  const key = randomBytes(32);
  tempStoreEachTest('engram-passages-', (t) => {
    store = t.store;
  }, { key: key });

  const observe = (at: number, text = SCREEN, title = 'Invoice INV-2291 — Billing') =>
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: at, app: 'Chromium', title, url: null, text, caption: null });

  it('indexes each passage once, records every sighting, and marks the matched words', () => {
    const a = observe(1_000);
    const first = store.passages.count();
    expect(first).toBeGreaterThanOrEqual(3);
    observe(2_000); // the same screen again: nothing new to index
    expect(store.passages.count()).toBe(first);
    expect(store.passages.sightingCount()).toBe(first * 2);

    const [hit] = store.passages.search({ query: 'when is the payment due' });
    expect(hit!.text).toBe('Payment is due on 15 January. Late payments incur a 2% fee per month.');
    expect(hit!.marked).toContain('**Payment** is **due**');
    expect(hit!.observation_id).toBe(a.id);
    expect(hit!.window_title).toBe('Invoice INV-2291 — Billing');
    expect(hit!.sightings).toBe(2);
    const row = store.passages.search({ query: 'hosting price' })[0]!;
    expect(row.text).toBe('Item: Hosting (annual) · Qty: 1 · Price: 96.50');
    // A window that holds only the second sighting reports that one.
    expect(store.passages.search({ query: 'hosting', since: 1_500 })[0]!.seen_at).toBe(new Date(2_000).toISOString());
  });

  it('search results carry the passage that matched the memory citing its observation', async () => {
    const o = observe(5_000);
    const ep = store.memories.insert({
      kind: 'episodic',
      title: 'Browsed "Invoice INV-2291 — Billing" in Chromium',
      text: 'Browsed the billing page',
      occurred_at: 5_000,
      provenance: [{ source_type: 'observation', source_id: o.id }],
    });
    store.memories.insert({ kind: 'semantic', text: 'The team prefers annual plans for tools' });
    const results = await store.search({ query: 'hosting price' });
    expect(results[0]!.memory.id).toBe(ep.id);
    expect(results[0]!.passages?.[0]?.marked).toBe('Item: **Hosting** (annual) · Qty: 1 · **Price**: 96.50');
  });

  it('forgetting the observations takes their passages and FTS rows with them', () => {
    observe(1_000);
    observe(9_000, 'A different screen with its own paragraph of text about the quarterly budget review.', 'Budget');
    store.forget({ from: 0, to: 5_000 });
    expect(store.passages.search({ query: 'payment due' })).toEqual([]);
    expect(store.passages.search({ query: 'quarterly budget' })).toHaveLength(1);
    const fts = store.db.prepare('SELECT count(*) FROM passage_fts').pluck().get();
    expect(fts).toBe(store.passages.count());
    // The forgiving (trigram) index keeps step with the passages (issue 31).
    expect(store.db.prepare('SELECT count(*) FROM passage_trigram').pluck().get()).toBe(store.passages.count());
    store.forget({ from: 0, to: 10_000 });
    expect(store.passages.count()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM passage_fts').pluck().get()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM passage_trigram').pluck().get()).toBe(0);
  });

  it('a passage seen twice stays while one sighting is left', () => {
    const a = observe(1_000);
    observe(2_000);
    store.observations.delete([a.id]);
    expect(store.passages.search({ query: 'payment due' })[0]!.seen_at).toBe(new Date(2_000).toISOString());
  });
});
