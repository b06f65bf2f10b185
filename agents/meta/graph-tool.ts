import { checkModelGraph, ModelGraphSchema, recordModelGraph, type ModelGraph } from '../graph/index.js';
import { defineTool, type LlmTool } from '../llm/index.js';
import type { SubAgentContext, WriteOutcome } from '../subagent-kit/index.js';

/**
 * The extraction call's graph tool: the model names the batch's entities and the facts that tie
 * them together. Arguments are checked (zod, then participants and sources) and held until the
 * batch's memories are written, because facts cite memories, not batch lines; a refused call holds
 * nothing.
 */
export function graphTool(ctx: SubAgentContext, held: ModelGraph[]): LlmTool {
  return defineTool({
    name: 'graph_record',
    description:
      'Record the people, organisations, projects, places and documents this batch names (entities), and facts that tie two or more of them together ("Ana Souza decided the Atlas launch date"). Once per batch, beside the memory tools. Participants must be entities of this call; sources are the [n] numbers of the batch items.',
    schema: ModelGraphSchema,
    run: (input) => {
      checkModelGraph(input, ctx.analysis.sources.length);
      held.push(input);
      return { op: 'graph', entities: input.entities.length, facts: input.facts.length };
    },
  }) as LlmTool;
}

/**
 * Writes the held graph once the batch's memories exist: an entity or fact read from items [n]
 * is linked to the memories written from those items (all of the batch's memories when no items
 * were named).
 */
export function recordHeldGraph(ctx: SubAgentContext, held: readonly ModelGraph[], outcomes: readonly WriteOutcome[]): { entities: number; facts: number } {
  const written = [...new Set(outcomes.filter((o) => o.op !== 'noop').map((o) => o.id))];
  if (!held.length || !written.length) return { entities: 0, facts: 0 };
  const sourcesOf = new Map(written.map((id) => [id, new Set(ctx.store.memories.provenance(id).map((p) => `${p.source_type}:${p.source_id}`))]));
  const memoriesFor = (numbers: number[] | undefined): string[] => {
    if (!numbers?.length) return written;
    const want = ctx.sources(numbers).map((p) => `${p.source_type}:${p.source_id}`);
    return written.filter((id) => want.some((k) => sourcesOf.get(id)!.has(k)));
  };
  return recordModelGraph(ctx.store, held, memoriesFor, ctx.now);
}
