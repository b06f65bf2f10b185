import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, UseEmbedder, HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

const HOTEL = [
  'Booking confirmed',
  '',
  'Hotel Ribeira, Porto. Check-in Friday 14 March after 15:00, check-out Sunday 16 March before 11:00.',
  '',
  'Total for two nights including breakfast: EUR 238, paid by card.',
].join('\n');
const REVIEW = [
  'Pull request #412 · engram/store',
  '',
  'Ana requested changes: the migration must keep every row and run inside one transaction.',
].join('\n');

/**
 * Screen passages get vectors from the real embedder (the one the benches use), are found by
 * meaning where no word matches, fused into retrieval, and leave nothing behind when forgotten.
 */
describe('vectors for screen passages', () => {
  const folder = storeFolderPerTest('engram-pvec-');
  const embedder = new UseEmbedder();
  const open = (opts: { targetVersion?: number; embedder?: UseEmbedder | HashEmbedder | null } = {}) =>
    openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), embedder: opts.embedder === undefined ? embedder : opts.embedder, targetVersion: opts.targetVersion });
  const observe = (store: EngramStore, at: number, text: string, title: string) =>
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: at, app: 'Chromium', title, url: null, text, caption: null });
  const count = (store: EngramStore, sql: string) => store.db.prepare(sql).pluck().get() as number;
  afterAll(() => embedder.close());

  it('passages captured without an embedder are embedded at the next start with one, found by meaning and in hybrid search', async () => {
    const old = await open({ embedder: null });
    const hotel = observe(old, 1_000, HOTEL, 'Your booking — Hotel Ribeira');
    const review = observe(old, 2_000, REVIEW, 'Pull request #412');
    const ep = old.memories.insert({
      kind: 'episodic',
      title: 'Browsed "Your booking — Hotel Ribeira" in Chromium',
      text: 'Browsed the booking page',
      occurred_at: 1_000,
      provenance: [{ source_type: 'observation', source_id: hotel.id }],
    });
    old.memories.insert({
      kind: 'episodic',
      title: 'Reviewed pull request #412 in Chromium',
      text: 'Read the review',
      occurred_at: 2_000,
      provenance: [{ source_type: 'observation', source_id: review.id }],
    });
    const passages = old.passages.count();
    expect(passages).toBeGreaterThanOrEqual(3);
    await old.close();

    const store = await open();
    try {
      expect(store.passages.count()).toBe(passages);
      await store.flushEmbeddings();
      expect(store.pendingPassageEmbeddings()).toBe(0);
      expect(count(store, 'SELECT count(*) FROM passage_vec')).toBe(passages);
      expect(count(store, 'SELECT count(*) FROM passage_vec_codes')).toBe(passages);

      // No word of the question is on the screen: only the vector finds the price.
      const question = 'how much did the accommodation cost';
      expect(store.passages.search({ query: question })).toEqual([]);
      const [qv] = await embedder.embed([question]);
      const near = store.passages.nearest(qv!, { minSimilarity: 0.2, limit: 3 });
      expect(near[0]!.text).toBe('Total for two nights including breakfast: EUR 238, paid by card.');
      expect(near[0]!.observation_id).toBe(hotel.id);

      // Fused into retrieval: the episode citing that screen comes back with the passage; BM25 alone finds nothing.
      const hybrid = await store.search({ query: question });
      expect(hybrid[0]!.memory.id).toBe(ep.id);
      expect(hybrid[0]!.passages?.[0]?.text).toContain('EUR 238');
      const bm25 = await store.search({ query: question, mode: 'bm25' });
      expect(bm25.some((r) => r.memory.id === ep.id)).toBe(false);

      // A time window without the booking finds no passage by meaning.
      expect(store.passages.nearest(qv!, { minSimilarity: 0.2, since: 1_500 }).every((h) => h.observation_id === review.id)).toBe(true);

      // Forget the booking: its passages, vectors and codes go, and search by meaning no longer finds it.
      store.forget({ from: 0, to: 1_500 });
      const left = store.passages.count();
      expect(left).toBeLessThan(passages);
      expect(count(store, 'SELECT count(*) FROM passage_vec')).toBe(left);
      expect(count(store, 'SELECT count(*) FROM passage_vec_codes')).toBe(left);
      expect(store.passages.nearest(qv!, { minSimilarity: 0 }).some((h) => h.text.includes('EUR 238'))).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('without an embedder a forget still takes the vectors; a new embedder re-embeds every passage', async () => {
    const first = await open();
    observe(first, 1_000, HOTEL, 'Your booking — Hotel Ribeira');
    observe(first, 5_000, REVIEW, 'Pull request #412');
    await first.flushEmbeddings();
    const n = first.passages.count();
    expect(count(first, 'SELECT count(*) FROM passage_vec')).toBe(n);
    await first.close();

    const bare = await open({ embedder: null });
    bare.forget({ from: 0, to: 2_000 });
    const left = bare.passages.count();
    expect(left).toBeLessThan(n);
    expect(count(bare, 'SELECT count(*) FROM passage_vec')).toBe(left);
    expect(count(bare, 'SELECT count(*) FROM passage_vec_codes')).toBe(left);
    await bare.close();

    const other = await open({ embedder: new HashEmbedder(64) });
    try {
      await other.flushEmbeddings();
      expect(other.pendingPassageEmbeddings()).toBe(0);
      // Every stored vector is the new embedder's (64 int8 dimensions), none of the old 512.
      const sizes = other.db.prepare('SELECT DISTINCT length(vector) FROM passage_vec').pluck().all();
      expect(sizes).toEqual([64]);
      expect(count(other, 'SELECT count(*) FROM passage_vec')).toBe(left);
    } finally {
      await other.close();
    }
  });
});
