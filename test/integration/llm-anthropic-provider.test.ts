import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AnthropicProvider,
  LlmError,
  OfflineProvider,
  defineTool,
  forcedToolCall,
  LLM_SETTINGS,
  runToolLoop,
  type LlmCallRecord,
  type LlmStreamEvent,
  type SettingsReader,
} from '../../agents/llm/index.js';
import { modelGetter } from '../../electron/engine/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { serverForFile } from '../helpers/server-for-file.js';

let fake: FakeAnthropic;
serverForFile(startFakeAnthropic, (s) => (fake = s), { resetEachTest: true });

function provider(extra: Partial<ConstructorParameters<typeof AnthropicProvider>[0]> = {}) {
  const calls: LlmCallRecord[] = [];
  const delays: number[] = [];
  const llm = new AnthropicProvider({
    apiKey: 'test-key',
    baseURL: fake.url,
    usage: { record: (c) => calls.push(c) },
    sleep: async (ms) => {
      delays.push(ms);
    },
    timeoutMs: 60_000,
    ...extra,
  });
  return { llm, calls, delays };
}

const STABLE = 'You are Engram. '.repeat(50);

/**
 * A request the client gave up on (a timeout) may reach the server only after the test ended: on a
 * busy machine its read can wait until the next test has reset the file's fake and scripted its
 * replies, and then it takes the next test's first reply (CI: a "gives up after 3 tries" test got
 * its third try answered). Such tests get a server of their own, closed before they end, so a late
 * request meets a closed server and never the file's.
 */
async function onOwnServer(reply: Parameters<FakeAnthropic['enqueue']>[0], call: (own: FakeAnthropic) => Promise<unknown>): Promise<unknown> {
  const own = await startFakeAnthropic();
  try {
    own.enqueue(reply);
    return await call(own).catch((e: unknown) => e);
  } finally {
    await own.close();
  }
}

