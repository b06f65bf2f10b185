import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, LATEST_SCHEMA_VERSION, UseEmbedder, type EngramStore } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

const HOTEL = [
  'Booking confirmed',
  '',
  'Hotel Ribeira, Porto. Check-in Friday 14 March after 15:00, check-out Sunday 16 March before 11:00.',
  '',
  'Total for two nights including breakfast: EUR 238, paid by card.',
].join('\n');

/** Migration 009: the passage vector tables, and triggers that take a passage's vector with it. */
describe('migration 009: vectors for screen passages', () => {
  const folder = storeFolderPerTest('engram-mig9-');
  const embedder = new UseEmbedder();
  const open = (opts: { targetVersion?: number; embedder?: UseEmbedder | null } = {}) =>
    openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), embedder: opts.embedder === undefined ? embedder : opts.embedder, targetVersion: opts.targetVersion });
  const observe = (store: EngramStore, at: number, text: string, title: string) =>
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: at, app: 'Chromium', title, url: null, text, caption: null });
  const count = (store: EngramStore, sql: string) => store.db.prepare(sql).pluck().get() as number;
  afterAll(() => embedder.close());

  it('upgrades a version-7 database with passages, keeping them; they are embedded at the first start and found by meaning', async () => {
    const old = await open({ targetVersion: 7, embedder: null });
    expect(old.db.pragma('user_version', { simple: true })).toBe(7);
    expect(old.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'passage_vec'").get()).toBeUndefined();
    const hotel = observe(old, 1_000, HOTEL, 'Your booking — Hotel Ribeira');
    const passages = old.passages.count();
    expect(passages).toBeGreaterThanOrEqual(2);
    await old.close();

    const store = await open();
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(LATEST_SCHEMA_VERSION).toBeGreaterThanOrEqual(9);
      expect(store.passages.count()).toBe(passages);
      await store.flushEmbeddings();
      expect(store.pendingPassageEmbeddings()).toBe(0);
      expect(count(store, 'SELECT count(*) FROM passage_vec')).toBe(passages);
      expect(count(store, 'SELECT count(*) FROM passage_vec_codes')).toBe(passages);
      const [qv] = await embedder.embed(['how much did the accommodation cost']);
      const near = store.passages.nearest(qv!, { minSimilarity: 0.2, limit: 1 });
      expect(near[0]!.text).toBe('Total for two nights including breakfast: EUR 238, paid by card.');
      expect(near[0]!.observation_id).toBe(hotel.id);
    } finally {
      await store.close();
    }
  });

  it('upgrades a version-8 database whose store already made the passage vector tables itself', async () => {
    const old = await open({ targetVersion: 8 });
    observe(old, 1_000, HOTEL, 'Your booking — Hotel Ribeira');
    await old.flushEmbeddings();
    expect(old.db.pragma('user_version', { simple: true })).toBe(8);
    const vectors = count(old, 'SELECT count(*) FROM passage_vec');
    expect(vectors).toBeGreaterThan(0);
    await old.close();

    const store = await open();
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(count(store, 'SELECT count(*) FROM passage_vec')).toBe(vectors);
    } finally {
      await store.close();
    }
  });

  it('the migrated schema alone (never opened with an embedder) keeps vectors with their passages', async () => {
    const store = await open({ embedder: null });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      observe(store, 1_000, HOTEL, 'Your booking — Hotel Ribeira');
      const seqs = store.db.prepare('SELECT seq FROM passages').pluck().all() as number[];
      expect(seqs.length).toBeGreaterThan(0);
      for (const seq of seqs) {
        store.db.prepare('INSERT INTO passage_vec(seq, vector) VALUES (?, ?)').run(seq, Buffer.alloc(8));
        store.db.prepare('INSERT INTO passage_vec_codes(seq, code) VALUES (?, ?)').run(seq, Buffer.alloc(8));
      }
      store.forget({ from: 0, to: 2_000 });
      expect(count(store, 'SELECT count(*) FROM passages')).toBe(0);
      expect(count(store, 'SELECT count(*) FROM passage_vec')).toBe(0);
      expect(count(store, 'SELECT count(*) FROM passage_vec_codes')).toBe(0);
    } finally {
      await store.close();
    }
  });
});
