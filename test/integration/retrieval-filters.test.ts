import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Memory } from '../../shared/index.js';
import { openStore, StaticKeyProvider, HashEmbedder, type EngramStore } from '../../agents/store/index.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1, 12);
const MODES = ['hybrid', 'bm25', 'vector'] as const;

/**
 * Every memory mentions the same topic, so without filters all of them match; each filter must cut
 * the results to what it allows in every mode, including units that only came in as context
 * (neighbours of a match in the same segment).
 */
describe('retrieval filters', () => {
  let dir: string;
  let store: EngramStore;
  const all: Memory[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-filters-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(128) });
    const apps = ['Slack', 'Safari', null];
    const kinds = ['episodic', 'semantic', 'resource'] as const;
    for (let i = 0; i < 30; i++) {
      const kind = kinds[i % 3]!;
      all.push(
        store.memories.insert({
          kind,
          text: `Notes ${i} about the kayak trip planning and the river map`,
          fields: kind === 'resource' ? { resource_type: 'url' } : {},
          app: apps[Math.floor(i / 3) % 3] ?? null,
          occurred_at: NOW - i * DAY,
          segment: `seg-${Math.floor(i / 5)}`,
        }),
      );
    }
    // A superseded fact stays out unless asked for.
    const old = store.memories.insert({ kind: 'semantic', text: 'The kayak trip planning meeting is on Monday', created_at: NOW - 100 * DAY });
    const fresh = store.memories.insert({ kind: 'semantic', text: 'The kayak trip planning meeting is on Tuesday', created_at: NOW - 99 * DAY });
    store.memories.update(old.id, { superseded_by: fresh.id }, 'newer fact');
    all.push(store.memories.get(old.id)!, fresh);
    await store.flushEmbeddings();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const time = (m: Memory) => Date.parse(m.occurred_at ?? m.created_at);

  for (const mode of MODES) {
    it(`kinds, time range, app and superseded filters hold in ${mode} mode`, async () => {
      const q = 'kayak trip planning river map';
      const kinds = await store.search({ query: q, mode, kinds: ['semantic'], limit: 50, now: NOW });
      expect(kinds.length).toBeGreaterThan(0);
      expect(kinds.every((h) => h.memory.kind === 'semantic')).toBe(true);

      const since = NOW - 10 * DAY;
      const until = NOW - 3 * DAY;
      const window = await store.search({ query: q, mode, since, until, limit: 50, now: NOW });
      expect(window.length).toBeGreaterThan(0);
      expect(window.every((h) => time(h.memory) >= since && time(h.memory) <= until)).toBe(true);

      const app = await store.search({ query: q, mode, app: 'Slack', limit: 50, now: NOW });
      expect(app.length).toBeGreaterThan(0);
      expect(app.every((h) => h.memory.app === 'Slack')).toBe(true);

      const combined = await store.search({ query: q, mode, kinds: ['episodic'], app: 'Safari', since: NOW - 20 * DAY, limit: 50, now: NOW });
      const expected = all.filter((m) => m.kind === 'episodic' && m.app === 'Safari' && time(m) >= NOW - 20 * DAY).map((m) => m.id);
      expect(combined.length).toBeGreaterThan(0);
      expect(combined.every((h) => expected.includes(h.memory.id))).toBe(true);

      const unfiltered = await store.search({ query: q, mode, limit: 50, now: NOW });
      expect(unfiltered.some((h) => h.memory.superseded_by !== null)).toBe(false);
      const withOld = await store.search({ query: 'kayak trip planning meeting Monday', mode, limit: 50, includeSuperseded: true, now: NOW });
      expect(withOld.some((h) => h.memory.superseded_by !== null)).toBe(true);
    });
  }

  it('a filter that nothing passes returns nothing in every mode', async () => {
    for (const mode of MODES) {
      expect(await store.search({ query: 'kayak trip', mode, app: 'Figma', now: NOW })).toEqual([]);
      expect(await store.search({ query: 'kayak trip', mode, kinds: ['procedural'], now: NOW })).toEqual([]);
      expect(await store.search({ query: 'kayak trip', mode, since: NOW + DAY, now: NOW })).toEqual([]);
    }
  });
});