describe('AnthropicProvider.complete', () => {
  it('sends the stable system prompt with cache_control, the key in a header, and records usage', async () => {
    const { llm, calls } = provider();
    fake.enqueue({ text: 'Hello there' });
    const res = await llm.complete({ purpose: 'test', system: STABLE, context: 'Now: Monday', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.text).toBe('Hello there');
    expect(res.stopReason).toBe('end_turn');
    const req = fake.requests[0]!;
    expect(req.apiKey).toBe('test-key');
    expect(req.body.model).toBe(llm.models.extraction);
    expect(req.body.system).toEqual([
      { type: 'text', text: STABLE, cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'Now: Monday' },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ purpose: 'test', model: llm.models.extraction });
    expect(calls[0]!.cache_write_tokens).toBeGreaterThan(100);
    expect(calls[0]!.cost_usd).toBeGreaterThan(0);
  });

  it('reads the cached prefix on the second call and prices it lower', async () => {
    const { llm, calls } = provider();
    fake.enqueue({ text: 'a' }, { text: 'b' });
    await llm.complete({ purpose: 'x', system: STABLE, messages: [{ role: 'user', content: 'one' }] });
    await llm.complete({ purpose: 'x', system: STABLE, messages: [{ role: 'user', content: 'two' }] });
    expect(calls[1]!.cache_read_tokens).toBe(calls[0]!.cache_write_tokens);
    expect(calls[1]!.cache_write_tokens).toBe(0);
    expect(calls[1]!.cost_usd).toBeLessThan(calls[0]!.cost_usd);
  });

  it('uses the chat model for tier chat and an explicit model when given', async () => {
    const { llm } = provider({ models: { chat: 'claude-sonnet-4-6', extraction: 'claude-haiku-4-5' } });
    await llm.complete({ purpose: 'chat', tier: 'chat', messages: [{ role: 'user', content: 'q' }] });
    await llm.complete({ purpose: 'x', model: 'claude-opus-4-5', messages: [{ role: 'user', content: 'q' }] });
    expect(fake.requests.map((r) => r.body.model)).toEqual(['claude-sonnet-4-6', 'claude-opus-4-5']);
  });

  it('retries 429 and 5xx with backoff, honouring retry-after', async () => {
    const { llm, delays } = provider({ retry: { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 10_000 } });
    fake.enqueue({ status: 429, retryAfterSeconds: 2 }, { status: 529 }, { status: 500 }, { text: 'finally' });
    const res = await llm.complete({ purpose: 'x', messages: [{ role: 'user', content: 'q' }] });
    expect(res.text).toBe('finally');
    expect(fake.requests).toHaveLength(4);
    expect(delays[0]).toBe(2000);
    expect(delays[1]).toBeGreaterThanOrEqual(100); // 2^1 * 100 with jitter in [100, 200]
    expect(delays[1]).toBeLessThanOrEqual(200);
    expect(delays[2]).toBeGreaterThanOrEqual(200);
    expect(delays[2]).toBeLessThanOrEqual(400);
  });

  it('gives up after maxRetries with a typed error', async () => {
    const { llm } = provider({ retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    fake.enqueue({ status: 500 }, { status: 500 }, { status: 500 }, { text: 'never' });
    const err = await llm.complete({ purpose: 'x', messages: [{ role: 'user', content: 'q' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).code).toBe('SERVER');
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a refused key', async () => {
    const { llm } = provider();
    fake.enqueue({ status: 401 });
    const err = await llm.complete({ purpose: 'x', messages: [{ role: 'user', content: 'q' }] }).catch((e: unknown) => e);
    expect((err as LlmError).code).toBe('AUTH');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a slow answer', async () => {
    const err = await onOwnServer({ text: 'late', delayMs: 1500 }, (own) =>
      provider({ baseURL: own.url, retry: { maxRetries: 0 } }).llm.complete({ purpose: 'x', timeoutMs: 200, messages: [{ role: 'user', content: 'q' }] }),
    );
    expect((err as LlmError).code).toBe('TIMEOUT');
  });

  it('passes tools and tool_choice and returns tool calls', async () => {
    const { llm } = provider();
    fake.enqueue({ text: 'routing', toolUses: [{ name: 'route', input: { kinds: ['episodic'] } }] });
    const res = await llm.complete({
      purpose: 'routing',
      messages: [{ role: 'user', content: 'obs' }],
      tools: [{ name: 'route', description: 'pick kinds', input_schema: { type: 'object', properties: { kinds: { type: 'array' } } } }],
      toolChoice: { name: 'route' },
    });
    expect(res.stopReason).toBe('tool_use');
    expect(res.toolUses[0]).toMatchObject({ name: 'route', input: { kinds: ['episodic'] } });
    expect(fake.requests[0]!.body.tool_choice).toEqual({ type: 'tool', name: 'route' });
  });
});

describe('AnthropicProvider.stream', () => {
  it('streams text deltas and tool calls in order, then the whole response', async () => {
    const { llm, calls } = provider();
    fake.enqueue({ text: 'The deck was edited on Monday.', toolUses: [{ name: 'cite', input: { ids: ['m1', 'm2'] } }], chunkSize: 5 });
    const events: LlmStreamEvent[] = [];
    const res = await llm.stream({ purpose: 'chat', tier: 'chat', messages: [{ role: 'user', content: 'when?' }] }, (e) => events.push(e));
    const deltas = events.filter((e) => e.type === 'text_delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((e) => (e.type === 'text_delta' ? e.text : '')).join('')).toBe('The deck was edited on Monday.');
    expect(events.find((e) => e.type === 'tool_use')).toMatchObject({ block: { name: 'cite', input: { ids: ['m1', 'm2'] } } });
    expect(events[events.length - 1]!.type).toBe('done');
    expect(res.text).toBe('The deck was edited on Monday.');
    expect(fake.requests[0]!.stream).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.output_tokens).toBeGreaterThan(0);
  });

  it('reports a mid-stream failure with the partial text and does not retry it', async () => {
    const { llm } = provider();
    fake.enqueue({ text: 'This answer will break off somewhere in the middle', chunkSize: 4, failAfterEvents: 6 }, { text: 'retry' });
    const seen: string[] = [];
    const err = await llm
      .stream({ purpose: 'chat', messages: [{ role: 'user', content: 'q' }] }, (e) => {
        if (e.type === 'text_delta') seen.push(e.text);
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).code).toBe('STREAM_INTERRUPTED');
    expect((err as LlmError).partialText).toBe(seen.join(''));
    expect(seen.join('').length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a stream that failed before any text reached the caller', async () => {
    const { llm } = provider();
    fake.enqueue({ text: 'x', streamError: { afterEvents: 1 } }, { text: 'second try' });
    const res = await llm.stream({ purpose: 'chat', messages: [{ role: 'user', content: 'q' }] }, () => undefined);
    expect(res.text).toBe('second try');
    expect(fake.requests).toHaveLength(2);
  });

  it('times out a stalled stream', async () => {
    const err = await onOwnServer({ text: 'slow tokens here', chunkSize: 2, eventDelayMs: 400 }, (own) =>
      provider({ baseURL: own.url, retry: { maxRetries: 0 } }).llm.stream({ purpose: 'chat', timeoutMs: 150, messages: [{ role: 'user', content: 'q' }] }, () => undefined),
    );
    expect(err).toBeInstanceOf(LlmError);
    expect(['TIMEOUT', 'STREAM_INTERRUPTED']).toContain((err as LlmError).code);
  });
});

describe('runToolLoop', () => {
  const saved: Array<{ name: string }> = [];
  const save = defineTool({
    name: 'save_fact',
    description: 'save a fact',
    schema: z.object({ name: z.string().min(1), fact: z.string().min(3) }),
    run: (input) => {
      saved.push(input);
      return { id: `m${saved.length}` };
    },
  });
  beforeEach(() => {
    saved.length = 0;
  });

  it('sends validation errors back to the model and never runs a bad call', async () => {
    const { llm } = provider();
    fake.enqueue(
      { toolUses: [{ name: 'save_fact', input: { name: '', fact: 'x' } }] },
      { toolUses: [{ name: 'save_fact', input: { name: 'Ana', fact: 'Ana is the manager' } }] },
      { text: 'done' },
    );
    const out = await runToolLoop(llm, { purpose: 'extraction', messages: [{ role: 'user', content: 'obs' }] }, [save]);
    expect(out.stoppedBy).toBe('end_turn');
    expect(saved).toEqual([{ name: 'Ana', fact: 'Ana is the manager' }]);
    expect(out.calls.map((c) => c.ok)).toEqual([false, true]);
    const second = JSON.stringify(fake.requests[1]!.body.messages);
    expect(second).toContain('"is_error":true');
    expect(second).toContain('invalid arguments: name:');
    expect(fake.requests[0]!.body.tools![0]!.input_schema).toMatchObject({ type: 'object', required: ['name', 'fact'] });
  });

  it('rejects malformed tool JSON the same way', async () => {
    const { llm } = provider();
    fake.enqueue({ toolUses: [{ name: 'save_fact', rawInput: '{"name": "Ana", "fa' }] }, { text: 'giving up' });
    const out = await runToolLoop(llm, { purpose: 'x', messages: [{ role: 'user', content: 'obs' }] }, [save]);
    expect(saved).toHaveLength(0);
    expect(out.calls[0]!.ok).toBe(false);
  });

  it('stops after one call when every tool call succeeded (stopWhenToolsSucceed)', async () => {
    const { llm } = provider();
    fake.enqueue({
      toolUses: [
        { name: 'save_fact', input: { name: 'Ana', fact: 'Ana is the manager' } },
        { name: 'save_fact', input: { name: 'Bo', fact: 'Bo runs the Q3 project' } },
      ],
    });
    const out = await runToolLoop(llm, { purpose: 'x', messages: [{ role: 'user', content: 'obs' }] }, [save], { stopWhenToolsSucceed: true });
    expect(out.stoppedBy).toBe('tools_done');
    expect(fake.requests).toHaveLength(1);
    expect(saved).toHaveLength(2);
  });

  it('bounds invalid rounds and steps', async () => {
    const { llm } = provider();
    fake.setHandler(() => ({ toolUses: [{ name: 'save_fact', input: { wrong: true } }] }));
    const out = await runToolLoop(llm, { purpose: 'x', messages: [{ role: 'user', content: 'obs' }] }, [save], { maxInvalidRounds: 2 });
    expect(out.stoppedBy).toBe('invalid_limit');
    expect(fake.requests).toHaveLength(3);
    fake.reset();
    fake.setHandler(() => ({ toolUses: [{ name: 'save_fact', input: { name: 'A', fact: 'repeat' } }] }));
    const out2 = await runToolLoop(llm, { purpose: 'x', messages: [{ role: 'user', content: 'obs' }] }, [save], { maxSteps: 3 });
    expect(out2.stoppedBy).toBe('step_limit');
    expect(fake.requests).toHaveLength(3);
  });

  it('streams every step when onEvent is given', async () => {
    const { llm } = provider();
    fake.enqueue({ text: 'Looking.', toolUses: [{ name: 'save_fact', input: { name: 'Ana', fact: 'Ana is here' } }] }, { text: 'Saved.' });
    const text: string[] = [];
    const out = await runToolLoop(llm, { purpose: 'chat', messages: [{ role: 'user', content: 'q' }] }, [save], {
      onEvent: (e) => {
        if (e.type === 'text_delta') text.push(e.text);
      },
    });
    expect(text.join('')).toBe('Looking.Saved.');
    expect(out.final.text).toBe('Saved.');
  });
});

describe('forcedToolCall', () => {
  const pick = {
    name: 'pick_colour',
    description: 'pick one colour',
    schema: z.object({ colour: z.enum(['red', 'green', 'blue']), why: z.string().optional() }),
  };
  const ask = { purpose: 'pick', messages: [{ role: 'user' as const, content: 'which colour?' }] };

  it('forces the one tool and returns its validated arguments after one call', async () => {
    const { llm } = provider();
    fake.enqueue({ toolUses: [{ name: 'pick_colour', input: { colour: 'green' } }] });
    await expect(forcedToolCall(llm, ask, pick)).resolves.toEqual({ colour: 'green' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.tool_choice).toMatchObject({ type: 'tool', name: 'pick_colour' });
  });

  it('sends bad arguments back once and takes the corrected answer', async () => {
    const { llm } = provider();
    fake.enqueue({ toolUses: [{ name: 'pick_colour', input: { colour: 'purple' } }] }, { toolUses: [{ name: 'pick_colour', input: { colour: 'blue' } }] });
    await expect(forcedToolCall(llm, ask, pick)).resolves.toEqual({ colour: 'blue' });
    expect(fake.requests).toHaveLength(2);
    const second = JSON.stringify(fake.requests[1]!.body.messages);
    expect(second).toContain('"is_error":true');
    expect(second).toContain('invalid arguments: colour');
  });

  it("returns what accept makes of the arguments, and sends accept's refusal back like a schema error", async () => {
    const { llm } = provider();
    const notRed = { ...pick, accept: (a: { colour: string }) => {
      if (a.colour === 'red') throw new Error('red is taken; pick another');
      return a.colour.toUpperCase();
    } };
    fake.enqueue({ toolUses: [{ name: 'pick_colour', input: { colour: 'red' } }] }, { toolUses: [{ name: 'pick_colour', input: { colour: 'green' } }] });
    await expect(forcedToolCall(llm, ask, notRed)).resolves.toBe('GREEN');
    expect(JSON.stringify(fake.requests[1]!.body.messages)).toContain('red is taken; pick another');
  });

  it('is null when the model answers wrongly twice or answers in words', async () => {
    const { llm } = provider();
    fake.setHandler(() => ({ toolUses: [{ name: 'pick_colour', input: { colour: 'purple' } }] }));
    await expect(forcedToolCall(llm, ask, pick)).resolves.toBeNull();
    expect(fake.requests).toHaveLength(2);
    fake.reset();
    fake.enqueue({ text: 'I would pick green.' });
    await expect(forcedToolCall(llm, ask, pick)).resolves.toBeNull();
    expect(fake.requests).toHaveLength(1);
  });
});

// The one way the model is picked from settings: the engine's getter (settings, here no environment).
describe('the engine\'s model getter, from settings', () => {
  const settings = (values: Record<string, unknown>): SettingsReader => ({
    get: (key, schema, fallback) => {
      const parsed = schema.safeParse(values[key]);
      return parsed.success ? parsed.data : fallback;
    },
  });

  it('is offline without an API key', async () => {
    const llm = modelGetter({ settings: settings({}), env: {} })();
    expect(llm).toBeInstanceOf(OfflineProvider);
    expect(llm.online).toBe(false);
    await expect(llm.complete({ purpose: 'x', messages: [] })).rejects.toMatchObject({ code: 'OFFLINE' });
  });

  it('uses the key, models and base URL from settings', async () => {
    const llm = modelGetter({
      settings: settings({
        [LLM_SETTINGS.apiKey]: 'sk-from-settings',
        [LLM_SETTINGS.baseUrl]: fake.url,
        [LLM_SETTINGS.chatModel]: 'claude-sonnet-4-6',
        [LLM_SETTINGS.extractionModel]: 'claude-haiku-4-5',
      }),
      env: {},
    })();
    expect(llm.online).toBe(true);
    expect(llm.models).toEqual({ chat: 'claude-sonnet-4-6', extraction: 'claude-haiku-4-5' });
    await llm.complete({ purpose: 'x', messages: [{ role: 'user', content: 'q' }] });
    expect(fake.requests[0]!.apiKey).toBe('sk-from-settings');
  });
});
