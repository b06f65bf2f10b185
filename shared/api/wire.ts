import { z } from 'zod';
import { ApiErrorSchema, type ApiError } from './errors.js';
import type { EventName, EventPayload } from './events.js';
import { REQUEST_NAMES, type RequestName } from './requests.js';
import { lazySchema } from './lazy-schema.js';

/** Limits every transport enforces, so a misbehaving page cannot flood the host. */
export const WIRE_LIMITS = {
  /** Largest request body / WebSocket message, in bytes. */
  maxMessageBytes: 1_048_576,
  /** Sustained calls per second per connection, and the burst allowed above it. */
  callsPerSecond: 50,
  callBurst: 200,
} as const;

/** One call as any transport carries it: a known request name and its (not yet validated) input. */
export const callSchema = lazySchema(() => z.object({
  name: z.enum(REQUEST_NAMES as [RequestName, ...RequestName[]]),
  input: z.unknown().optional(),
}));
export type Call = z.infer<typeof callSchema>;

/** The answer to a call: either the output or a typed error, never a stack trace. */
export type ApiResponse<T = unknown> = { ok: true; output: T } | { ok: false; error: ApiError };
export const ApiResponseSchema = lazySchema(() => z.union([
  z.object({ ok: z.literal(true), output: z.unknown() }),
  z.object({ ok: z.literal(false), error: ApiErrorSchema }),
]));

/** A pushed event as transports carry it. */
export interface ApiEventMessage<E extends EventName = EventName> {
  name: E;
  payload: EventPayload<E>;
}

// WebSocket framing of the headless host. Client -> host: calls. Host -> client: results and events.
export const WsClientMessageSchema = lazySchema(() => z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  name: z.string().max(100),
  input: z.unknown().optional(),
}));
export type WsClientMessage = z.infer<typeof WsClientMessageSchema>;

export type WsServerMessage =
  | { type: 'result'; id: number; response: ApiResponse }
  | { type: 'event'; name: string; payload: unknown }
  | { type: 'error'; error: ApiError };

export const WsServerMessageSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('result'), id: z.number().int(), response: ApiResponseSchema }),
  z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() }),
  z.object({ type: z.literal('error'), error: ApiErrorSchema }),
]));

/**
 * What the Electron preload exposes as `window.engram` (contextBridge): one invoke channel and one
 * event channel carrying this contract, nothing else.
 */
export interface EngramBridge {
  invoke(name: string, input: unknown): Promise<ApiResponse>;
  /** Subscribes to every pushed event; returns the unsubscribe function. */
  on(listener: (event: { name: string; payload: unknown }) => void): () => void;
}
