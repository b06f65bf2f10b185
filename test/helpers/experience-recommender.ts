import type { ActionRecommender, ChatStore } from '../../agents/chat/index.js';
import { ExperienceMemory } from '../../agents/experience/index.js';

/**
 * For tests that build a ChatService by hand: experience memory over the same store, without the
 * half-life setting. The engine passes its handler map's experiences.recommend instead
 * (test/integration/engine-chat-recommend.test.ts proves that path).
 */
export function storeRecommender(store: ChatStore): ActionRecommender {
  return new ExperienceMemory(store);
}
