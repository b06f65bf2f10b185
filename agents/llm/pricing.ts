import type { LlmUsage } from './types.js';

/** USD per million tokens. Cache writes (5 min) cost 1.25x input, cache reads 0.1x. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

const price = (input: number, output: number): ModelPrice => ({
  input,
  output,
  cacheWrite: input * 1.25,
  cacheRead: input * 0.1,
});

/** Matched by prefix, longest first, so dated snapshots ("claude-haiku-4-5-20251001") price too. */
const PRICES: Array<[string, ModelPrice]> = [
  ['claude-opus-4-5', price(5, 25)],
  ['claude-opus-4-6', price(5, 25)],
  ['claude-opus-4-7', price(5, 25)],
  ['claude-opus-4-8', price(5, 25)],
  ['claude-opus-4', price(15, 75)],
  ['claude-sonnet-4', price(3, 15)],
  ['claude-3-7-sonnet', price(3, 15)],
  ['claude-3-5-sonnet', price(3, 15)],
  ['claude-haiku-4', price(1, 5)],
  ['claude-3-5-haiku', price(0.8, 4)],
  ['claude-3-haiku', price(0.25, 1.25)],
];

/** Unknown models are priced like Sonnet: better to over- than under-report spend. */
const FALLBACK = price(3, 15);

export function priceFor(model: string): ModelPrice {
  let best: ModelPrice | undefined;
  let bestLen = -1;
  for (const [prefix, p] of PRICES) {
    if (model.startsWith(prefix) && prefix.length > bestLen) {
      best = p;
      bestLen = prefix.length;
    }
  }
  return best ?? FALLBACK;
}

export function costUsd(model: string, usage: LlmUsage): number {
  const p = priceFor(model);
  const usd =
    (usage.input_tokens * p.input +
      usage.output_tokens * p.output +
      usage.cache_write_tokens * p.cacheWrite +
      usage.cache_read_tokens * p.cacheRead) /
    1_000_000;
  return Math.round(usd * 1e8) / 1e8;
}
