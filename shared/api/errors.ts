import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/**
 * Every failure the UI can see. Handlers map internal errors (StoreError, zod issues, capture
 * errors) onto these codes; the message is one human line, never a stack trace.
 */
export const API_ERROR_CODES = [
  'INVALID_INPUT',
  'NOT_FOUND',
  'UNKNOWN_REQUEST',
  'UNAVAILABLE',
  'CONFLICT',
  'WRONG_KEY',
  'NOT_ENGRAM',
  'DAMAGED',
  'NEWER_SCHEMA',
  'MIGRATION_FAILED',
  'BUSY',
  'DISK_FULL',
  'IO',
  'OFFLINE',
  'RATE_LIMITED',
  'TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'INTERNAL',
] as const;

export const ApiErrorCodeSchema = lazySchema(() => z.enum(API_ERROR_CODES));
export type ApiErrorCode = z.infer<typeof ApiErrorCodeSchema>;

export const ApiErrorSchema = lazySchema(() => z.object({
  code: ApiErrorCodeSchema,
  message: z.string().max(2000),
}));
export type ApiError = z.infer<typeof ApiErrorSchema>;

export function apiError(code: ApiErrorCode, message: string): ApiError {
  return { code, message };
}

export function isApiError(value: unknown): value is ApiError {
  return ApiErrorSchema.safeParse(value).success;
}

/** Thrown on the client side when a call comes back with an error, so UI code can `catch` it. */
export class ApiCallError extends Error {
  readonly code: ApiErrorCode;
  constructor(error: ApiError) {
    super(error.message);
    this.name = 'ApiCallError';
    this.code = error.code;
  }
}
