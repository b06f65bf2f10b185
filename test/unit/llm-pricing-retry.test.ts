import { describe, expect, it } from 'vitest';
import { backoffDelay, costUsd, priceFor, DEFAULT_RETRY } from '../../agents/llm/index.js';

describe('pricing', () => {
  it('prices dated snapshots by prefix and unknown models like Sonnet', () => {
    expect(priceFor('claude-haiku-4-5-20251001')).toEqual(priceFor('claude-haiku-4-5'));
    expect(priceFor('something-else').input).toBe(3);
  });
  it('counts cache reads at a tenth and writes at 1.25x of input', () => {
    const usage = { input_tokens: 1_000_000, output_tokens: 1_000_000, cache_read_tokens: 1_000_000, cache_write_tokens: 1_000_000 };
    // haiku 4.5: 1 + 5 + 0.1 + 1.25
    expect(costUsd('claude-haiku-4-5', usage)).toBeCloseTo(7.35, 6);
  });
});

describe('backoff', () => {
  it('grows exponentially with jitter and is capped', () => {
    const p = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(p, 0, undefined, () => 0)).toBe(50);
    expect(backoffDelay(p, 0, undefined, () => 1)).toBe(100);
    expect(backoffDelay(p, 3, undefined, () => 1)).toBe(800);
    expect(backoffDelay(p, 10, undefined, () => 1)).toBe(1000);
  });
  it('honours retry-after but caps it', () => {
    const p = { ...DEFAULT_RETRY, maxDelayMs: 5000 };
    expect(backoffDelay(p, 0, 1200)).toBe(1200);
    expect(backoffDelay(p, 0, 3_600_000)).toBe(5000);
  });
});
