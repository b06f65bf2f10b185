import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import type { ChatService } from '../../agents/chat/index.js';
import type { Brain } from '../../agents/meta/index.js';
import { openChatBrain, type ChatBrain } from '../helpers/chat-brain.js';

/**
 * Issue 15: a question asked of Engram is not a memory. The turn stays with its thread, what the
 * user states in chat is still learnt, and conversations imported from elsewhere still make episodes.
 */
describe('questions asked in chat do not become episodes', () => {
  let f: ChatBrain;
  let store: EngramStore;
  let brain: Brain;
  let chat: ChatService;
  let learnt: Promise<unknown>[];

  beforeEach(async () => {
    f = await openChatBrain('engram-qep-');
    ({ store, brain, chat, learnt } = f);
  });
  afterEach(() => f.close());

  const episodes = () => store.memories.list({ kinds: ['episodic'], limit: 100 });

  it('asking writes no episode; the question and answer stay in the thread; a fact stated in the same chat is still learnt', async () => {
    const first = await chat.ask({ text: 'What is the gate for my flight to Lisbon?' });
    const second = await chat.ask({ text: 'And who approved the Atlas budget?', threadId: first.threadId });
    await Promise.all(learnt.splice(0));

    expect(store.messages.list(first.threadId).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(second.threadId).toBe(first.threadId);
    expect(episodes()).toEqual([]);
    // Both turns were processed by the brain (not merely skipped).
    expect(store.messages.list(first.threadId).every((m) => m.processed_at != null)).toBe(true);

    // A statement in the same thread is learnt as a fact; its episode cites the statement only.
    await chat.ask({ text: 'My manager is Ana Souza.', threadId: first.threadId });
    await Promise.all(learnt.splice(0));
    const facts = store.memories.list({ kinds: ['semantic'], limit: 50 });
    expect(facts.some((m) => /Ana Souza/.test(`${m.title} ${m.text}`))).toBe(true);
    const eps = episodes();
    expect(eps).toHaveLength(1);
    expect(eps[0]!.details).toContain('My manager is Ana Souza');
    const asked = new Set(store.messages.list(first.threadId).filter((m) => m.role === 'user' && m.text.endsWith('?')).map((m) => m.id));
    for (const e of eps) {
      expect(e.details).not.toMatch(/gate for my flight|Atlas budget/);
      const cites = store.memories.provenance(e.id);
      expect(cites.length).toBeGreaterThan(0);
      for (const p of cites) expect(asked.has(p.source_id)).toBe(false);
    }
  });

  it('an imported conversation (no answer by Engram) is still an episode, questions included', async () => {
    const t = store.threads.create('Trip planning with Sam', 1_000);
    store.messages.insert({ thread_id: t.id, role: 'user', text: 'Sam, which hotel did you book in Porto?', raw: { role: 'user', content: 'x' }, created_at: 1_000 });
    store.messages.insert({ thread_id: t.id, role: 'assistant', text: 'The Ribeira Inn, two nights.', raw: { role: 'assistant', content: 'y' }, created_at: 1_001 });
    await brain.ingestMessages(t.id);
    const eps = episodes();
    expect(eps).toHaveLength(1);
    expect(eps[0]!.title).toContain('Trip planning with Sam');
    expect(eps[0]!.details).toContain('which hotel did you book in Porto');
  });
});
