import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { quoteObserved } from '../../shared/memory/index.js';
import { AnthropicProvider, OpenAiProvider, type LlmProvider } from '../../agents/llm/index.js';
import { ChatService, searchQueryOf, WITHHELD_STUB, type ChatServiceOptions } from '../../agents/chat/index.js';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../fakes/fake-anthropic-server.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiRequest } from '../fakes/fake-openai-server.js';
import { FIXTURE_TZ, NOW, SECRET, SECRET_CAPTION, seedChatFixture, type ChatFixtureIds } from '../fixtures/chat/chat-fixture.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/** One scripted model turn, in the shape both fake servers take. */
interface Script {
  text?: string;
  toolUses?: { name: string; input?: unknown; rawInput?: string }[];
  status?: number;
}

/** A request as the tests read it, whichever wire format it came in. */
interface Seen {
  system: string;
  toolResults: { content: string; isError: boolean }[];
  toolChoiceNone: boolean;
  hasTools: boolean;
  isTopics: boolean;
}

interface Driver {
  name: string;
  start(): Promise<void>;
  close(): Promise<void>;
  reset(): void;
  llm(store: EngramStore): LlmProvider;
  enqueue(...s: Script[]): void;
  setHandler(h: ((seen: Seen, index: number) => Script) | null): void;
  seen(): Seen[];
  allText(): string;
}

const TOPICS_MARK = 'into search topics';

function anthropicDriver(): Driver {
  let fake: FakeAnthropic;
  const read = (r: RecordedRequest): Seen => {
    const s = r.body.system;
    const system = typeof s === 'string' ? s : (s ?? []).map((b) => b.text).join('\n');
    const toolResults: Seen['toolResults'] = [];
    for (const m of r.body.messages) {
      if (!Array.isArray(m.content)) continue;
      for (const b of m.content as { type: string; content?: string; is_error?: boolean }[]) {
        if (b.type === 'tool_result') toolResults.push({ content: String(b.content), isError: b.is_error === true });
      }
    }
    const choice = r.body.tool_choice as { type?: string } | undefined;
    return { system, toolResults, toolChoiceNone: choice?.type === 'none', hasTools: Boolean(r.body.tools?.length), isTopics: system.includes(TOPICS_MARK) };
  };
  return {
    name: 'Anthropic',
    start: async () => {
      fake = await startFakeAnthropic();
    },
    close: () => fake.close(),
    reset: () => fake.reset(),
    llm: (store) =>
      new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, timeoutMs: 60_000, retry: { maxRetries: 1 }, sleep: async () => {}, usage: store.llmCalls }),
    enqueue: (...s) => fake.enqueue(...s),
    setHandler: (h) => fake.setHandler(h ? (r) => h(read(r), fake.requests.indexOf(r)) : null),
    seen: () => fake.requests.map(read),
    allText: () => fake.allText(),
  };
}

function openAiDriver(): Driver {
  let fake: FakeOpenAi;
  const read = (r: FakeOpenAiRequest): Seen => {
    const system = r.body.messages
      .filter((m) => m.role === 'system')
      .map((m) => String(m.content))
      .join('\n');
    const toolResults = r.body.messages
      .filter((m) => m.role === 'tool')
      .map((m) => ({ content: String(m.content), isError: String(m.content).startsWith('Error:') }));
    return { system, toolResults, toolChoiceNone: r.body.tool_choice === 'none', hasTools: Boolean(r.body.tools?.length), isTopics: system.includes(TOPICS_MARK) };
  };
  return {
    name: 'OpenAI-compatible',
    start: async () => {
      fake = await startFakeOpenAi({ models: ['llama3.1:8b'] });
    },
    close: () => fake.close(),
    reset: () => fake.reset(),
    llm: (store) =>
      new OpenAiProvider({ baseURL: fake.url, models: { chat: 'llama3.1:8b' }, timeoutMs: 60_000, retry: { maxRetries: 1 }, sleep: async () => {}, usage: store.llmCalls }),
    enqueue: (...s) => fake.enqueue(...s),
    setHandler: (h) => fake.setHandler(h ? (r) => h(read(r), fake.requests.indexOf(r)) : null),
    seen: () => fake.requests.map(read),
    allText: () => fake.allText(),
  };
}

