import { LlmError } from './llm-error.js';

export interface RetryPolicy {
  /** Retries after the first attempt (so maxRetries 3 = at most 4 attempts). */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 20_000 };

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError('ABORTED', 'request aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(t);
      reject(new LlmError('ABORTED', 'request aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Exponential backoff with full jitter; a server's retry-after (seconds or ms) wins when given,
 * capped so a hostile header cannot park us for an hour.
 */
export function backoffDelay(policy: RetryPolicy, attempt: number, retryAfterMs?: number, random = Math.random): number {
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) {
    return Math.min(retryAfterMs, policy.maxDelayMs);
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Runs `attempt` until it succeeds, a non-retryable LlmError is thrown, or retries run out. */
export async function withRetries<T>(
  policy: RetryPolicy,
  sleep: Sleep,
  fn: (attempt: number) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (!(err instanceof LlmError) || !err.retryable || attempt >= policy.maxRetries) throw err;
      await sleep(backoffDelay(policy, attempt, err.retryAfterMs), signal);
    }
  }
}
