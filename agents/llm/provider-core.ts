import { recordCall, responseOf } from './call-record.js';
import type { LlmError } from './llm-error.js';
import { DEFAULT_RETRY, realSleep, withRetries, type RetryPolicy, type Sleep } from './retry-policy.js';
import type { LlmContentBlock, LlmRequest, LlmResponse, LlmStopReason, LlmUsage, UsageSink } from './types.js';

/** What every SDK-backed provider takes beside its key, address and models. */
export interface ProviderTuning {
  /** Where each call's tokens and cost go (store.llmCalls). */
  usage?: UsageSink;
  /** Per-attempt timeout; for streams, the longest silence between two events. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  maxTokens?: number;
  sleep?: Sleep;
  now?: () => number;
}

/** Before a reply says what it used. */
export const NO_USAGE: LlmUsage = Object.freeze({ input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 });

export interface ProviderCoreParts<Client> {
  /** Makes the SDK's client; called with the first call to the model (the SDK loads then). */
  makeClient(timeoutMs: number): Promise<Client>;
  /** What a call cost in dollars (0 for a server on the user's own machine). */
  cost(model: string, usage: LlmUsage): number;
}

/**
 * What the Anthropic and OpenAI-compatible providers share: their defaults, the lazy SDK client,
 * our own retries (SDK retries off, so they are testable) and recording each call's tokens and
 * cost. Each provider composes one and keeps only its wire format.
 */
export class ProviderCore<Client> {
  readonly timeoutMs: number;
  readonly maxTokens: number;
  private readonly retry: RetryPolicy;
  private readonly sleep: Sleep;
  private readonly now: () => number;
  private clientLoad: Promise<Client> | null = null;

  constructor(
    private readonly tuning: ProviderTuning,
    private readonly parts: ProviderCoreParts<Client>,
  ) {
    this.retry = { ...DEFAULT_RETRY, ...tuning.retry };
    this.timeoutMs = tuning.timeoutMs ?? 60_000;
    this.maxTokens = tuning.maxTokens ?? 4096;
    this.sleep = tuning.sleep ?? realSleep;
    this.now = tuning.now ?? Date.now;
  }

  /** The SDK's client, made once; a failed load is tried again on the next call. */
  client(): Promise<Client> {
    return (this.clientLoad ??= this.parts.makeClient(this.timeoutMs).catch((err: unknown) => {
      this.clientLoad = null;
      throw err;
    }));
  }

  /** Runs one attempt under the retry policy (retryable LlmErrors only, never past the signal). */
  retrying<T>(signal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
    return withRetries(this.retry, this.sleep, attempt, signal);
  }

  /** The ids of the models the server lists, sorted (Test connection). */
  async listModels(
    list: (client: Client, opts: { signal?: AbortSignal; timeout: number }) => AsyncIterable<{ id: string }>,
    toError: (err: unknown, signal?: AbortSignal) => LlmError,
    signal?: AbortSignal,
  ): Promise<string[]> {
    try {
      const ids: string[] = [];
      for await (const m of list(await this.client(), { signal, timeout: Math.min(this.timeoutMs, 15_000) })) ids.push(m.id);
      return ids.sort();
    } catch (err) {
      throw toError(err, signal);
    }
  }

  /** The reply as the seam returns it, its call recorded. */
  finish(req: LlmRequest, model: string, content: LlmContentBlock[], stopReason: LlmStopReason, usage: LlmUsage): LlmResponse {
    return responseOf(model, content, stopReason, usage, this.record(req, model, usage));
  }

  /** Records one call's tokens and cost; returns the cost. */
  record(req: LlmRequest, model: string, usage: LlmUsage): number {
    return recordCall(this.tuning.usage, { at: this.now(), model, purpose: req.purpose, usage, costUsd: this.parts.cost(model, usage) });
  }
}