/** The [n] a tool result (or the prompt) gave the memory whose line contains `needle`. */
function numberIn(text: string, needle: string): number {
  const line = text.split('\n').find((l) => /^\[\d+\] /.test(l) && l.includes(needle));
  if (!line) throw new Error(`no numbered line mentions "${needle}" in:\n${text}`);
  return Number(/^\[(\d+)\]/.exec(line)![1]);
}

describe.each([anthropicDriver(), openAiDriver()])('chat with memory tools over $name (real client, fake server)', (driver) => {
  let store: EngramStore;
  let ids: ChatFixtureIds;

  beforeAll(() => driver.start());
  afterAll(() => driver.close());

  const service = (extra: Partial<ChatServiceOptions> = {}) =>
    new ChatService({ store, llm: driver.llm(store), recommender: storeRecommender(store), now: () => NOW, timeZone: FIXTURE_TZ, topicExtraction: false, ...extra });
  const chatRequests = () => driver.seen().filter((s) => !s.isTopics);

  tempStoreEachTest('engram-chat-tools-', async (t) => {
    store = t.store;
    driver.reset();
    ids = seedChatFixture(store);
    await store.flushEmbeddings();
    return async () => {
      const sent = driver.allText();
      expect(sent).not.toContain(SECRET);
      expect(sent).not.toContain(SECRET_CAPTION);
    };
  }, { embedder: new HashEmbedder(64) });

  it('answers with one extra search_memories call and cites what the tool found', async () => {
    driver.setHandler((seen) => {
      if (seen.toolResults.length === 0) return { toolUses: [{ name: 'search_memories', input: { query: 'deploy orders service staging', kinds: ['procedural'] } }] };
      const guide = numberIn(seen.toolResults[0]!.content, 'deploy the orders service');
      const ana = numberIn(seen.system, 'Ana Lopez');
      return { text: `Ana Lopez is your manager [${ana}]. To ship, follow the deploy guide [${guide}].` };
    });
    const retrievals: number[] = [];
    const turn = await service({ quotas: { perKind: 1, recentInWindow: 1, recentWithoutWindow: 0 } }).ask(
      { text: 'Who is my manager?' },
      { retrieval: (r) => retrievals.push(r.numbered.length) },
    );

    const reqs = chatRequests();
    expect(reqs).toHaveLength(2);
    // The first retrieval happened before the model was called and did not hold the guide.
    expect(reqs[0]!.system).toContain('Ana Lopez');
    expect(reqs[0]!.system).not.toContain('deploy the orders service');
    expect(reqs[0]!.hasTools).toBe(true);
    expect(turn.status).toBe('complete');
    expect(turn.toolSteps).toBe(1);
    expect(turn.citations.map((c) => c.memory_id)).toEqual([ids.anaManager, ids.deployGuide]);
    // The window hears of the memory the tool found (a second, longer list).
    expect(retrievals).toHaveLength(2);
    expect(retrievals[1]).toBeGreaterThan(retrievals[0]!);
    const stored = store.messages.get(turn.assistantMessageId)!.raw as { engram: { tool_calls: { name: string }[]; retrieved: { memory_id: string }[] } };
    expect(stored.engram.tool_calls.map((c) => c.name)).toEqual(['search_memories']);
    expect(stored.engram.retrieved.map((r) => r.memory_id)).toContain(ids.deployGuide);
  });

  it('answers a simple question in one call, without searching again', async () => {
    driver.setHandler((seen) => ({ text: `Ana Lopez [${numberIn(seen.system, 'Ana Lopez')}].` }));
    const turn = await service().ask({ text: 'Who is my manager?' });
    expect(chatRequests()).toHaveLength(1);
    expect(turn.toolSteps).toBe(0);
    expect(turn.citations.map((c) => c.memory_id)).toEqual([ids.anaManager]);
  });

  it('sends a malformed tool call back with the error, then answers after the corrected call', async () => {
    driver.enqueue(
      { toolUses: [{ name: 'search_memories', rawInput: '{"query": "deploy' }] },
      { toolUses: [{ name: 'search_memories', input: { query: 'deploy orders service' } }] },
    );
    driver.setHandler((seen) => ({ text: `Follow the guide [${numberIn(seen.toolResults.at(-1)!.content, 'deploy the orders service')}].` }));
    const turn = await service().ask({ text: 'How do I ship the thing to staging?' });

    const reqs = chatRequests();
    expect(reqs).toHaveLength(3);
    expect(reqs[1]!.toolResults).toHaveLength(1);
    expect(reqs[1]!.toolResults[0]!.isError).toBe(true);
    expect(reqs[1]!.toolResults[0]!.content).toMatch(/invalid arguments/);
    expect(turn.status).toBe('complete');
    expect(turn.citations.map((c) => c.memory_id)).toEqual([ids.deployGuide]);
  });

  it('stops at the step limit and answers from what was found', async () => {
    const queries = ['deploy orders service', 'MirixDB rollback', 'Keynote deck', 'standup'];
    driver.setHandler((seen, i) => {
      if (seen.toolChoiceNone) {
        const all = seen.toolResults.map((r) => r.content).join('\n');
        return { text: `The closest I found is the rollback review [${numberIn(all, 'rollback script')}].` };
      }
      return { toolUses: [{ name: 'search_memories', input: { query: queries[i % queries.length] } }] };
    });
    const turn = await service({ maxToolSteps: 3 }).ask({ text: 'What is the plan for the database switch?' });

    const reqs = chatRequests();
    expect(reqs).toHaveLength(3);
    expect(reqs.slice(0, 2).every((r) => !r.toolChoiceNone)).toBe(true);
    expect(reqs[2]!.toolChoiceNone).toBe(true);
    expect(turn.toolSteps).toBe(2);
    expect(turn.status).toBe('complete');
    expect(turn.citations.map((c) => c.memory_id)).toEqual([ids.mirixRollback]);
  });

  it('shows a high-sensitivity vault item found by a tool only as the masked stub', async () => {
    driver.enqueue(
      {
        toolUses: [
          { name: 'search_memories', input: { query: 'Lufthansa Miles More password account', kinds: ['knowledge_vault'] } },
          { name: 'get_memory', input: { id: ids.vaultHigh } },
        ],
      },
      { text: 'A matching password is in your vault; reveal it locally in Engram.' },
    );
    const turn = await service().ask({ text: 'What is the gate of my next trip?' });

    const results = chatRequests()[1]!.toolResults;
    expect(results).toHaveLength(2);
    expect(results[0]!.content).toContain(WITHHELD_STUB);
    // Tool results come quoted, as the prompt's memories do (chat-prompt-trust).
    expect(results[1]!.content).toBe(quoteObserved(WITHHELD_STUB));
    for (const r of results) expect(r.content).not.toContain('Lufthansa password');
    expect(turn.retrieval.withheld.map((m) => m.id)).toContain(ids.vaultHigh);
    expect(turn.citations.some((c) => c.memory_id === ids.vaultHigh)).toBe(false);
  });

  it('keeps the partial answer with its status when the model fails mid-loop', async () => {
    driver.enqueue(
      { text: 'Let me check the deploy guide.', toolUses: [{ name: 'search_memories', input: { query: 'deploy orders' } }] },
      { status: 500 },
      { status: 500 },
    );
    const turn = await service().ask({ text: 'How do I deploy the orders service?' });
    expect(turn.status).toBe('partial');
    expect(turn.answer).toBe('Let me check the deploy guide.');
    expect(turn.error).toMatch(/model/);
    expect(store.messages.get(turn.assistantMessageId)?.status).toBe('partial');
  });

  it('extracts topics once per question and searches with them', async () => {
    driver.setHandler((seen) => (seen.isTopics ? { text: '{"topics": ["MirixDB migration", "Ana"]}' } : { text: 'Noted.' }));
    const chat = service({ topicExtraction: undefined });
    const q = 'what was that thing about the database move?';
    const turn = await chat.ask({ text: q });
    expect(driver.seen().filter((s) => s.isTopics)).toHaveLength(1);
    expect(turn.retrieval.query).toBe(searchQueryOf('MirixDB migration Ana'));
    expect(turn.retrieval.numbered.map((m) => m.memory.id)).toContain(ids.mirixCall);
    // The same question again (ask --json's prepare, a retry): no second extraction call.
    await chat.prepare(q);
    await chat.ask({ text: q, threadId: turn.threadId });
    expect(driver.seen().filter((s) => s.isTopics)).toHaveLength(1);
    await chat.ask({ text: 'and the deck?', threadId: turn.threadId });
    expect(driver.seen().filter((s) => s.isTopics)).toHaveLength(2);
  });

  it('accounts tokens and cost for every step', async () => {
    driver.enqueue({ toolUses: [{ name: 'list_core', input: {} }] }, { text: 'You are Sam.' });
    const turn = await service().ask({ text: 'Who am I?' });
    expect(turn.usage!.input_tokens + turn.usage!.cache_read_tokens).toBeGreaterThan(0);
    const summary = store.llmCalls.summary();
    expect(summary.calls).toBe(2);
    if (driver.name === 'OpenAI-compatible') expect(summary.cost_usd).toBe(0); // a server on this machine
    else expect(summary.cost_usd).toBeGreaterThan(0);
  });
});

