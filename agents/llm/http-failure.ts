import { maskKeys } from './key-mask.js';
import { LlmError } from './llm-error.js';
import { oneLine as line } from '../../shared/text/index.js';

/** One line, at most 200 characters: provider messages can be multi-line JSON. */
export const oneLine = (s: string): string => line(s, 200);

function retryAfterMs(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const s = headers.get('retry-after');
  if (s && Number.isFinite(Number(s))) return Number(s) * 1000;
  return undefined;
}

/**
 * An HTTP failure of a model API as a typed LlmError: 429, 5xx, 408 and 409 are retryable (with
 * the server's retry-after when given), 401/403 are a refused key, the rest a refused request.
 * Both providers' SDKs (Anthropic's and OpenAI's) report status, headers and message alike.
 */
export function httpFailure(status: number | undefined, headers: Headers | undefined, message: string): LlmError {
  const detail = oneLine(message);
  if (status === 429) {
    return new LlmError('RATE_LIMITED', `rate limited by the model API (${detail})`, { status, retryable: true, retryAfterMs: retryAfterMs(headers) });
  }
  if (status === 401 || status === 403) return new LlmError('AUTH', `the API key was refused (${detail})`, { status });
  if (status === undefined || status >= 500 || status === 408 || status === 409) {
    return new LlmError('SERVER', `the model API failed (${detail})`, { status, retryable: true, retryAfterMs: retryAfterMs(headers) });
  }
  return new LlmError('BAD_REQUEST', `the model API refused the request (${detail})`, { status });
}

type ErrorClass<E extends Error = Error> = abstract new (...args: never[]) => E;

/** The error classes an SDK (Anthropic's, OpenAI's) throws; they share their shape, not their classes. */
export interface SdkErrorClasses {
  timeout: ErrorClass;
  abort: ErrorClass;
  connection: ErrorClass;
  api: ErrorClass<Error & { status?: number; headers?: unknown }>;
}

/**
 * A model SDK's failure as a typed, one-line LlmError: the idle timer or the SDK's timeout, the
 * caller's abort, an unreachable server, an HTTP failure (httpFailure), anything else as a network
 * failure. 429, 5xx, timeouts and network drops are retryable. The server's words keep neither the
 * configured `key` nor anything shaped like one (maskKeys).
 */
export function sdkFailure(err: unknown, sdk: SdkErrorClasses, o: { signal?: AbortSignal; timedOut?: boolean; unreachable: string; key?: string }): LlmError {
  if (err instanceof LlmError) return err;
  if (o.timedOut || err instanceof sdk.timeout) return new LlmError('TIMEOUT', 'the model did not answer in time', { retryable: true });
  if (err instanceof sdk.abort || o.signal?.aborted) return new LlmError('ABORTED', 'request aborted');
  if (err instanceof sdk.connection) return new LlmError('NETWORK', o.unreachable, { retryable: true });
  if (err instanceof sdk.api) return httpFailure(err.status, err.headers instanceof Headers ? err.headers : undefined, maskKeys(err.message, o.key));
  const message = err instanceof Error ? err.message : String(err);
  return new LlmError('NETWORK', oneLine(maskKeys(message, o.key)), { retryable: true });
}
