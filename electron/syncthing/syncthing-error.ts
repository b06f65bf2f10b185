/** Why Engram's Syncthing could not do what was asked; the message is one line a user can act on. */
export type SyncthingErrorCode = 'NOT_FOUND' | 'NOT_RUNNING' | 'START_FAILED' | 'REST' | 'BAD_INPUT' | 'CONFIG';

export class SyncthingError extends Error {
  constructor(
    readonly code: SyncthingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SyncthingError';
  }
}
