import { describe, expect, it } from 'vitest';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider, OpenAiProvider } from '../../agents/llm/index.js';
import { ChatService, NO_MODEL_SENTENCE, type ChatServiceOptions } from '../../agents/chat/index.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiRequest } from '../fakes/fake-openai-server.js';
import { FIXTURE_TZ, NOW, seedChatFixture } from '../fixtures/chat/chat-fixture.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';
let store: EngramStore;
const fakes: FakeOpenAi[] = [];
tempStoreEachTest('engram-chat-continuity-', async (t) => {
  store = t.store;
  seedChatFixture(store);
  await store.flushEmbeddings();
  return async () => {
    for (const f of fakes.splice(0)) await f.close();
  };
}, { embedder: new HashEmbedder(64) });

const offline = () => new ChatService({ store, llm: new OfflineProvider(), recommender: storeRecommender(store), now: () => NOW, timeZone: FIXTURE_TZ });

/** A directive the user accepted, resting on one piece of feedback in a thread of its own. */
function directive(text: string): void {
  const t = store.threads.create('feedback', NOW - 10_000);
  const q = store.messages.insert({ thread_id: t.id, role: 'user', text: 'q', raw: {}, created_at: NOW - 9_000 });
  const a = store.messages.insert({ thread_id: t.id, role: 'assistant', text: 'a', raw: {}, created_at: NOW - 8_000 });
  const f = store.feedback.add({ message_id: q.id, answer_id: a.id, kind: 'explicit', topic: 'style', stance: 'for', instruction: text, quote: text, source: 'rules', created_at: NOW - 7_000 });
  const d = store.directives.create({ text, topic: `style-${text.length}`, stance: 'for', origin: 'rules', evidence: [f.id], at: NOW - 6_000 });
  store.directives.accept(d.id, NOW - 5_000);
}

/** The answer without the closing no-model note. */
const body = (answer: string) => answer.replace(NO_MODEL_SENTENCE, '').trim();

