import { ApiCallError, type ApiErrorCode } from './errors.js';

/** A failed call as a host tells it: one line, an exit code for the CLI, and whether it is worth a log line. */
export interface HostFailure {
  code: ApiErrorCode;
  line: string;
  /** 2: the caller's input was refused (as for a bad flag); 1: anything else. */
  exitCode: 1 | 2;
  /** The caller's own doing (bad input, nothing there): said to the caller, not logged as a fault. */
  expected: boolean;
}

const CALLER_CODES: ReadonlySet<ApiErrorCode> = new Set(['INVALID_INPUT', 'NOT_FOUND', 'UNKNOWN_REQUEST', 'TOO_LARGE', 'CONFLICT']);

/**
 * The one mapping from the contract's error codes to what a host says: `engram` exit codes and
 * lines, MCP tool errors. Null for anything that is not a failed API call.
 */
export function hostFailureOf(err: unknown): HostFailure | null {
  if (!(err instanceof ApiCallError)) return null;
  const line = err.message.split('\n')[0]!.slice(0, 500);
  return { code: err.code, line, exitCode: err.code === 'INVALID_INPUT' || err.code === 'TOO_LARGE' ? 2 : 1, expected: CALLER_CODES.has(err.code) };
}
