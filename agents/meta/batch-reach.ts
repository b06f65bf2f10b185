import type { MemoryKind } from '../../shared/index.js';
import type { BatchAnalysis, SubAgent } from '../subagent-kit/index.js';

/**
 * What a batch may change (issue 28: content is data, never orders). Core blocks are in every chat
 * prompt, so they change only from the user's own words in Engram's chat: a screen, audio or
 * imported batch never reaches the core agent, whatever the router or the rules say.
 */
export function agentsFor(agents: readonly SubAgent[], analysis: BatchAnalysis): SubAgent[] {
  return analysis.userVoice ? [...agents] : agents.filter((a) => a.kind !== 'core');
}

/**
 * graph_record names who and what the batch's new memories are about, and its facts attach only to
 * memories this batch writes (recordHeldGraph): it is offered with the kinds the graph reads
 * (episodic, semantic, procedural, resource), never for a batch routed only to core blocks or the vault.
 */
export function offersGraph(kinds: readonly MemoryKind[]): boolean {
  return kinds.some((k) => k === 'episodic' || k === 'semantic' || k === 'procedural' || k === 'resource');
}
