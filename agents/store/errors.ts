/** Typed store errors. `message` is always one line a user can act on; never a stack or a key. */
export type StoreErrorCode =
  | 'WRONG_KEY'
  | 'NOT_ENGRAM'
  | 'DAMAGED'
  | 'NEWER_SCHEMA'
  | 'KEY_FILE_PERMS'
  | 'KEY_CONFLICT'
  | 'KEY_INVALID'
  | 'INVALID_INPUT'
  | 'NOT_FOUND'
  | 'DISK_FULL'
  | 'BUSY'
  | 'IO'
  | 'MIGRATION_FAILED';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** Maps a low-level error (SQLite, fs) to a StoreError with a plain message. */
export function toStoreError(err: unknown, context: string): StoreError {
  if (err instanceof StoreError) return err;
  const e = err as { code?: string; message?: string };
  const code = e?.code ?? '';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return new StoreError('DISK_FULL', `${context}: the disk is full`);
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return new StoreError('BUSY', `${context}: the database is busy, try again`);
  if (code === 'SQLITE_CORRUPT') return new StoreError('DAMAGED', `${context}: the database file is damaged; restore a backup (see engram backup --help)`);
  if (code === 'SQLITE_NOTADB') return new StoreError('WRONG_KEY', 'wrong key or not an Engram database');
  const first = String(e?.message ?? err).split('\n')[0];
  return new StoreError('IO', `${context}: ${first}`);
}
