import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { MeaningTableEmbedder } from '../fakes/meaning-table-embedder.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/**
 * The brain's own experience memory finds similar tasks by meaning (issue 30), as the engine's
 * experience requests do: with the store's embedder. The meaning is a table that says the two tasks
 * below mean the same, and nothing else does (the real encoder's judgement: experience-meaning).
 */
const NOW = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;
const TASK = 'login page times out under load';
const ASKED = 'authentication is slow at peak';

describe("the brain's experience memory", () => {
  let store: EngramStore;
  tempStoreEachTest('engram-brain-xp-', (t) => {
    store = t.store;
  }, { embedder: new MeaningTableEmbedder([new RegExp(`^(?:${TASK}|${ASKED})$`, 'i')]) });

  it('recommends what worked for a task asked in other words', async () => {
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', now: () => NOW, subscribe: false });
    for (let i = 0; i < 4; i++) brain.experience.record({ task: TASK, action: 'raise the connection pool of the auth service', outcome: 'success' }, [], NOW - DAY - i * 60_000);
    await store.flushEmbeddings();
    const r = await brain.experience.recommend(ASKED);
    expect(r?.action).toBe('raise the connection pool of the auth service');
    expect(r?.successes).toBe(4);
    expect(await brain.experience.recommend('bake sourdough bread')).toBeNull();
  });
});
