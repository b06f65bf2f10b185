/** Typed failures of the chat agent; `message` is one line, safe to show as is. */
export type ChatErrorCode = 'EMPTY_QUESTION' | 'TOO_LARGE' | 'NOT_FOUND' | 'INVALID_INPUT';

export class ChatError extends Error {
  constructor(
    readonly code: ChatErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ChatError';
  }
}
