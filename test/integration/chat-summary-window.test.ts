import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { OpenAiProvider } from '../../agents/llm/index.js';
import { ChatService } from '../../agents/chat/index.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiRequest } from '../fakes/fake-openai-server.js';
import { FIXTURE_TZ, NOW, seedChatFixture } from '../fixtures/chat/chat-fixture.js';
import { storeRecommender } from '../helpers/experience-recommender.js';

const SUMMARY_MARK = 'running summary of a conversation';
const MODEL = 'small-8b';

let dir: string;
let store: EngramStore;
const fakes: FakeOpenAi[] = [];
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engram-summary-window-'));
  store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(64) });
  seedChatFixture(store);
  await store.flushEmbeddings();
});
afterEach(async () => {
  for (const f of fakes.splice(0)) await f.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const isSummary = (r: FakeOpenAiRequest) => r.body.messages.some((m) => m.role === 'system' && String(m.content).includes(SUMMARY_MARK));

async function server(modelInfo?: Record<string, unknown>, summaryReply: { text: string } | { status: number } = { text: 'SUMMARY-W: Lena moved the launch.' }): Promise<FakeOpenAi> {
  const fake = await startFakeOpenAi({ models: [MODEL], modelInfo: modelInfo ? { [MODEL]: modelInfo } : undefined });
  fakes.push(fake);
  fake.setHandler((r) => (isSummary(r) ? summaryReply : { text: 'Noted.' }));
  return fake;
}

function chat(fake: FakeOpenAi): ChatService {
  return new ChatService({
    store,
    llm: new OpenAiProvider({ baseURL: fake.url, models: { chat: MODEL }, timeoutMs: 5_000, retry: { maxRetries: 0 }, sleep: async () => {} }),
    recommender: storeRecommender(store),
    now: () => NOW,
    timeZone: FIXTURE_TZ,
    topicExtraction: false,
    tools: false,
  });
}

/** Eight turns of ~170 tokens: far below 75% of the 4,000-token prompt budget, past a 2,048-token window's. */
function mediumThread(): string {
  const thread = store.threads.create('Planning', NOW - 3_600_000);
  for (let i = 0; i < 8; i++) {
    store.messages.insert({
      thread_id: thread.id,
      role: i % 2 === 0 ? 'user' : 'assistant',
      text: `${'we went over the launch plan and the rollback steps again. '.repeat(14)}${i === 1 ? 'Lena Vogt decided to move the launch to 14 March.' : ''}`,
      raw: {},
      created_at: NOW - 3_600_000 + i * 60_000,
    });
  }
  return thread.id;
}

describe("the summary's budget follows the model's context window", () => {
  it('a model whose server lists a 2,048-token window gets its older turns summarised early, with a summary and an input sized to fit', async () => {
    const fake = await server({ max_model_len: 2048 });
    const c = chat(fake);
    const threadId = mediumThread();
    await c.ask({ text: 'Where did we land?', threadId });
    const summaries = fake.requests.filter(isSummary);
    expect(summaries).toHaveLength(1);
    const req = summaries[0]!.body;
    expect(req.max_tokens).toBeLessThanOrEqual(150);
    const input = req.messages.filter((m) => m.role === 'user').map((m) => String(m.content)).join('');
    expect(input.length).toBeLessThanOrEqual((2048 - 120 - 300) * 3);
    expect(c.threadSummary(threadId)?.summary).toContain('SUMMARY-W');
  });

  it('the same thread with a server that states no window keeps the prompt budget: no summary yet', async () => {
    const fake = await server();
    const c = chat(fake);
    const threadId = mediumThread();
    await c.ask({ text: 'Where did we land?', threadId });
    expect(fake.requests.filter(isSummary)).toHaveLength(0);
    expect(c.threadSummary(threadId)).toBeNull();
  });

  it('when the model fails to summarise, the older turns are kept extractively instead of cut', async () => {
    const fake = await server({ loaded_context_length: 2048 }, { status: 500 });
    const c = chat(fake);
    const threadId = mediumThread();
    await c.ask({ text: 'Where did we land?', threadId });
    const saved = c.threadSummary(threadId);
    expect(saved?.summary).toContain('Lena Vogt decided to move the launch to 14 March.');
    expect(saved?.summary).not.toContain('rollback steps again');
  });
});
