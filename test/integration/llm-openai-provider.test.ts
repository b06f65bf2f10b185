import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isLocalBaseUrl, LlmError, OpenAiProvider, LLM_SETTINGS, type LlmStreamEvent, type SettingsReader } from '../../agents/llm/index.js';
import { modelConfigFrom, providerFor } from '../../electron/engine/model-choice.js';
import { testModelConnection } from '../../electron/api/handlers/model-connection.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { serverForFile } from '../helpers/server-for-file.js';

let fake: FakeOpenAi;
serverForFile(() => startFakeOpenAi({ models: ['qwen2.5:7b', 'llama3.1:8b'] }), (s) => (fake = s), { resetEachTest: true });

const provider = (extra: Partial<ConstructorParameters<typeof OpenAiProvider>[0]> = {}) =>
  new OpenAiProvider({ baseURL: fake.url, models: { chat: 'llama3.1:8b' }, timeoutMs: 60_000, retry: { maxRetries: 2, baseDelayMs: 1 }, sleep: async () => {}, ...extra });

function settings(values: Record<string, unknown>): SettingsReader {
  return { get: <T,>(key: string, schema: z.ZodType<T>, fallback: T): T => (key in values ? schema.parse(values[key]) : fallback) };
}

describe('OpenAI-compatible provider (official openai client against a fake server)', () => {
  it('streams text, then tool calls, with usage and the chat model; a local server costs 0', async () => {
    const calls: unknown[] = [];
    const usage = { record: (c: unknown) => void calls.push(c) };
    fake.enqueue({ text: 'Looking that up.', toolUses: [{ name: 'search_memories', input: { query: 'Ana' } }], chunkSize: 3 });
    const events: LlmStreamEvent[] = [];
    const res = await provider({ usage }).stream({ purpose: 'chat', tier: 'chat', system: 'S', context: 'C', messages: [{ role: 'user', content: 'who is Ana?' }] }, (e) => events.push(e));
    expect(events.filter((e) => e.type === 'text_delta').length).toBeGreaterThan(3);
    expect(res.text).toBe('Looking that up.');
    expect(res.toolUses).toEqual([{ type: 'tool_use', id: expect.any(String), name: 'search_memories', input: { query: 'Ana' } }]);
    expect(res.stopReason).toBe('tool_use');
    expect(res.usage.input_tokens).toBeGreaterThan(0);
    expect(res.costUsd).toBe(0);
    expect(calls).toHaveLength(1);
    const body = fake.requests[0]!.body;
    expect(body.model).toBe('llama3.1:8b');
    expect(body.messages[0]).toEqual({ role: 'system', content: 'S\n\nC' });
    expect(fake.requests[0]!.stream).toBe(true);
  });

  it('sends tool results back as tool messages, with tool_choice mapped', async () => {
    fake.enqueue({ text: 'done' });
    await provider().complete({
      purpose: 't',
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'search_memories', input: { query: 'x' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'found', is_error: false }, { type: 'text', text: 'answer now' }] },
      ],
      tools: [{ name: 'search_memories', description: 'd', input_schema: { type: 'object', properties: {} } }],
      toolChoice: 'none',
    });
    const body = fake.requests[0]!.body;
    expect(body.messages).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search_memories', arguments: '{"query":"x"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'found' },
      { role: 'user', content: 'answer now' },
    ]);
    expect(body.tool_choice).toBe('none');
    expect(body.model).toBe('llama3.1:8b'); // a local server's one model does extraction too
  });

  it('retries 429 and 500 with backoff, then answers; a refused key is not retried', async () => {
    fake.enqueue({ status: 429, retryAfterSeconds: 0 }, { status: 500 }, { text: 'third time' });
    const res = await provider().complete({ purpose: 't', messages: [{ role: 'user', content: 'q' }] });
    expect(res.text).toBe('third time');
    expect(fake.requests).toHaveLength(3);

    fake.reset();
    fake.requireKey = 'sk-right';
    const err = await provider({ apiKey: 'sk-wrong-key' }).complete({ purpose: 't', messages: [{ role: 'user', content: 'q' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).code).toBe('AUTH');
    expect((err as LlmError).message).not.toContain('sk-wrong-key');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a silent server and keeps what streamed when the stream breaks', async () => {
    // A server of its own, closed before the next step: the request given up on may be read late on
    // a busy machine, and on the file's server it would take the next step's scripted reply.
    const own = await startFakeOpenAi();
    own.enqueue({ text: 'late', delayMs: 1_500 });
    const err = await provider({ baseURL: own.url, timeoutMs: 300, retry: { maxRetries: 0 } })
      .complete({ purpose: 't', messages: [{ role: 'user', content: 'q' }] })
      .catch((e: unknown) => e)
      .finally(() => own.close());
    expect((err as LlmError).code).toBe('TIMEOUT');

    fake.enqueue({ text: 'a long answer that breaks', chunkSize: 4, failAfterEvents: 4 });
    const err2 = await provider().stream({ purpose: 't', messages: [{ role: 'user', content: 'q' }] }, () => {}).catch((e: unknown) => e);
    expect((err2 as LlmError).code).toBe('STREAM_INTERRUPTED');
    expect((err2 as LlmError).partialText).toBe('a long answe');
  });

  it('tells local servers from remote ones; a remote one without a key is refused', () => {
    expect(isLocalBaseUrl('http://127.0.0.1:11434/v1')).toBe(true);
    expect(isLocalBaseUrl('http://localhost:1234/v1')).toBe(true);
    expect(isLocalBaseUrl('http://192.168.1.20:8000/v1')).toBe(true);
    expect(isLocalBaseUrl('https://api.openai.com/v1')).toBe(false);
    expect(isLocalBaseUrl('https://llm.example.com/v1')).toBe(false);
    expect(() => new OpenAiProvider({ baseURL: 'https://api.openai.com/v1' })).toThrow(/API key/);
  });

  it("on a local server with no model named, uses the server's own first model, never OpenAI's", async () => {
    fake.enqueue({ text: 'one' });
    fake.enqueue({ text: 'two' });
    const llm = provider({ models: undefined });
    await llm.complete({ purpose: 't', tier: 'chat', messages: [{ role: 'user', content: 'q' }] });
    await llm.stream({ purpose: 't', tier: 'extraction', messages: [{ role: 'user', content: 'q' }] }, () => undefined);
    expect(fake.requests.map((r) => r.body.model)).toEqual(['llama3.1:8b', 'llama3.1:8b']);
    // A model named in settings is sent as named, without asking the server.
    fake.enqueue({ text: 'three' });
    await provider({ models: { chat: 'qwen2.5:7b' } }).complete({ purpose: 't', tier: 'chat', messages: [{ role: 'user', content: 'q' }] });
    expect(fake.requests.at(-1)!.body.model).toBe('qwen2.5:7b');
  });
});

