import { describe, expect, it } from 'vitest';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { AnthropicProvider } from '../../agents/llm/index.js';
import { ChatService, type ChatServiceOptions, type TurnRetrieval } from '../../agents/chat/index.js';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../fakes/fake-anthropic-server.js';
import { FIXTURE_TZ, NOW, SECRET, SECRET_CAPTION, seedChatFixture, type ChatFixtureIds } from '../fixtures/chat/chat-fixture.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';
import { serverForFile } from '../helpers/server-for-file.js';

/** The system prompt of a recorded request (stable part + per-call context). */
function systemText(req: RecordedRequest): string {
  const s = req.body.system;
  return typeof s === 'string' ? s : (s ?? []).map((b) => b.text).join('\n');
}

/** The [n] the prompt gave the memory whose line contains `needle`. */
function numberOf(req: RecordedRequest, needle: string): number {
  const line = systemText(req)
    .split('\n')
    .find((l) => /^\[\d+\] /.test(l) && l.includes(needle));
  if (!line) throw new Error(`no numbered memory mentions "${needle}"`);
  return Number(/^\[(\d+)\]/.exec(line)![1]);
}

let fake: FakeAnthropic;
serverForFile(startFakeAnthropic, (s) => (fake = s));

describe('chat with a model (real SDK against the fake Anthropic server)', () => {
  let store: EngramStore;
  let ids: ChatFixtureIds;

  const service = (extra: Partial<ChatServiceOptions> = {}) =>
    new ChatService({
      store,
      llm: new AnthropicProvider({
        apiKey: 'test-key',
        baseURL: fake.url,
        timeoutMs: 60_000,
        retry: { maxRetries: 1 },
        sleep: async () => {},
        usage: store.llmCalls,
      }),
      recommender: storeRecommender(store),
      now: () => NOW,
      timeZone: FIXTURE_TZ,
      ...extra,
    });

  tempStoreEachTest('engram-chat-llm-', async (t) => {
    store = t.store;
    fake.reset();
    ids = seedChatFixture(store);
    await store.flushEmbeddings();
    return async () => {
      // Whatever a test asked, the high-sensitivity vault item never left the machine.
      const sent = fake.allText();
      expect(sent).not.toContain(SECRET);
      expect(sent).not.toContain(SECRET_CAPTION);
    };
  }, { embedder: new HashEmbedder(64) });

  it('streams the answer token by token and maps [n] back to the right memory ids', async () => {
    fake.setHandler((req) => {
      const call = numberOf(req, 'MirixDB migration plan with Ana');
      const fact = numberOf(req, 'replaces Postgres');
      return {
        text: `You and Ana agreed to move the orders table first and freeze writes on Friday [${call}]. MirixDB replaces Postgres for orders [${fact}].`,
        chunkSize: 6,
      };
    });
    const chat = service();
    const events: string[] = [];
    const tokens: string[] = [];
    let retrieval: TurnRetrieval | null = null;
    const turn = await chat.ask(
      { text: 'What did we discuss about the MirixDB migration in the last 4 days?' },
      {
        retrieval: (r) => {
          retrieval = r;
          events.push('retrieval');
        },
        token: (t) => {
          tokens.push(t);
          events.push('token');
        },
      },
    );

    expect(turn.mode).toBe('llm');
    expect(turn.status).toBe('complete');
    expect(events[0]).toBe('retrieval');
    expect(tokens.length).toBeGreaterThan(5);
    expect(tokens.join('')).toBe(turn.answer);
    expect(turn.citations.map((c) => [c.memory_id, c.kind])).toEqual([
      [ids.mirixCall, 'episodic'],
      [ids.mirixFact, 'semantic'],
    ]);
    expect(retrieval!.numbered.find((m) => m.n === turn.citations[0]!.n)?.memory.id).toBe(ids.mirixCall);

    const req = fake.requests.at(-1)!;
    expect(req.stream).toBe(true);
    const sys = systemText(req);
    // Core blocks, current date and zone in the system prompt.
    expect(sys).toContain('The user is Sam Rivera');
    expect(sys).toContain('<core label="persona">');
    expect(sys).toContain('Now: Thursday, 12 June 2025 at 15:00 (time zone Europe/Paris).');
    // The question goes as the last user message.
    expect(req.body.messages.at(-1)).toEqual({ role: 'user', content: 'What did we discuss about the MirixDB migration in the last 4 days?' });

    // Cited memories got a usage bump; the assistant message keeps the citations.
    expect(store.memories.get(ids.mirixCall)!.access_count).toBe(1);
    expect(store.memories.get(ids.mirixRollback)!.access_count).toBe(0);
    expect(chat.threadMessages(turn.threadId)[1]).toMatchObject({ status: 'complete', mode: 'llm', citations: turn.citations });
    // The call was priced and recorded.
    expect(store.llmCalls.summary({ since: 0 })).toMatchObject({ calls: 1 });
  });

  it('applies the time filter: "last 4 days" leaves out a memory from 6 days ago', async () => {
    fake.setHandler(() => ({ text: 'Noted.' }));
    await service().ask({ text: 'What did we discuss about the MirixDB migration in the last 4 days?' });
    const sys = systemText(fake.requests.at(-1)!);
    expect(sys).toContain('MirixDB migration plan with Ana');
    expect(sys).not.toContain('rollback script');
    expect(sys).toMatch(/The question asks about "last 4 days": Sun 8 Jun 2025 15:00 to Thu 12 Jun 2025 15:00\./);

    // Without the window, the old review is found.
    await service().ask({ text: 'What did we discuss about the MirixDB migration?' });
    expect(systemText(fake.requests.at(-1)!)).toContain('rollback script');
  });

  it('never sends a high-sensitivity vault item, and says a matching one was withheld', async () => {
    fake.setHandler(() => ({ text: 'A matching vault item exists; reveal it locally in Engram.' }));
    const chat = service();
    const turn = await chat.ask({ text: 'What is my Lufthansa password?' });
    expect(turn.retrieval.withheld.map((m) => m.id)).toEqual([ids.vaultHigh]);
    const sys = systemText(fake.requests.at(-1)!);
    expect(sys).toContain('One matching high-sensitivity vault item was withheld from you');
    expect(sys).not.toContain('Lufthansa password');
    // A low-sensitivity item may be sent, masked as the store gives it.
    await chat.ask({ threadId: turn.threadId, text: 'What is the office wifi called?' });
    const sys2 = systemText(fake.requests.at(-1)!);
    expect(sys2).toContain('Office wifi');
    // History of the earlier turn is sent, but nothing of the vault item beyond what the user typed.
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('What is my Lufthansa password?');
  });

  it('keeps a partial answer when the model fails mid-stream, marks it and says why', async () => {
    const full = 'You edited the Q3 planning deck in Keynote and then read the flight confirmation email for your trip to Berlin.';
    fake.enqueue({
      text: full,
      chunkSize: 5,
      streamError: { afterEvents: 6, type: 'overloaded_error', message: 'Overloaded' },
    });
    const tokens: string[] = [];
    const chat = service({ budget: {} });
    const turn = await chat.ask({ text: 'What was I doing yesterday at 3pm?' }, { token: (t) => tokens.push(t) });
    expect(turn.status).toBe('partial');
    expect(turn.answer.length).toBeGreaterThan(0);
    expect(turn.answer).toBe(tokens.join(''));
    // What was said before the failure, and only that.
    expect(full.startsWith(turn.answer)).toBe(true);
    expect(turn.answer.length).toBeLessThan(full.length);
    expect(turn.error).toBe('the model stopped mid-answer (the model service is overloaded); the partial answer is kept');
    const stored = store.messages.get(turn.assistantMessageId)!;
    expect(stored.status).toBe('partial');
    expect(stored.text).toBe(turn.answer);
    expect(chat.threadMessages(turn.threadId)[1]).toMatchObject({ status: 'partial', error: turn.error });
  });

  it('falls back to an extractive answer when the model fails before saying anything', async () => {
    fake.enqueue({ status: 500, errorMessage: 'boom' });
    fake.enqueue({ status: 500, errorMessage: 'boom' });
    const turn = await service().ask({ text: 'What was I doing yesterday at 3pm?' });
    expect(turn.status).toBe('error');
    expect(turn.error).toBe('the model could not answer (the model service had an error, HTTP 500)');
    expect(turn.answer).toMatch(/^The model could not answer \(.+\), so this answer lists the memories that best match your question\./);
    expect(turn.citations[0]?.memory_id).toBe(ids.keynoteDeck);
    expect(store.messages.get(turn.assistantMessageId)!.status).toBe('error');
  });

  it('continues a thread: earlier turns are sent without their old [n] marks', async () => {
    fake.setHandler((req) => ({ text: `Ana Lopez is your manager [${numberOf(req, 'Ana Lopez')}].` }));
    const chat = service();
    const a = await chat.ask({ text: 'Who is Ana?' });
    expect(a.citations.map((c) => c.memory_id)).toContain(ids.anaManager);
    fake.setHandler(() => ({ text: 'She leads the platform team.' }));
    const b = await chat.ask({ threadId: a.threadId, text: 'What team does she lead?' });
    expect(b.threadId).toBe(a.threadId);
    expect(fake.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'Who is Ana?' },
      { role: 'assistant', content: 'Ana Lopez is your manager.' },
      { role: 'user', content: 'What team does she lead?' },
    ]);
  });

  it('optionally asks the model for focus topics before searching', async () => {
    fake.enqueue({ text: '{"topics": ["Keynote", "Q3 planning deck"]}' });
    fake.enqueue({ text: 'You edited the deck.' });
    const turn = await service({ topicExtraction: true }).ask({ text: 'Remind me about that presentation thing' });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.stream).toBe(false);
    expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('Remind me about that presentation thing');
    expect(turn.retrieval.query).toBe('Keynote Q3 planning deck');
    expect(turn.retrieval.numbered.map((m) => m.memory.id)).toContain(ids.keynoteDeck);
  });

  it('keeps the prompt within the default token budget', async () => {
    fake.setHandler(() => ({ text: 'ok' }));
    const turn = await service().ask({ text: 'What did we discuss about the MirixDB migration in the last 4 days?' });
    expect(turn.retrieval.promptTokens).toBeLessThanOrEqual(4000);
    // The fake counts ~4 characters per token, as a sanity check of the estimate's order of magnitude.
    expect(turn.usage!.input_tokens + turn.usage!.cache_read_tokens + turn.usage!.cache_write_tokens).toBeLessThanOrEqual(4000);
  });
});
