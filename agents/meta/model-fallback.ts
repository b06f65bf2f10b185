import { LlmError, type ForcedMiss, type ToolLoopResult } from '../llm/index.js';
import type { BrainStore } from '../subagent-kit/index.js';
import type { TimeFormatter } from '../../shared/time/index.js';
import { FALLBACK_LAST_KEY, FALLBACK_TEXT, fallbackCounter, type FallbackLast, type FallbackReason } from '../../shared/settings/index.js';

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

/**
 * Counts one batch that fell back to the rules (a reason that will not go away by waiting: a model
 * without tool support, prose, a refusal), in all and per day in the user's zone, so Settings can
 * say "today", and keeps why: the last reason is what Settings shows.
 */
export function recordFallback(store: Pick<BrainStore, 'counters' | 'settings'>, time: TimeFormatter, reason: FallbackReason, detail: string, now: number): void {
  store.counters.bump(fallbackCounter());
  store.counters.bump(fallbackCounter(time.dayKey(now)));
  store.settings.set(FALLBACK_LAST_KEY, { at: now, reason, detail: detail.slice(0, 300) } satisfies FallbackLast);
}