describe('model choice from settings and environment (every host)', () => {
  it('chooses the OpenAI-compatible server from settings, with the key from settings or $OPENAI_API_KEY', () => {
    const s = settings({ [LLM_SETTINGS.provider]: 'openai', [LLM_SETTINGS.baseUrl]: 'http://127.0.0.1:11434/v1', [LLM_SETTINGS.chatModel]: 'qwen2.5:7b' });
    const c = modelConfigFrom(s, {});
    expect(c).toMatchObject({ provider: 'openai', baseURL: 'http://127.0.0.1:11434/v1', apiKey: '', models: { chat: 'qwen2.5:7b' } });
    expect(providerFor(c).online).toBe(true);
    expect(modelConfigFrom(settings({ [LLM_SETTINGS.provider]: 'openai' }), { OPENAI_API_KEY: 'sk-env-0123456789' })).toMatchObject({ provider: 'openai', keySource: 'env', baseURL: undefined });
    // OpenAI's own API without any key: offline, not a client that fails on every call.
    expect(modelConfigFrom(settings({ [LLM_SETTINGS.provider]: 'openai' }), {})).toEqual({ provider: 'offline' });
  });

  it('follows $ENGRAM_LLM_BASE_URL or $OPENAI_API_KEY when no provider is chosen and no Anthropic key is known', () => {
    expect(modelConfigFrom(settings({}), { ENGRAM_LLM_BASE_URL: 'http://127.0.0.1:8080/v1' })).toMatchObject({ provider: 'openai', baseURL: 'http://127.0.0.1:8080/v1' });
    expect(modelConfigFrom(settings({}), { OPENAI_API_KEY: 'sk-env-0123456789' })).toMatchObject({ provider: 'openai' });
    expect(modelConfigFrom(settings({}), { OPENAI_API_KEY: 'sk-env-0123456789', ANTHROPIC_API_KEY: 'sk-ant-0123456789' })).toMatchObject({ provider: 'anthropic' });
    expect(modelConfigFrom(settings({ [LLM_SETTINGS.provider]: 'anthropic' }), { ENGRAM_LLM_BASE_URL: 'http://127.0.0.1:8080/v1' })).toEqual({ provider: 'offline' });
  });
});

describe('Test connection', () => {
  const none = { get: () => null, set: () => {}, clear: () => {}, source: () => null };
  it('lists the models a local server offers, and says why when it cannot connect', async () => {
    const ok = await testModelConnection({ provider: 'openai', baseUrl: fake.url }, { anthropic: none, openai: none });
    expect(ok).toEqual({ ok: true, models: ['llama3.1:8b', 'qwen2.5:7b'], message: expect.stringContaining('2 models'), tools: 'unchecked' });

    const down = await testModelConnection({ provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1' }, { anthropic: none, openai: none });
    expect(down.ok).toBe(false);
    expect(down.message).toMatch(/Could not connect/);

    fake.requireKey = 'sk-right-key';
    const refused = await testModelConnection({ provider: 'openai', baseUrl: fake.url, key: 'sk-wrong-key' }, { anthropic: none, openai: none });
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/refused/);
    expect(refused.message).not.toContain('sk-wrong-key');
  });
});
