import { LlmError } from './llm-error.js';
import { StreamedContent } from './streamed-content.js';
import type { LlmStreamEvent } from './types.js';

/** What a provider's stream loop gets from streamAttempt. */
export interface StreamControl {
  /** Aborts the request: on the caller's signal, or after `idleMs` without a chunk. */
  signal: AbortSignal;
  content: StreamedContent;
  /** Call on every chunk: silence is measured from the last one. */
  touch(): void;
  /** An event for the caller; from the first one on, a failure is no longer retried. */
  emit(event: LlmStreamEvent): void;
  /** A text delta: kept in the content (the partial text if the stream breaks) and shown. */
  text(index: number, delta: string): void;
  /** The error for a stream that ended without its closing event. */
  endedEarly(): LlmError;
}

export interface StreamAttemptOptions {
  /** The longest silence between two chunks. */
  idleMs: number;
  signal?: AbortSignal;
  onEvent(event: LlmStreamEvent): void;
  /** The SDK's failure as a typed one-line error (timedOut: the idle timer fired). */
  toError(err: unknown, timedOut: boolean): LlmError;
  /** After a failure, before it is thrown: e.g. record the input tokens billed for a broken reply. */
  onFailure?(): void;
  /** The provider's own loop over its SDK's stream. */
  run(control: StreamControl): Promise<void>;
}

/**
 * One attempt at a streamed reply, the plumbing every provider shares: the idle timeout, the
 * caller's abort, and what a failure becomes. Before anything reached the caller the error is
 * thrown as it is (retryable ones are retried by withRetries); after, a retry would repeat what was
 * shown, so it becomes STREAM_INTERRUPTED (or ABORTED) carrying the text streamed so far.
 */
export async function streamAttempt(opts: StreamAttemptOptions): Promise<StreamedContent> {
  const abort = new AbortController();
  const content = new StreamedContent();
  let timedOut = false;
  let delivered = false;
  let idle: NodeJS.Timeout | undefined;
  const onOuterAbort = (): void => abort.abort();
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const control: StreamControl = {
    signal: abort.signal,
    content,
    touch: () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, opts.idleMs);
    },
    emit: (event) => {
      delivered = true;
      opts.onEvent(event);
    },
    text: (index, delta) => {
      content.text(index, delta);
      control.emit({ type: 'text_delta', text: delta });
    },
    endedEarly: () => new LlmError('STREAM_INTERRUPTED', 'the reply stream ended early', { partialText: content.streamedText, retryable: !delivered }),
  };
  try {
    control.touch();
    await opts.run(control);
    return content;
  } catch (err) {
    const e = err instanceof LlmError ? err : opts.toError(err, timedOut);
    opts.onFailure?.();
    if (delivered) {
      if (e.code === 'ABORTED') throw new LlmError('ABORTED', e.message, { partialText: content.streamedText });
      throw new LlmError('STREAM_INTERRUPTED', `the reply stream broke off: ${e.message}`, { partialText: content.streamedText, status: e.details.status });
    }
    throw e;
  } finally {
    clearTimeout(idle);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}
