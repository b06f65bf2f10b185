import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, HashEmbedder, type EngramStore } from '../../agents/store/index.js';

describe('a question about something done finds the memory that tells of it', () => {
  let dir: string;
  let store: EngramStore;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-narr-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(64) });
    const at = Date.UTC(2024, 4, 10, 12);
    const rows: [string, string][] = [
      // Small talk that matches the question's words more often than the answer does.
      ['talk', 'Ana: Thanks Ben! The lake sounds lovely.'],
      ['event', 'Ana: On Saturday we drove out to the lake and rented a kayak for the afternoon.'],
      ['other', 'Ben: My brother works near a lake, he says the water is still cold.'],
    ];
    for (const [k, text] of rows) {
      ids[k] = store.memories.insert({ kind: 'episodic', text, fields: { event_type: 'message', actor: text.split(':')[0]! }, occurred_at: at, segment: k }).id;
    }
    await store.flushEmbeddings();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const search = (query: string) => store.search({ query, limit: 3, now: Date.UTC(2024, 5, 1) });

  it('ranks the told event above the small talk, and says why', async () => {
    for (const q of ['What did Ana do at the lake?', 'What has Ana done at the lake?']) {
      const hits = await search(q);
      expect(hits[0]!.memory.id, q).toBe(ids.event);
      expect(hits[0]!.reasons.narrative_boost, q).toBeGreaterThan(0);
      expect(hits.find((h) => h.memory.id === ids.talk)!.reasons.narrative_boost, q).toBeUndefined();
    }
    // Without the boost, the small talk's words win: the boost is what decides.
    const saved = store.retriever.weights.narrative;
    store.retriever.weights.narrative = 0;
    try {
      expect((await search('What did Ana do at the lake?'))[0]!.memory.id).toBe(ids.talk);
    } finally {
      store.retriever.weights.narrative = saved;
    }
  });

  it('adds nothing to a question about a state', async () => {
    for (const h of await search('Which lake does Ana like?')) expect(h.reasons.narrative_boost).toBeUndefined();
  });
});
