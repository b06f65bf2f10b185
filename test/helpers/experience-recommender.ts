import type { ActionRecommender, ChatStore } from '../../agents/chat/index.js';
import { ExperienceMemory } from '../../agents/experience/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { tempStoreEachTest } from './temp-store.js';

/**
 * For tests that build a ChatService by hand: experience memory over the same store, without the
 * half-life setting. The engine passes its handler map's experiences.recommend instead
 * (test/integration/engine-chat-recommend.test.ts proves that path).
 */
export function storeRecommender(store: ChatStore): ActionRecommender {
  return new ExperienceMemory(store);
}

/**
 * Experience memory as the experience tests drive it: over a fresh store for each test of the
 * calling describe, recalling by BM25, its clock stopped at `now`; both handed to `ready`.
 */
export function experienceEachTest(prefix: string, now: number, ready: (t: { store: EngramStore; exp: ExperienceMemory }) => void): void {
  tempStoreEachTest(prefix, (t) => {
    ready({ store: t.store, exp: new ExperienceMemory(t.store, { now: () => now, searchMode: 'bm25' }) });
  });
}
