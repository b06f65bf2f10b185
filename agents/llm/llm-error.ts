/** Typed failures of the LLM seam; `message` is one line, safe to show. */
export type LlmErrorCode =
  | 'OFFLINE'
  | 'NO_API_KEY'
  | 'AUTH'
  | 'RATE_LIMITED'
  | 'SERVER'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'BAD_REQUEST'
  | 'ABORTED'
  | 'STREAM_INTERRUPTED'
  | 'TOOL_LOOP_LIMIT';

export class LlmError extends Error {
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly details: { status?: number; partialText?: string; retryable?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'LlmError';
  }
  get partialText(): string | undefined {
    return this.details.partialText;
  }
  get retryAfterMs(): number | undefined {
    return this.details.retryAfterMs;
  }
  get retryable(): boolean {
    return this.details.retryable ?? false;
  }
}
