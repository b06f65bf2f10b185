import { describe, expect, it } from 'vitest';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { AnthropicProvider, OfflineProvider, type LlmProvider } from '../../agents/llm/index.js';
import { ChatService } from '../../agents/chat/index.js';
import { ApiCallError, chatEvents, chatRequests } from '../../shared/api/index.js';
import { createChatHandlers, type ChatEventName, type ChatHandlers } from '../../electron/api/chat-handlers.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { FIXTURE_TZ, NOW, SECRET, seedChatFixture, type ChatFixtureIds } from '../fixtures/chat/chat-fixture.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';
import { serverForFile } from '../helpers/server-for-file.js';

let fake: FakeAnthropic;
serverForFile(startFakeAnthropic, (s) => (fake = s));

describe('chat handlers (UI contract)', () => {
  let store: EngramStore;
  let ids: ChatFixtureIds;
  let events: { name: ChatEventName; payload: unknown }[];
  let llm: LlmProvider;
  let handlers: ChatHandlers;

  tempStoreEachTest('engram-chat-api-', async (t) => {
    store = t.store;
    fake.reset();
    ids = seedChatFixture(store);
    await store.flushEmbeddings();
    events = [];
    // A minute, not 5 s: at load ~40 the first answer (the SDK's lazy load, then the stream) took longer and came back 'took too long'.
    llm = new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, timeoutMs: 60_000, retry: { maxRetries: 0 }, sleep: async () => {} });
    const chat = new ChatService({ store, llm: () => llm, recommender: storeRecommender(store), now: () => NOW, timeZone: FIXTURE_TZ });
    handlers = createChatHandlers({
      chat,
      emit: (name, payload) => {
        // Every pushed event matches its contract schema.
        chatEvents[name].parse(payload);
        events.push({ name, payload });
      },
    });
    return () => expect(fake.allText()).not.toContain(SECRET);
  }, { embedder: new HashEmbedder(64) });

  it('sends a question: retrieval, tokens, done; the result matches the contract', async () => {
    fake.setHandler(() => ({ text: 'You worked on the Q3 deck [1].', chunkSize: 4 }));
    const out = await handlers['chat.send']({ text: 'What was I doing yesterday at 3pm?', turn_id: 't1' });
    chatRequests['chat.send'].output.parse(out);

    const names = events.map((e) => e.name);
    expect(names[0]).toBe('chat.retrieval');
    expect(names.at(-1)).toBe('chat.done');
    expect(names.filter((n) => n === 'chat.token').length).toBeGreaterThan(3);
    const retrieval = events[0]!.payload as { memories: { n: number; memory: { id: string } }[]; time_range: unknown; turn_id: string };
    expect(retrieval.turn_id).toBe('t1');
    expect(retrieval.time_range).toEqual({ from: '2025-06-11T12:00:00.000Z', to: '2025-06-11T14:00:00.000Z' });
    const one = retrieval.memories.find((m) => m.n === 1)!.memory.id;
    expect(out.citations).toEqual([{ n: 1, memory_id: one, kind: 'episodic' }]);
    expect(out.status).toBe('complete');

    // The thread and its messages are listed.
    const { threads } = await handlers['chat.listThreads']({});
    expect(threads.map((t) => t.id)).toEqual([out.thread_id]);
    const msgs = await handlers['chat.messages']({ thread_id: out.thread_id });
    chatRequests['chat.messages'].output.parse(msgs);
    expect(msgs.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(msgs.messages[1]!.citations).toEqual(out.citations);
  });

  it('tells the UI which vault item was withheld, without sending it', async () => {
    fake.setHandler(() => ({ text: 'A matching vault item exists.' }));
    await handlers['chat.send']({ text: 'What is my Lufthansa password?' });
    const retrieval = events.find((e) => e.name === 'chat.retrieval')!.payload as { withheld: unknown[]; memories: { memory: { id: string } }[] };
    expect(retrieval.withheld).toEqual([{ memory_id: ids.vaultHigh, title: 'Lufthansa password', entry_type: 'password' }]);
    expect(retrieval.memories.map((m) => m.memory.id)).not.toContain(ids.vaultHigh);
  });

  it('cancel stops a turn mid-stream and keeps the partial answer', async () => {
    fake.enqueue({ text: 'You were editing the Q3 planning deck in Keynote, then you read an email.', chunkSize: 3, eventDelayMs: 40 });
    const sending = handlers['chat.send']({ text: 'What was I doing yesterday at 3pm?', turn_id: 'slow' });
    await new Promise<void>((resolve) => {
      const tick = () => (events.some((e) => e.name === 'chat.token') ? resolve() : setTimeout(tick, 5));
      tick();
    });
    expect(await handlers['chat.cancel']({ turn_id: 'slow' })).toEqual({ cancelled: true });
    const out = await sending;
    expect(out.status).toBe('partial');
    const err = events.at(-1)!;
    expect(err.name).toBe('chat.error');
    expect(err.payload).toMatchObject({ code: 'CANCELLED', status: 'partial', partial_text: out.answer, message: 'stopped before the answer was complete' });
    expect(out.answer.length).toBeGreaterThan(0);
    expect(store.messages.get(out.assistant_message_id)!.status).toBe('partial');
    expect(await handlers['chat.cancel']({ turn_id: 'slow' })).toEqual({ cancelled: false });
  });

  it('reports a model failure mid-stream as chat.error with the partial text', async () => {
    fake.enqueue({ text: 'You were editing the Q3 planning deck in Keynote.', chunkSize: 4, failAfterEvents: 6 });
    const out = await handlers['chat.send']({ text: 'What was I doing yesterday at 3pm?' });
    expect(out.status).toBe('partial');
    expect(events.at(-1)).toMatchObject({ name: 'chat.error', payload: { code: 'MODEL_ERROR', status: 'partial' } });
    expect(out.error).toBe('the model stopped mid-answer (the connection to the model broke off); the partial answer is kept');
  });

  it('refuses bad input with one clear line and stores nothing', async () => {
    const empty = await handlers['chat.send']({ text: '  ' }).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(ApiCallError);
    expect(empty).toMatchObject({ code: 'INVALID_INPUT', message: 'text: the question is empty: type something to ask' });
    const huge = await handlers['chat.send']({ text: 'a'.repeat(1_048_576) }).catch((e: unknown) => e);
    expect(huge).toMatchObject({ code: 'INVALID_INPUT', message: 'text: the question is too long: the limit is 16,000 characters; shorten it or ask about one part' });
    const missing = await handlers['chat.send']({ thread_id: 'thr_nope', text: 'hello' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'NOT_FOUND' });
    expect(await handlers['chat.messages']({ thread_id: 'thr_nope' }).catch((e: unknown) => e)).toMatchObject({ code: 'NOT_FOUND' });
    expect(store.messages.count()).toBe(0);
    expect(store.threads.list()).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('starts, renames, continues and deletes threads', async () => {
    llm = new OfflineProvider();
    const { thread } = await handlers['chat.startThread']({ title: 'Trip planning' });
    const out = await handlers['chat.send']({ thread_id: thread.id, text: 'Where was that flight confirmation I saw yesterday?' });
    expect(out.thread_id).toBe(thread.id);
    expect(out.mode).toBe('offline');
    expect(events.at(-1)!.name).toBe('chat.done');
    const renamed = await handlers['chat.renameThread']({ thread_id: thread.id, title: 'Berlin trip' });
    expect(renamed.thread.title).toBe('Berlin trip');
    expect(await handlers['chat.deleteThread']({ thread_id: thread.id })).toEqual({ deleted: true });
    expect((await handlers['chat.listThreads']({})).threads).toEqual([]);
    expect(store.messages.count()).toBe(0);
  });
});
