import {
  apiError,
  apiRequests,
  callSchema,
  isRequestName,
  WIRE_LIMITS,
  type ApiError,
  type ApiResponse,
  type RequestName,
} from '../../../shared/api/index.js';
import { TokenBucket } from '../../../shared/rate-limit/index.js';
import { checkSenderFrame, type FrameRef } from './sender-check.js';
import { issueLine } from '../../../shared/text/index.js';

/** The one implementation of the contract (electron/api dispatch), injected. */
export type Dispatch = (name: RequestName, input: unknown) => Promise<ApiResponse>;

export interface InvokeGuardOptions {
  dispatch: Dispatch;
  /** The frames allowed to call: the main window's main frame. Read on every call (windows come and go). */
  trustedFrames: () => ReadonlyArray<FrameRef | null | undefined>;
  /** Told about refused calls (one line, never the payload). */
  onRefused?: (reason: string) => void;
  now?: () => number;
}

/** Size of a payload as the host would log or store it; structured-clone-only values are refused. */
export function payloadBytes(value: unknown): number | null {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
  } catch {
    return null;
  }
}

function fail(error: ApiError): ApiResponse {
  return { ok: false, error };
}


/**
 * The ipcMain.handle listener for the invoke channel, without Electron: sender frame check, rate
 * limit, size limit, envelope and input validation with the contract's zod schemas, then dispatch.
 * Whatever goes wrong comes back as a typed ApiResponse error; nothing throws to the renderer,
 * so no stack trace crosses the bridge.
 */
export function createInvokeGuard(options: InvokeGuardOptions) {
  const limiter = new TokenBucket(WIRE_LIMITS.callsPerSecond, WIRE_LIMITS.callBurst, options.now);
  const refuse = (error: ApiError, reason: string): ApiResponse => {
    options.onRefused?.(reason);
    return fail(error);
  };

  return async function handleInvoke(senderFrame: FrameRef | null | undefined, rawEnvelope: unknown): Promise<ApiResponse> {
    const sender = checkSenderFrame(senderFrame, options.trustedFrames());
    if (!sender.ok) return refuse(apiError('FORBIDDEN', 'This window may not call Engram.'), `sender refused: ${sender.reason}`);
    if (!limiter.take()) return refuse(apiError('RATE_LIMITED', 'Too many requests; slow down.'), 'rate limited');

    const bytes = payloadBytes(rawEnvelope);
    if (bytes === null) return refuse(apiError('INVALID_INPUT', 'The request is not plain JSON data.'), 'not JSON');
    if (bytes > WIRE_LIMITS.maxMessageBytes) return refuse(apiError('TOO_LARGE', `The request is too large (${bytes} bytes).`), 'too large');

    if (
      typeof rawEnvelope === 'object' &&
      rawEnvelope !== null &&
      typeof (rawEnvelope as { name?: unknown }).name === 'string' &&
      !isRequestName((rawEnvelope as { name: string }).name)
    ) {
      const name = (rawEnvelope as { name: string }).name.slice(0, 100);
      return refuse(apiError('UNKNOWN_REQUEST', `Unknown request "${name}".`), 'unknown request');
    }
    const envelope = callSchema.strict().safeParse(rawEnvelope);
    if (!envelope.success) return refuse(apiError('INVALID_INPUT', `Malformed request: ${issueLine(envelope.error)}`), 'malformed envelope');

    const { name } = envelope.data;
    const input = envelope.data.input ?? {};
    const parsed = apiRequests[name].input.safeParse(input);
    if (!parsed.success) return refuse(apiError('INVALID_INPUT', `Invalid input for ${name}: ${issueLine(parsed.error)}`), `invalid input for ${name}`);

    try {
      // The dispatcher parses again (it is shared with the headless host); the raw input goes on.
      return await options.dispatch(name, input);
    } catch (err) {
      options.onRefused?.(`dispatch threw for ${name}: ${err instanceof Error ? err.name : typeof err}`);
      return fail(apiError('INTERNAL', 'Something went wrong inside Engram.'));
    }
  };
}

export type InvokeHandler = ReturnType<typeof createInvokeGuard>;
