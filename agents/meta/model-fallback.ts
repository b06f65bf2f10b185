import { z } from 'zod';
import { LlmError, type ForcedMiss, type ToolLoopResult } from '../llm/index.js';
import type { BrainStore } from '../subagent-kit/index.js';
import type { TimeFormatter } from '../../shared/time/index.js';

/**
 * Why a batch went to the offline rules although a model is configured. An outage (the server
 * unreachable, overloaded, timing out) is not one of these: its batches wait and are retried. These
 * are answers that will not get better by waiting: a request the server refuses (a model without
 * tool support answers HTTP 400), a refused key, a model that answers in prose instead of calling
 * its tools (small local models often do), a refusal, arguments still malformed after the retry.
 */
export const FALLBACK_REASONS = ['no_tool_call', 'refusal', 'malformed', 'request_refused', 'key_refused'] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

/** A model answer the brain cannot use (prose, a refusal, malformed calls): the batch goes to the rules. */
export class ModelFailure extends Error {
  constructor(
    readonly reason: Exclude<FallbackReason, 'request_refused' | 'key_refused'>,
    readonly step: string,
  ) {
    super(`${step}: ${FALLBACK_TEXT[reason]}`);
    this.name = 'ModelFailure';
  }
}

/** What Settings says after "N batches fell back to rules today: …". */
export const FALLBACK_TEXT: Record<FallbackReason, string> = {
  no_tool_call: 'the model did not call tools',
  refusal: 'the model refused',
  malformed: "the model's tool calls were malformed",
  request_refused: 'the server refused the request',
  key_refused: 'the API key was refused',
};

/** Waiting helps these (the server is down, busy or slow): the batch stays queued and is retried. */
const OUTAGE_CODES = new Set(['RATE_LIMITED', 'SERVER', 'TIMEOUT', 'NETWORK', 'STREAM_INTERRUPTED', 'ABORTED']);

/** A model failure that sends the batch to the rules now, or null (an outage, or not the model's). */
export function fallbackReason(e: unknown): FallbackReason | null {
  if (e instanceof ModelFailure) return e.reason;
  if (!(e instanceof LlmError) || OUTAGE_CODES.has(e.code)) return null;
  return e.code === 'AUTH' ? 'key_refused' : 'request_refused';
}

/** The forced call's miss, thrown as a ModelFailure. */
export function missFailure(step: string): (why: ForcedMiss) => never {
  return (why) => {
    throw new ModelFailure(why, step);
  };
}

/**
 * Throws when a tool loop got no usable answer: prose where tool calls were asked for (unless the
 * model said there is nothing to save, as the prompt lets it), a refusal, or only refused calls.
 */
export function requireToolAnswer(result: Pick<ToolLoopResult, 'final' | 'calls'>, step: string): void {
  if (result.final.stopReason === 'refusal' && !result.calls.some((c) => c.ok)) throw new ModelFailure('refusal', step);
  if (!result.calls.length) {
    if (!NOTHING_TO_SAVE.test(result.final.text)) throw new ModelFailure('no_tool_call', step);
    return;
  }
  if (!result.calls.some((c) => c.ok)) throw new ModelFailure('malformed', step);
}

/** The prompts' "nothing to save" answer, as models phrase it. */
const NOTHING_TO_SAVE = /\bnothing\b[^.\n]{0,40}\b(save|keep|remember|store|record|worth)|\bno (new )?(memor|information|facts?)\b[^.\n]{0,40}\b(save|keep|remember|store|worth)/i;

const LAST_KEY = 'brain.rules_fallback_last';
const LastSchema = z.object({ at: z.number(), reason: z.enum(FALLBACK_REASONS), detail: z.string().max(300) });
const COUNTER = 'brain.rules_fallbacks';

type FallbackStore = Pick<BrainStore, 'counters' | 'settings'>;

/**
 * Counts one batch that fell back to the rules, in all and per day in the user's zone (so Settings
 * can say "today"), and keeps why: the last reason is what Settings shows.
 */
export function recordFallback(store: FallbackStore, time: TimeFormatter, reason: FallbackReason, detail: string, now: number): void {
  store.counters.bump(COUNTER);
  store.counters.bump(`${COUNTER}.${time.dayKey(now)}`);
  store.settings.set(LAST_KEY, { at: now, reason, detail: detail.slice(0, 300) });
}

export interface FallbackSummary {
  /** Batches that fell back to the rules today (local day). */
  today: number;
  total: number;
  /** The last fallback's reason in words, and when; null when there was none. */
  last: { at: number; reason: FallbackReason; text: string; detail: string } | null;
}

export function readFallbacks(store: FallbackStore, time: TimeFormatter, now: number): FallbackSummary {
  const last = store.settings.get(LAST_KEY, LastSchema.nullable(), null);
  return {
    today: store.counters.get(`${COUNTER}.${time.dayKey(now)}`),
    total: store.counters.get(COUNTER),
    last: last ? { ...last, text: FALLBACK_TEXT[last.reason] } : null,
  };
}
