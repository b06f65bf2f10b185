import type { MemoryKind } from '../../shared/index.js';
import type { WriteOutcome } from '../subagent-kit/index.js';

/** What one ingest/flush did. */
export interface IngestReport {
  batches: number;
  observations: number;
  messages: number;
  /** Memories inserted or changed, in order, without repeats. */
  memory_ids: string[];
  outcomes: WriteOutcome[];
  /** Kinds routed, per batch. */
  routes: MemoryKind[][];
  llm_calls: number;
  /** Sub-agents that chained tool calls (model mode, a batch touching existing memories), per run. */
  chains: Array<{ kind: MemoryKind; steps: number; finished: boolean; stopped_by: string }>;
  /** Batches left queued (model unreachable): they stay unprocessed in the store and are retried. */
  deferred: number;
  /** Sources dropped by the privacy re-check (excluded apps/titles). */
  excluded: number;
  /** Batches the rules took because the model's answer was unusable (prose, a refusal, HTTP 400). */
  rules_fallbacks: number;
}

export function emptyReport(): IngestReport {
  return { batches: 0, observations: 0, messages: 0, memory_ids: [], outcomes: [], routes: [], llm_calls: 0, chains: [], deferred: 0, excluded: 0, rules_fallbacks: 0 };
}

/** Adds `r` into `into` (memory ids once each) and returns `into`. */
export function mergeReport(into: IngestReport, r: IngestReport): IngestReport {
  into.batches += r.batches;
  into.observations += r.observations;
  into.messages += r.messages;
  for (const id of r.memory_ids) if (!into.memory_ids.includes(id)) into.memory_ids.push(id);
  into.outcomes.push(...r.outcomes);
  into.routes.push(...r.routes);
  into.llm_calls += r.llm_calls;
  into.chains.push(...r.chains);
  into.deferred += r.deferred;
  into.excluded += r.excluded;
  into.rules_fallbacks += r.rules_fallbacks;
  return into;
}
