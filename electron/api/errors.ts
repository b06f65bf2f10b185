import { ApiCallError, apiError, type ApiError, type ApiErrorCode } from '../../shared/api/index.js';
import { StoreError, type StoreErrorCode } from '../../agents/store/index.js';

/** Throw inside a handler to answer with a specific typed error. */
export function fail(code: ApiErrorCode, message: string): never {
  throw new ApiCallError(apiError(code, message));
}

interface ZodLikeIssue {
  path: PropertyKey[];
  message: string;
}

function isZodError(err: unknown): err is { issues: ZodLikeIssue[] } {
  return !!err && typeof err === 'object' && Array.isArray((err as { issues?: unknown }).issues);
}

/** Keys and values of a hostile input end up in zod's messages: one line, and short (the contract caps 2000). */
function bounded(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** "patch.text: too short" from the first zod issue: one line the user can act on. */
export function zodMessage(err: { issues: ZodLikeIssue[] }): string {
  const first = err.issues[0];
  if (!first) return 'invalid input';
  const path = bounded(first.path.map(String).join('.'), 200);
  const message = bounded(first.message, 300);
  return path ? `${path}: ${message}` : message;
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
};

/** A store failure as the UI's typed error, message kept (store messages are one plain line). */
export function storeApiError(err: StoreError): ApiError {
  return { code: STORE_CODES[err.code], message: err.message };
}

/**
 * Any failure as the UI's typed error: known errors keep their code and message; anything else
 * becomes INTERNAL with a generic line (the details go to the host log, never to the page).
 */
export function toApiError(err: unknown, log?: (line: string) => void): ApiError {
  if (err instanceof ApiCallError) return { code: err.code, message: err.message };
  if (err instanceof StoreError) return storeApiError(err);
  if (isZodError(err)) return { code: 'INVALID_INPUT', message: zodMessage(err) };
  const name = err instanceof Error ? err.name : '';
  if (name === 'CaptureError') return { code: 'UNAVAILABLE', message: (err as Error).message };
  log?.(`api: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return { code: 'INTERNAL', message: 'Something went wrong inside Engram. Your data is unchanged.' };
}