describe('directives shape the offline answer where it can follow them', () => {
  const question = 'What did I do with the Keynote deck?';

  it('"answer in one sentence": one statement, still cited, the no-model note kept apart', async () => {
    const plain = await offline().ask({ text: question });
    expect(body(plain.answer).split('\n').filter((l) => l.trim()).length).toBeGreaterThan(2);
    directive('Answer in one sentence.');
    const turn = await offline().ask({ text: question });
    const b = body(turn.answer);
    expect(b.split('\n')).toHaveLength(1);
    // The event keeps its day when its header goes.
    expect(b).toMatch(/^Wed 11 Jun 2025 14:30–15:20 · Keynote: .*Q3 planning deck.*\[\d+\]\.?$/);
    expect(turn.answer.endsWith(NO_MODEL_SENTENCE)).toBe(true);
    expect(turn.citations.length).toBeGreaterThanOrEqual(1);
    for (const c of turn.citations) expect(b).toContain(`[${c.n}]`);
  });

  it('"use bullet points" and "no bullet points" give lists and prose', async () => {
    directive('Use bullet points for lists of items.');
    const listed = await offline().ask({ text: question });
    const lines = body(listed.answer).split('\n').filter((l) => l.trim());
    expect(lines.every((l) => l.startsWith('- '))).toBe(true);

    store.directives.list().forEach((d) => store.directives.delete(d.id, NOW));
    directive("Write in plain sentences; don't use bullet points.");
    const prose = await offline().ask({ text: question });
    expect(body(prose.answer)).not.toMatch(/^- /m);
    expect(body(prose.answer).split('\n')).toHaveLength(1);
  });

  it('"keep answers short" caps the statements; a language without a phrasebook is not faked but said', async () => {
    directive('Keep answers short: a few sentences, no padding.');
    directive('Answer in Japanese.');
    const turn = await offline().ask({ text: question });
    const b = body(turn.answer);
    expect(b).toContain('Without a language model Engram cannot write in Japanese');
    const statements = b.replace(/\(Without a language model[^)]*\)/, '').split('\n').filter((l) => l.trim());
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('"answer in German": Engram\'s own words are German, what was recorded stays as it was', async () => {
    directive('Answer in German.');
    const turn = await offline().ask({ text: question });
    expect(turn.answer).not.toContain(NO_MODEL_SENTENCE);
    expect(turn.answer).toContain('Es ist kein Sprachmodell eingerichtet');
    expect(turn.answer).toContain('Ohne Sprachmodell übersetzt Engram nur seine eigenen Worte');
    expect(turn.answer).not.toMatch(/^(?:Related memories|Events|From your screen):$/m);
    expect(turn.citations.length).toBeGreaterThanOrEqual(1);
  });

  it('"answer in French": the sentences with a window or a moment in them, and the days and months, are French', async () => {
    const english = await offline().ask({ text: 'What did I do yesterday afternoon?' });
    expect(english.answer).toMatch(/^What you did \(yesterday afternoon: Wed 11 Jun 2025 12:00 to Wed 11 Jun 2025 18:00\):$/m);
    directive('Answer in French.');
    const turn = await offline().ask({ text: 'What did I do yesterday afternoon?' });
    expect(turn.answer).toMatch(/^Ce que vous avez fait \(yesterday afternoon : de mer 11 juin 2025 12:00 à mer 11 juin 2025 18:00\) :$/m);
    // A day's header is a date Engram writes: French too. What was recorded stays as it was ("on 20 June").
    expect(turn.answer).toMatch(/^mer 11 juin 2025:$/m);
    expect(turn.answer).not.toMatch(/\bWed\b|\bJun\b/);
    expect(turn.answer).toContain('Paris to Berlin on 20 June');
  });
});

/** A long thread: each turn carries one telling sentence inside a lot of talk that carries nothing. */
function longThread(s: EngramStore, turns: number, fillerRepeats: number): string {
  const thread = s.threads.create('Long talk', NOW - 3_600_000);
  const telling = [
    'Who is handling the Orion launch?',
    'Lena Vogt decided to move the Orion launch to 14 March.',
    'And the venue for the offsite?',
    'We booked the Harbour Room for 12 people.',
    'What about the budget?',
    'Tomas Berg agreed to cap it at 4,800 euros.',
    'Anything else?',
    'The user prefers answers with the date first.',
  ];
  for (let i = 0; i < turns; i++) {
    s.messages.insert({
      thread_id: thread.id,
      role: i % 2 === 0 ? 'user' : 'assistant',
      text: `${'we talked about it for a while and it was nice. '.repeat(fillerRepeats)}${telling[i % telling.length]}`,
      raw: {},
      created_at: NOW - 3_600_000 + i * 60_000,
    });
  }
  return thread.id;
}

describe('older turns offline: an extractive summary instead of a cut', () => {
  it('keeps the sentences with names, numbers and decisions, drops the talk, and carries on from it next time', async () => {
    const threadId = longThread(store, 8, 40);
    const chat = offline();
    await chat.ask({ text: 'So where are we?', threadId });
    const saved = chat.threadSummary(threadId);
    expect(saved).not.toBeNull();
    // All but the last 5 messages are folded in: the first three.
    expect(saved!.covered_messages).toBe(3);
    expect(saved!.summary).toContain('User: Who is handling the Orion launch?');
    expect(saved!.summary).toContain('Engram: Lena Vogt decided to move the Orion launch to 14 March.');
    expect(saved!.summary).not.toContain('talked about it for a while');
    expect(saved!.summary.length).toBeLessThanOrEqual(1600);

    // More turns later: the earlier summary's sentences stay beside the new ones.
    for (let i = 0; i < 6; i++) {
      store.messages.insert({ thread_id: threadId, role: i % 2 === 0 ? 'user' : 'assistant', text: `${'we talked about it for a while and it was nice. '.repeat(40)}Ben Okafor will send the 3 contracts on Friday.`, raw: {}, created_at: NOW - 60_000 + i });
    }
    await chat.ask({ text: 'Anything new?', threadId });
    const next = chat.threadSummary(threadId)!;
    expect(next.covered_messages).toBeGreaterThan(3);
    expect(next.summary).toContain('Lena Vogt decided to move the Orion launch');
    expect(next.summary).toContain('Ben Okafor will send the 3 contracts on Friday.');
  });

  it('makes no summary while the thread is short', async () => {
    const threadId = longThread(store, 4, 2);
    const chat = offline();
    await chat.ask({ text: 'So where are we?', threadId });
    expect(chat.threadSummary(threadId)).toBeNull();
  });
});

const SUMMARY_MARK = 'running summary of a conversation';
const MODEL = 'small-8b';

const isSummary = (r: FakeOpenAiRequest) => r.body.messages.some((m) => m.role === 'system' && String(m.content).includes(SUMMARY_MARK));

async function server(modelInfo?: Record<string, unknown>, summaryReply: { text: string } | { status: number } = { text: 'SUMMARY-W: Lena moved the launch.' }): Promise<FakeOpenAi> {
  const fake = await startFakeOpenAi({ models: [MODEL], modelInfo: modelInfo ? { [MODEL]: modelInfo } : undefined });
  fakes.push(fake);
  fake.setHandler((r) => (isSummary(r) ? summaryReply : { text: 'Noted.' }));
  return fake;
}

function chat(fake: FakeOpenAi, extra: Partial<ChatServiceOptions> = {}): ChatService {
  return new ChatService({
    store,
    llm: new OpenAiProvider({ baseURL: fake.url, models: { chat: MODEL }, timeoutMs: 60_000, retry: { maxRetries: 0 }, sleep: async () => {} }),
    recommender: storeRecommender(store),
    now: () => NOW,
    timeZone: FIXTURE_TZ,
    topicExtraction: false,
    tools: false,
    ...extra,
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

describe('the whole prompt budget follows a small context window', () => {
  it('a model whose server lists a 4,096-token window gets a chat request that fits it with room for the answer: memories and history shrink with it', async () => {
    const fake = await server({ max_model_len: 4096 });
    store.transaction(() => {
      for (let i = 0; i < 40; i++) {
        store.memories.insert({ kind: 'semantic', title: `Launch note ${i}`, text: `The launch plan note ${i}: ${'the rollout checklist, the rollback steps and the owners were reviewed once more. '.repeat(4)}`, fields: {} });
      }
    });
    await store.flushEmbeddings();
    const threadId = mediumThread();
    // Enough memories retrieved to fill the default 4,000-token prompt.
    const wide = chat(fake, { quotas: { perKind: 40, recentInWindow: 0, recentWithoutWindow: 0 } });
    await wide.ask({ text: 'What is the launch plan?', threadId });
    const asked = fake.requests.filter((r) => !isSummary(r));
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) {
      const chars = r.body.messages.map((m) => String(m.content)).join('\n').length;
      // ~4 characters a token (the fake's own estimate), plus the room asked for the answer.
      expect(Math.ceil(chars / 4) + Number(r.body.max_tokens ?? 0)).toBeLessThanOrEqual(4096);
    }
  });
});

describe('directives alone under a small context window', () => {
  it('a 2,048-token window still carries the first directives, shrunk with the rest, and the request fits with room for the answer', async () => {
    const fake = await server({ max_model_len: 2048 });
    // Twelve long directives (the most the prompt carries), nothing else: no memories, no thread.
    // Each near the 300 characters a directive may have.
    for (let i = 0; i < 12; i++) directive(`Rule ${i + 1}: ${'when you answer about plans, put the date first, then the owner, then what was decided, and keep it plain. '.repeat(3)}`.slice(0, 295));
    await chat(fake).ask({ text: 'What did we decide?' });
    const asked = fake.requests.filter((r) => !isSummary(r));
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) {
      const system = r.body.messages.filter((m) => m.role === 'system').map((m) => String(m.content)).join('\n');
      expect(system).toContain('Rule 1: when you answer about plans, put the date first');
      const chars = r.body.messages.map((m) => String(m.content)).join('\n').length;
      expect(Math.ceil(chars / 4) + Number(r.body.max_tokens ?? 0)).toBeLessThanOrEqual(2048);
    }
  });
});

