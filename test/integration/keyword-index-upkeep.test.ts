import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { keywordIndexUpkeep } from '../../agents/meta/keyword-index-upkeep.js';
import { BrainSettingsSchema } from '../../shared/settings/index.js';

/**
 * Issue 34's search speed: every MATCH seeks each word in every segment of the keyword index, and
 * small writes (capture's, chat's) leave many. The brain merges them in idle time, a slice at a time.
 */
const dirs: string[] = [];
const stores: EngramStore[] = [];
async function storeWithSegments(): Promise<EngramStore> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-fts-upkeep-'));
  dirs.push(dir);
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 5)), embedder: null });
  stores.push(store);
  // One transaction per memory, as capture and chat write: each leaves its own small segment.
  const topics = ['invoice', 'dentist', 'router', 'passport', 'budget', 'ferry', 'thermostat', 'lease'];
  // Enough distinct words that the index spans many pages, so a merge takes more than one slice.
  for (let i = 0; i < 300; i++) {
    const t = topics[i % topics.length]!;
    const words = Array.from({ length: 40 }, (_, k) => `w${(i * 41 + k * 7919) % 5003}x${k % 13}`).join(' ');
    store.memories.insert({ kind: 'semantic', title: `${t} note ${i}`, text: `The ${t} matter number ${i} was handled on day ${i % 7}: ${words}` });
  }
  return store;
}
const segments = (store: EngramStore, table: string) => Number(store.db.prepare(`SELECT count(DISTINCT segid) FROM ${table}_idx`).pluck().get());
const settings = () => BrainSettingsSchema.parse({ dream: { idle_min: 30 } });
const MIN = 60_000;

/** The part of the meta-agent the upkeep uses: its queue and the last user activity. */
function meta(lastActivityAt: number) {
  const m = {
    lastActivityAt,
    jobs: 0,
    onJob: (_n: number) => {},
    async exclusive<T>(job: () => Promise<T>): Promise<T> {
      m.jobs++;
      const r = await job();
      m.onJob(m.jobs);
      return r;
    },
  };
  return m;
}

afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the keyword index merge in idle time', () => {
  it('merges the segments into one, a slice per turn of the queue, and searches find the same', async () => {
    const store = await storeWithSegments();
    expect(segments(store, 'memory_fts')).toBeGreaterThan(2);
    const before = (await store.search({ query: 'dentist matter', limit: 10 })).map((h) => h.memory.id);
    const m = meta(0);
    let t = 100 * MIN;
    const upkeep = keywordIndexUpkeep({ store, meta: m, now: () => t, settings, pages: 1 });
    const r = await upkeep.run();
    expect(r.done).toBe(true);
    expect(r.slices).toBeGreaterThan(1);
    expect(m.jobs).toBe(r.slices);
    expect(segments(store, 'memory_fts')).toBe(1);
    expect(upkeep.lastRun()).toBe(t);
    expect((await store.search({ query: 'dentist matter', limit: 10 })).map((h) => h.memory.id)).toEqual(before);
    // Nothing left to merge: the next run is one slice that finds no work.
    t += MIN;
    expect(await upkeep.run()).toEqual({ slices: 1, done: true });
  });

  it('waits until the user has been idle as long as dream does, and then once a day', async () => {
    const store = await storeWithSegments();
    const segs = segments(store, 'memory_fts');
    const m = meta(0);
    let t = 10 * MIN; // active 10 minutes ago: not idle yet (30)
    const upkeep = keywordIndexUpkeep({ store, meta: m, now: () => t, settings });
    upkeep.maybe();
    await new Promise((r) => setTimeout(r, 50));
    expect(m.jobs).toBe(0);
    expect(segments(store, 'memory_fts')).toBe(segs);
    t = 40 * MIN;
    upkeep.maybe();
    await expect.poll(() => upkeep.lastRun()).toBe(t);
    expect(segments(store, 'memory_fts')).toBe(1);
    // New segments the same day wait for tomorrow's idle time.
    for (let i = 0; i < 20; i++) store.memories.insert({ kind: 'semantic', title: `later ${i}`, text: `A later fact ${i}` });
    const jobs = m.jobs;
    t += 60 * MIN;
    upkeep.maybe();
    await new Promise((r) => setTimeout(r, 50));
    expect(m.jobs).toBe(jobs);
    t += 24 * 60 * MIN;
    upkeep.maybe();
    await expect.poll(() => upkeep.lastRun()).toBe(t);
    expect(segments(store, 'memory_fts')).toBe(1);
  });

  it('stops after its slice when the user is back, and takes up the merge at the next idle time', async () => {
    const store = await storeWithSegments();
    const m = meta(0);
    const t = 100 * MIN;
    // An observation arrives while the first slice runs.
    m.onJob = (n) => {
      if (n === 1) m.lastActivityAt = t;
    };
    const upkeep = keywordIndexUpkeep({ store, meta: m, now: () => t, settings, pages: 1 });
    expect(await upkeep.run()).toEqual({ slices: 1, done: false });
    expect(segments(store, 'memory_fts')).toBeGreaterThan(1);
    expect(upkeep.lastRun()).toBeNull();
    m.onJob = () => {};
    expect((await upkeep.run()).done).toBe(true);
    expect(segments(store, 'memory_fts')).toBe(1);
  });
});
