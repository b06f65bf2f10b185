/** Why an export, import or backup stopped. `message` is one line a user can act on, never a stack. */
export type PortabilityErrorCode =
  | 'NOT_AN_EXPORT'
  | 'NEWER_FORMAT'
  | 'INVALID_EXPORT'
  | 'WRONG_KEY'
  | 'DAMAGED_ARCHIVE'
  | 'FILE_EXISTS'
  | 'IO'
  | 'ABORTED';

export class PortabilityError extends Error {
  constructor(
    readonly code: PortabilityErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PortabilityError';
  }
}

/** First line of any error's message, for wrapping low-level failures. */
export function firstLine(err: unknown): string {
  const e = err as { message?: unknown };
  return String(e?.message ?? err).split('\n')[0] ?? '';
}