describe.each([anthropicDriver(), openAiDriver()])('long conversations over $name: a running summary', (driver) => {
  let store: EngramStore;

  beforeAll(() => driver.start());
  afterAll(() => driver.close());
  tempStoreEachTest('engram-chat-summary-', async (t) => {
    store = t.store;
    driver.reset();
    seedChatFixture(store);
    await store.flushEmbeddings();
  }, { embedder: new HashEmbedder(64) });

  const SUMMARY_MARK = 'running summary of a conversation';

  it('summarises older turns at 75% of the budget, keeps the last 5 verbatim, uses the summary next time, and deletes it with the thread', async () => {
    const thread = store.threads.create('Long talk', NOW - 3_600_000);
    // Eight long turns (~300 tokens each): with the prompt's own part, well past 75% of 2,700 tokens.
    for (let i = 0; i < 8; i++) {
      store.messages.insert({
        thread_id: thread.id,
        role: i % 2 === 0 ? 'user' : 'assistant',
        text: `Turn ${i} marker-${i}: ${'we went over the orders table migration and its rollback plan in detail. '.repeat(16)}`,
        raw: {},
        created_at: NOW - 3_600_000 + i * 60_000,
      });
    }
    driver.setHandler((seen) => (seen.system.includes(SUMMARY_MARK) ? { text: 'SUMMARY-7: the user and Engram went over the orders migration and its rollback.' } : { text: 'Noted.' }));
    const chat = new ChatService({ store, llm: driver.llm(store), recommender: storeRecommender(store), now: () => NOW, timeZone: FIXTURE_TZ, topicExtraction: false, budget: { historyTokens: 3000, historyTurns: 10 } });

    await chat.ask({ text: 'So what did we settle on?', threadId: thread.id });
    const seen = driver.seen();
    expect(seen.filter((s) => s.system.includes(SUMMARY_MARK))).toHaveLength(1);
    const saved = store.threadSummaries.get(thread.id)!;
    expect(saved.summary).toContain('SUMMARY-7');
    expect(saved.covered_messages).toBe(3);
    expect(chat.threadSummary(thread.id)?.summary).toContain('SUMMARY-7');
    const answerReq = driver.seen().filter((s) => !s.system.includes(SUMMARY_MARK)).at(-1)!;
    expect(answerReq.system).toContain('Earlier in this conversation');
    expect(answerReq.system).toContain('SUMMARY-7');

    // The next question's prompt carries the summary, not the summarised turns.
    driver.reset();
    driver.setHandler((s) => (s.system.includes(SUMMARY_MARK) ? { text: 'SUMMARY-8: more of the same.' } : { text: 'Yes.' }));
    await chat.ask({ text: 'And the freeze?', threadId: thread.id });
    const next = driver.seen().filter((s) => !s.system.includes(SUMMARY_MARK)).at(-1)!;
    expect(next.system).toMatch(/SUMMARY-[78]/);
    expect(driver.allText()).not.toContain('marker-0');

    expect(chat.deleteThread(thread.id)).toBe(true);
    expect(store.threadSummaries.get(thread.id)).toBeNull();
  });

  it('makes no summary while the thread is short', async () => {
    driver.setHandler(() => ({ text: 'Fine.' }));
    const chat = new ChatService({ store, llm: driver.llm(store), recommender: storeRecommender(store), now: () => NOW, timeZone: FIXTURE_TZ, topicExtraction: false });
    const t = await chat.ask({ text: 'Who is Ana?' });
    await chat.ask({ text: 'And Tom?', threadId: t.threadId });
    expect(driver.seen().some((s) => s.system.includes(SUMMARY_MARK))).toBe(false);
    expect(store.threadSummaries.get(t.threadId)).toBeNull();
  });
});
