import { describe, expect, it } from 'vitest';
import { NO_TOOLS_MESSAGE, testModelConnection, type ConnectionTestInput } from '../../electron/api/handlers/model-connection.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { serverForFile } from '../helpers/server-for-file.js';

/**
 * Test connection asks an OpenAI-compatible server's model for one tiny forced tool call (issue 30):
 * a model that answers in prose or a server that rejects tools (400) is reported as one that cannot
 * call tools, unlike a server that cannot be reached or refuses the key. The real `openai` client
 * talks to the fake server over a real socket.
 */
let fake: FakeOpenAi;
serverForFile(() => startFakeOpenAi({ models: ['llama3.2:1b', 'qwen2.5:7b'] }), (s) => (fake = s), { resetEachTest: true });

const none = { get: () => null, set: () => {}, clear: () => {}, source: () => null };
const test = (extra: Partial<ConnectionTestInput> = {}) => testModelConnection({ provider: 'openai', baseUrl: fake.url, checkTools: true, ...extra }, { anthropic: none, openai: none });
const chatCalls = () => fake.requests.filter((r) => r.path.includes('/chat/completions'));

describe('Test connection: can the model call tools?', () => {
  it('a model that calls the tool: connected, tools yes, one tiny forced call to the memory model', async () => {
    fake.setHandler((r) => ({ toolUses: [{ name: r.body.tools![0]!.function.name, input: { ok: true } }] }));
    const r = await test({ models: { chat: 'qwen2.5:7b', extraction: '' } });
    expect(r).toEqual({ ok: true, models: ['llama3.2:1b', 'qwen2.5:7b'], message: expect.stringMatching(/^Connected to 127\.0\.0\.1:\d+: 2 models available\.$/), tools: 'yes' });
    const [call, ...more] = chatCalls();
    expect(more).toEqual([]);
    expect(call!.body.tools!.map((t) => t.function.name)).toEqual(['ping']);
    expect(JSON.stringify(call!.body.tool_choice)).toContain('ping');
    expect(call!.body.max_tokens).toBeLessThanOrEqual(32);
    // A local server with only a chat model set: the memory agents use that one, so it is the one asked.
    expect(call!.body.model).toBe('qwen2.5:7b');
  });

  it('a model that answers in prose cannot call tools: memories will be made by the offline rules', async () => {
    fake.setHandler(() => ({ text: 'Sure! ping: ok = true' }));
    const r = await test();
    expect(r.tools).toBe('no');
    expect(r.ok).toBe(true);
    expect(r.models).toEqual(['llama3.2:1b', 'qwen2.5:7b']);
    expect(r.message).toContain(NO_TOOLS_MESSAGE);
    expect(r.message).toMatch(/^Connected to 127\.0\.0\.1:\d+: 2 models available, but this model does not call tools: memories will be made by the offline rules\.$/);
    // The server's own first model answered (none was named), as it would for the memory agents.
    expect(chatCalls()[0]!.body.model).toBe('llama3.2:1b');
  });

  it('a server that rejects tools with HTTP 400 cannot call tools either', async () => {
    fake.setHandler(() => ({ status: 400, errorMessage: 'registry.ollama.ai/library/gemma:2b does not support tools' }));
    const r = await test();
    expect(r.tools).toBe('no');
    expect(r.message).toContain(NO_TOOLS_MESSAGE);
    expect(chatCalls()).toHaveLength(1);
  });

  it('a refused key, an outage or an unreachable server is said as such, never as "no tools"', async () => {
    fake.setHandler(() => ({ status: 401, errorMessage: 'Incorrect API key provided' }));
    const refused = await test();
    expect(refused).toMatchObject({ ok: false, tools: 'unchecked' });
    expect(refused.message).toMatch(/^Could not connect: .*refused/);

    fake.setHandler(() => ({ status: 503, errorMessage: 'loading model' }));
    const busy = await test();
    expect(busy).toMatchObject({ ok: false, tools: 'unchecked' });
    expect(busy.message).not.toContain('tools');

    const down = await test({ baseUrl: 'http://127.0.0.1:9/v1' });
    expect(down).toMatchObject({ ok: false, tools: 'unchecked' });
    expect(down.message).toMatch(/^Could not connect: cannot reach the model server$/);
  });

  it('without check_tools (the automatic listing for a local server) no chat call is made', async () => {
    const r = await test({ checkTools: false });
    expect(r).toMatchObject({ ok: true, tools: 'unchecked' });
    expect(chatCalls()).toEqual([]);
  });
});
