import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, HashEmbedder, mayNameTime, type EngramStore } from '../../agents/store/index.js';

/** Noon UTC, so the day is the same in any zone the tests run in. */
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12);

describe('a query that names a time', () => {
  let dir: string;
  let store: EngramStore;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-qtime-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(64) });
    // The same kind of evening on several days, told in the same words: only the date tells them
    // apart (the boost is soft: it decides between memories the words match alike).
    const evenings: [string, number, string][] = [
      ['oct', day(2022, 10, 14), 'Cooked a big pot of lentil soup for dinner, the whole flat smelled of cumin.'],
      ['nov9', day(2022, 11, 9), 'Cooked a mushroom risotto for dinner, stirred it for forty minutes.'],
      ['nov20', day(2022, 11, 20), 'Cooked a new recipe for dinner: a chickpea curry with spinach.'],
      ['jan', day(2023, 1, 5), 'Cooked dinner for my parents, roast chicken with potatoes.'],
    ];
    for (const [k, at, text] of evenings) ids[k] = store.memories.insert({ kind: 'episodic', text, occurred_at: at, segment: k }).id;
    await store.flushEmbeddings();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rank = async (query: string, opts: { now?: number; since?: number; until?: number; mode?: 'hybrid' | 'bm25' } = {}) =>
    store.search({ query, limit: 4, now: opts.now ?? day(2023, 6, 1), ...opts });

  it('ranks the memories of that day, month or year first, and says so', async () => {
    for (const q of ['What did I cook for dinner on 9 November 2022?', 'dinner on Nov 9, 2022', 'what was for dinner on the 9th of November 2022']) {
      const hits = await rank(q);
      expect(hits[0]!.memory.id, q).toBe(ids.nov9);
      expect(hits[0]!.reasons.time_boost, q).toBeGreaterThan(0);
      expect(hits.find((h) => h.memory.id === ids.oct)!.reasons.time_boost, q).toBeUndefined();
    }
    const month = await rank('what did I have for dinner in November 2022?');
    expect(new Set(month.slice(0, 2).map((h) => h.memory.id))).toEqual(new Set([ids.nov9, ids.nov20]));
    const year = await rank('dinners I cooked in 2023');
    expect(year[0]!.memory.id).toBe(ids.jan);
  });

  it('reads relative times against the search\'s now', async () => {
    const hits = await rank('what did I cook for dinner yesterday?', { now: day(2022, 11, 21) });
    expect(hits[0]!.memory.id).toBe(ids.nov20);
    const lastMonth = await rank('dinner last month', { now: day(2022, 12, 10) });
    expect(lastMonth.slice(0, 2).map((h) => h.memory.id).sort()).toEqual([ids.nov9, ids.nov20].sort());
  });

  it('boosts what was told in the days after the named day, less than the day itself', async () => {
    const hits = await rank('what did I cook for dinner on 19 November 2022?');
    const told = hits.find((h) => h.memory.id === ids.nov20)!;
    expect(told.reasons.time_boost).toBeGreaterThan(0);
    expect(told.reasons.time_boost).toBeLessThan(store.retriever.weights.time);
    // Two weeks later, or before the day: nothing.
    const later = await rank('what did I cook for dinner on 6 November 2022?');
    expect(later.find((h) => h.memory.id === ids.nov20)!.reasons.time_boost).toBeUndefined();
    expect(later.find((h) => h.memory.id === ids.oct)!.reasons.time_boost).toBeUndefined();
  });

  it('adds nothing when the query names no time, when the search has a time filter, or outside hybrid mode', async () => {
    for (const q of ['What did I cook for dinner?', 'What may I cook for dinner?', 'dinner recipes with spinach']) {
      for (const h of await rank(q)) expect(h.reasons.time_boost, q).toBeUndefined();
    }
    // A window open at the start covers most of a store: no boost.
    for (const h of await rank('what did I cook for dinner before 1 January 2023?')) expect(h.reasons.time_boost).toBeUndefined();
    const filtered = await rank('dinner on 9 November 2022', { since: day(2022, 1, 1), until: day(2023, 12, 31) });
    for (const h of filtered) expect(h.reasons.time_boost).toBeUndefined();
    for (const h of await rank('dinner on 9 November 2022', { mode: 'bm25' })) expect(h.reasons.time_boost).toBeUndefined();
  });
});

describe('mayNameTime (the cheap test before the date parser)', () => {
  it('lets through the ways people name a time', () => {
    for (const q of ['on 9 November 2022', 'last week', 'three weeks ago', 'on Friday', 'in March', 'yesterday evening', 'Sept 3rd', 'over the weekend', 'recently']) {
      expect(mayNameTime(q), q).toBe(true);
    }
  });
  it('skips questions without one', () => {
    for (const q of ['What did Caroline paint?', 'which books does Ana like', 'Where is the Atlas launch deck?', 'who made the mushroom risotto']) {
      expect(mayNameTime(q), q).toBe(false);
    }
  });
});

describe("the days a query names are the user's days (the search's time zone)", () => {
  let dir: string;
  let store: EngramStore;
  let late = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-qtz-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(64) });
    // 23:30 UTC on 10 February: the 11th in Tokyo, still the 10th in New York.
    late = store.memories.insert({ kind: 'episodic', text: 'Cooked ramen for dinner with extra egg.', occurred_at: Date.UTC(2022, 1, 10, 23, 30), segment: 'a' }).id;
    store.memories.insert({ kind: 'episodic', text: 'Cooked pasta for dinner, too much garlic.', occurred_at: Date.UTC(2022, 1, 20, 12), segment: 'b' });
    await store.flushEmbeddings();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('boosts a memory from the named day in the zone the search gives, not the process zone', async () => {
    const q = 'what did I cook for dinner on 11 February 2022?';
    const now = Date.UTC(2022, 5, 1);
    const boost = async (timeZone?: string) => (await store.search({ query: q, limit: 4, now, timeZone })).find((h) => h.memory.id === late)?.reasons.time_boost;
    expect(await boost('Asia/Tokyo')).toBeGreaterThan(0);
    expect(await boost('America/New_York')).toBeUndefined();
    // A zone that is not one is the process's zone, not an error.
    await expect(store.search({ query: q, limit: 4, now, timeZone: 'Mars/Olympus' })).resolves.toBeDefined();
  });
});
