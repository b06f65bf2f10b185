import { z } from 'zod';

/**
 * Batches the offline rules took although a model is set, because its answer was unusable: the
 * brain counts them (agents/meta model-fallback.ts) and Settings reads them here, without loading
 * the brain. An outage (the server down or slow) is not one: its batches wait and are retried.
 */
export const FALLBACK_REASONS = ['no_tool_call', 'refusal', 'malformed', 'request_refused', 'key_refused'] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

/** What Settings says after "N batches fell back to rules today: …". */
export const FALLBACK_TEXT: Record<FallbackReason, string> = {
  no_tool_call: 'the model did not call tools',
  refusal: 'the model refused',
  malformed: "the model's tool calls were malformed",
  request_refused: 'the server refused the request',
  key_refused: 'the API key was refused',
};

export const FALLBACK_LAST_KEY = 'brain.rules_fallback_last';
export const FallbackLastSchema = z.object({ at: z.number(), reason: z.enum(FALLBACK_REASONS), detail: z.string().max(300) });
export type FallbackLast = z.infer<typeof FallbackLastSchema>;

/** The counters: every fallback, and those of one day (YYYY-MM-DD in the user's zone). */
export const fallbackCounter = (day?: string): string => (day ? `brain.rules_fallbacks.${day}` : 'brain.rules_fallbacks');

/** The parts of the store the count is read from (counters and settings). */
export interface FallbackReader {
  counters: { get(name: string): number };
  settings: { get<T>(key: string, schema: z.ZodType<T>, fallback: T): T };
}

export interface FallbackSummary {
  /** Batches that fell back to the rules on `day`. */
  today: number;
  total: number;
  /** The last fallback: when, why (in words), and the error line; null when there was none. */
  last: (FallbackLast & { text: string }) | null;
}

export function readFallbacks(store: FallbackReader, day: string): FallbackSummary {
  const last = store.settings.get(FALLBACK_LAST_KEY, FallbackLastSchema.nullable(), null);
  return {
    today: store.counters.get(fallbackCounter(day)),
    total: store.counters.get(fallbackCounter()),
    last: last ? { ...last, text: FALLBACK_TEXT[last.reason] } : null,
  };
}
