/**
 * A model server's error text never carries the user's API key into an LlmError message (which
 * reaches logs, notifications and the stored fallback reason). A proxy or local server may echo the
 * key it received, in a 401 body, a 500 body or a stream's error event; each provider masks the
 * configured key, and anything shaped like a key or bearer token, in what it quotes. The real SDK
 * clients against the fake servers over 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { AnthropicProvider, LlmError, OpenAiProvider, type LlmProvider } from '../../agents/llm/index.js';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { FALLBACK_LAST_KEY, FallbackLastSchema } from '../../shared/settings/index.js';
import { testModelConnection } from '../../electron/api/handlers/model-connection.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { SCENARIOS } from '../fixtures/agents/labelled-streams.js';
import { ingestScenario } from '../fixtures/agents/brain-harness.js';
import { serverForFile } from '../helpers/server-for-file.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

// Shaped like no known vendor's key: only the configured-key mask can catch it.
const KEY = 'harbour.kestrel.7731.quartz.lantern';
// Another token a proxy might quote beside it (its own upstream credential).
const UPSTREAM = 'sk-proj-Zq8vN3kL0pW6xR2tY9uB4mC7dF1gH5jA';

let anthropic: FakeAnthropic;
let openai: FakeOpenAi;
serverForFile(() => startFakeAnthropic(), (s) => (anthropic = s), { resetEachTest: true });
serverForFile(() => startFakeOpenAi({ models: ['local-model'] }), (s) => (openai = s), { resetEachTest: true });

let store: EngramStore;
tempStoreEachTest('engram-key-errors-', (t) => {
  store = t.store;
}, { embedder: new HashEmbedder(64) });

const retry = { maxRetries: 0 };
// Short enough that the 200-character error line keeps all of it (a clipped tail would hide a miss).
const echo = (what: string) => `proxy says: ${UPSTREAM} refused ${KEY} (${what})`;

async function failure(p: Promise<unknown>): Promise<LlmError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LlmError);
  return err as LlmError;
}

function expectClean(text: string): void {
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(UPSTREAM);
  expect(text).not.toContain('kestrel');
}

const ask = (llm: LlmProvider, stream: boolean) => {
  const req = { purpose: 'test', tier: 'chat' as const, messages: [{ role: 'user' as const, content: 'hi' }] };
  return stream ? llm.stream(req, () => {}) : llm.complete(req);
};

describe('the API key in a model server error', () => {
  for (const stream of [false, true]) {
    for (const status of [401, 500]) {
      it(`Anthropic, ${stream ? 'streamed' : 'plain'} call, ${status} body echoing the key: masked`, async () => {
        anthropic.enqueue({ status, errorMessage: echo('no') });
        const e = await failure(ask(new AnthropicProvider({ apiKey: KEY, baseURL: anthropic.url, retry }), stream));
        expect(e.code).toBe(status === 401 ? 'AUTH' : 'SERVER');
        expect(e.message).toContain('proxy says');
        expect(e.message).toContain('(no)');
        expectClean(e.message);
      });

      it(`OpenAI-compatible, ${stream ? 'streamed' : 'plain'} call, ${status} body echoing the key: masked`, async () => {
        openai.enqueue({ status, errorMessage: echo('no') });
        const e = await failure(ask(new OpenAiProvider({ apiKey: KEY, baseURL: openai.url, retry, models: { chat: 'local-model' } }), stream));
        expect(e.code).toBe(status === 401 ? 'AUTH' : 'SERVER');
        expect(e.message).toContain('(no)');
        expectClean(e.message);
      });
    }
  }

  it('Anthropic stream error event after text was shown: the interrupted line is masked', async () => {
    anthropic.enqueue({ text: 'Hello there, this is a long enough reply', streamError: { afterEvents: 4, message: echo('overloaded') } });
    const e = await failure(ask(new AnthropicProvider({ apiKey: KEY, baseURL: anthropic.url, retry }), true));
    expect(e.code).toBe('STREAM_INTERRUPTED');
    expect(e.message).toContain('(overloaded)');
    expectClean(e.message);
  });

  it('Test connection: the refused-key sentence holds no key', async () => {
    openai.setHandler(() => ({ status: 401, errorMessage: echo('no') }));
    const none = { get: () => null, set: () => {}, clear: () => {}, source: () => null };
    const r = await testModelConnection({ provider: 'openai', baseUrl: openai.url, key: KEY, checkTools: true }, { anthropic: none, openai: none });
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/refused.*\(no\)/);
    expectClean(r.message);
  });

  it("the brain's stored fallback reason and its log line hold no key", async () => {
    openai.setHandler(() => ({ status: 401, errorMessage: echo('no') }));
    const logged: string[] = [];
    const brain = createBrain({ store, llm: new OpenAiProvider({ apiKey: KEY, baseURL: openai.url, retry, models: { chat: 'local-model' } }), timeZone: 'UTC', log: (l: string) => logged.push(l) });
    const r = await ingestScenario(store, brain, SCENARIOS.find((s) => s.name === 'spreadsheet editing')!);
    expect(r.rules_fallbacks).toBe(1);
    const stored = JSON.stringify(store.settings.get(FALLBACK_LAST_KEY, FallbackLastSchema.nullable(), null));
    expect(stored).toContain('(no)');
    expectClean(stored);
    expect(logged.join('\n')).toContain('(no)');
    expectClean(logged.join('\n'));
  });
});
