import { ApiCallError, apiError, type ApiError, type ApiErrorCode } from '../../shared/api/index.js';
import { StoreError, type StoreErrorCode } from '../../agents/store/index.js';
import type { PortabilityErrorCode } from '../../agents/portability/index.js';
import { hasIssues, issueLine, oneLine } from '../../shared/text/index.js';
import { portabilityRoom } from './portability-room.js';

/** Throw inside a handler to answer with a specific typed error. */
export function fail(code: ApiErrorCode, message: string): never {
  throw new ApiCallError(apiError(code, message));
}


/** Every store failure keeps its meaning for the UI: typed as a full map so a new store code must be placed here. */
const STORE_CODES: Record<StoreErrorCode, ApiErrorCode> = {
  NOT_FOUND: 'NOT_FOUND',
  INVALID_INPUT: 'INVALID_INPUT',
  WRONG_KEY: 'WRONG_KEY',
  KEY_INVALID: 'WRONG_KEY',
  NOT_ENGRAM: 'NOT_ENGRAM',
  DAMAGED: 'DAMAGED',
  NEWER_SCHEMA: 'NEWER_SCHEMA',
  MIGRATION_FAILED: 'MIGRATION_FAILED',
  DISK_FULL: 'DISK_FULL',
  BUSY: 'BUSY',
  IO: 'IO',
  KEY_FILE_PERMS: 'FORBIDDEN',
  KEY_CONFLICT: 'CONFLICT',
};

/** Export and import failures keep their meaning and their one-line message. */
const PORTABILITY_CODES: Record<PortabilityErrorCode, ApiErrorCode> = {
  NOT_AN_EXPORT: 'INVALID_INPUT',
  NEWER_FORMAT: 'INVALID_INPUT',
  INVALID_EXPORT: 'INVALID_INPUT',
  WRONG_KEY: 'WRONG_KEY',
  DAMAGED_ARCHIVE: 'DAMAGED',
  FILE_EXISTS: 'CONFLICT',
  IO: 'IO',
  ABORTED: 'UNAVAILABLE',
};

/**
 * A store failure as the UI's typed error, message kept as one line: store messages may quote what
 * the caller sent (an id holding a newline: "no experience …"), and an answer's error is one line.
 */
export function storeApiError(err: StoreError): ApiError {
  return { code: STORE_CODES[err.code], message: oneLine(err.message, 2000) || err.code };
}

/**
 * Any failure as the UI's typed error: known errors keep their code and message; anything else
 * becomes INTERNAL with a generic line (the details go to the host log, never to the page).
 */
export function toApiError(err: unknown, log?: (line: string) => void): ApiError {
  if (err instanceof ApiCallError) return { code: err.code, message: err.message };
  if (err instanceof StoreError) return storeApiError(err);
  const PortabilityError = portabilityRoom.loaded()?.PortabilityError;
  if (PortabilityError && err instanceof PortabilityError) return { code: PORTABILITY_CODES[err.code], message: err.message };
  if (hasIssues(err)) return { code: 'INVALID_INPUT', message: issueLine(err) };
  const name = err instanceof Error ? err.name : '';
  if (name === 'CaptureError') return { code: 'UNAVAILABLE', message: (err as Error).message };
  log?.(`api: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return { code: 'INTERNAL', message: 'Something went wrong inside Engram. Your data is unchanged.' };
}
