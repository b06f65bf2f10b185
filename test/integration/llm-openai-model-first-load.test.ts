import { describe, expect, it, vi } from 'vitest';
import { OpenAiProvider } from '../../agents/llm/index.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { serverForFile } from '../helpers/server-for-file.js';

// The SDK's first load on a busy machine (CI at load ~35: the first request of a file took 7 s):
// longer than the 5 s a local server has to list its models.
vi.mock('openai', async (importOriginal) => {
  await new Promise((r) => setTimeout(r, 5_500));
  return importOriginal();
});

let fake: FakeOpenAi;
serverForFile(() => startFakeOpenAi({ models: ['llama3.1:8b', 'qwen2.5:7b'] }), (s) => (fake = s));

describe('a local OpenAI-compatible server with no model named, on the first request', () => {
  it("uses the server's own first model even when loading the client took longer than the server has to list them", async () => {
    fake.enqueue({ text: 'one' });
    const llm = new OpenAiProvider({ baseURL: fake.url, timeoutMs: 60_000, retry: { maxRetries: 0, baseDelayMs: 1 }, sleep: async () => {} });
    const res = await llm.complete({ purpose: 't', tier: 'chat', messages: [{ role: 'user', content: 'q' }] });
    expect(res.text).toBe('one');
    expect(fake.requests.map((r) => r.body.model)).toEqual(['llama3.1:8b']);
  });
});
