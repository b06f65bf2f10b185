import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { ChatService } from '../../agents/chat/index.js';
import { createBrain, type Brain } from '../../agents/meta/index.js';
import { storeRecommender } from './experience-recommender.js';

/** A real store, an offline brain and a chat service whose every stored turn the brain learns from. */
export interface ChatBrain {
  store: EngramStore;
  brain: Brain;
  chat: ChatService;
  /** The brain's work on each stored turn: await it before reading memories. */
  learnt: Promise<unknown>[];
  close(): Promise<void>;
}

export async function openChatBrain(prefix: string): Promise<ChatBrain> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(64) });
  const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
  const learnt: Promise<unknown>[] = [];
  const chat = new ChatService({ store, llm: new OfflineProvider(), recommender: storeRecommender(store), timeZone: 'UTC', onTurnStored: (t) => learnt.push(brain.ingestMessages(t.threadId)) });
  return {
    store,
    brain,
    chat,
    learnt,
    async close() {
      await Promise.all(learnt.splice(0));
      await brain.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
