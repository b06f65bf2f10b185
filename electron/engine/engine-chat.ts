import type { ActionRecommender, ChatService } from '../../agents/chat/index.js';
import type { LlmProvider } from '../../agents/llm/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import type { ApiClient } from '../../shared/api/index.js';
import { errorLine } from '../../shared/text/index.js';
import type { EngineBrain } from './engine-brain.js';
import type { PendingWork } from './pending-work.js';

export interface EngineChat {
  /** The chat service, built on first use (null when chat is off). */
  get(): Promise<ChatService | null>;
  /** Chat's recommend_action asks the handler map, which exists only after chat: bound once it does. */
  bind(client: ApiClient): void;
}

interface ChatParts {
  store: EngramStore;
  model: () => LlmProvider;
  choice: { topics?: boolean } | null;
  timeZone?: string;
  /** Each stored turn is handed to this brain (null: chat only). */
  brain: EngineBrain | null;
  work: PendingWork;
  log: (line: string) => void;
}

/** Chat over the store with the engine's model; each stored turn is learnt from by the brain. */
export function engineChat(p: ChatParts): EngineChat {
  // recommend_action asks the handler map, as the window, the CLI and MCP do, so it honours the
  // experience half-life setting.
  let client: ApiClient | null = null;
  const recommender: ActionRecommender = {
    recommend: async (task) => {
      if (!client) throw new Error('the handler map is not ready yet');
      return (await client.call('experiences.recommend', { task })).recommendation;
    },
  };
  const brain = p.brain;
  let ready: Promise<ChatService> | null = null;
  return {
    get() {
      const choice = p.choice;
      if (!choice) return Promise.resolve(null);
      ready ??= import('../../agents/chat/index.js').then(
        ({ ChatService }) =>
          new ChatService({
            store: p.store,
            llm: p.model,
            // Active retrieval is on by default wherever a model is configured (the service's default).
            topicExtraction: choice.topics,
            timeZone: p.timeZone,
            recommender,
            // Each stored turn is handed to the brain (what the user said about themselves, what they asked about).
            onTurnStored: brain ? (turn) => p.work.track(brain.ready.then((b) => b?.ingestMessages(turn.threadId)), 'chat: learning from the conversation') : undefined,
            onHookError: (err) => p.log(`chat: hook failed: ${errorLine(err)}`),
          }),
      );
      return ready;
    },
    bind: (c) => {
      client = c;
    },
  };
}
