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
