import { describe, expect, it } from 'vitest';
import { ProviderCore } from '../../agents/llm/provider-core.js';
import type { LlmCallRecord, LlmRequest } from '../../agents/llm/index.js';

const req: LlmRequest = { tier: 'extraction', purpose: 'test', messages: [{ role: 'user', content: 'hi' }] };

describe('the providers\' shared core', () => {
  it('makes the client once, and again after a failed load', async () => {
    let made = 0;
    const core = new ProviderCore<{ n: number }>(
      { timeoutMs: 1234 },
      {
        makeClient: (timeout) => {
          made++;
          expect(timeout).toBe(1234);
          return made === 1 ? Promise.reject(new Error('sdk missing')) : Promise.resolve({ n: made });
        },
        cost: () => 0,
      },
    );
    await expect(core.client()).rejects.toThrow('sdk missing');
    const [a, b] = await Promise.all([core.client(), core.client()]);
    expect(a).toBe(b);
    expect(made).toBe(2);
  });

  it('records each call with its cost and returns the reply', () => {
    const calls: LlmCallRecord[] = [];
    const core = new ProviderCore({ usage: { record: (c) => calls.push(c) }, now: () => 42 }, { makeClient: () => Promise.resolve(null), cost: () => 0.5 });
    const usage = { input_tokens: 3, output_tokens: 2, cache_read_tokens: 0, cache_write_tokens: 0 };
    const res = core.finish(req, 'm', [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], 'end_turn', usage);
    expect(res).toMatchObject({ model: 'm', text: 'ab', costUsd: 0.5, stopReason: 'end_turn' });
    expect(calls).toEqual([{ at: 42, model: 'm', purpose: 'test', ...usage, cost_usd: 0.5 }]);
    expect(core.timeoutMs).toBe(60_000);
    expect(core.maxTokens).toBe(4096);
  });
});
