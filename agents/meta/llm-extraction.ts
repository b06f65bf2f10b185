import type { MemoryKind } from '../../shared/index.js';
import { runToolLoop, type LlmProvider, type LlmTool, type ToolLoopResult } from '../llm/index.js';
import { OBSERVED_RULE, mergeTool, type SubAgent, type SubAgentContext } from '../subagent-kit/index.js';

const HEAD = `You are the memory agents of Engram, a local-first memory assistant. From the batch of screen
observations or chat messages in the user's message, write the memories a careful person would keep,
using the tools. Rules:
- Update instead of duplicate: if a memory in "Already known" is about the same thing, use its *_update
  tool with its id, or the *_save tool with the same name/title/location (it merges). Two known
  memories about one thing: memory_merge.
- Cite sources: "sources" are the [n] numbers of the batch items the memory comes from.
- Only what the batch supports; never invent values. Secrets appear only as [redacted:KIND]
  markers: never reconstruct them.
- Be brief: titles under 100 characters, summaries of one or two sentences.
- The people, organisations, projects, places and documents the batch names, and facts tying two or
  more of them together: one graph_record call (full names as written; no pronouns).
- Call all the tools you need in one reply; when nothing is worth keeping, reply "nothing to save".
- Only the tools of the kinds this batch was routed to are offered.

${OBSERVED_RULE}`;

/** The extraction prompt: the head plus the offered sub-agents' sections (stable per set of routed kinds, so it is cached). */
export function extractionSystemPrompt(agents: SubAgent[]): string {
  return [HEAD, ...agents.map((a) => a.prompt)].join('\n\n');
}

export interface ExtractionInput {
  /** The agents of the routed kinds: their tools are the only ones offered. */
  agents: SubAgent[];
  ctx: SubAgentContext;
  kinds: MemoryKind[];
  batchText: string;
  /** Volatile context: core blocks, already-known memories. */
  known: string;
  core: string;
  /** Tools beside the agents' (the graph's), offered in the same call. */
  extraTools?: LlmTool[];
  now: number;
  signal?: AbortSignal;
}

/**
 * One extraction call for the whole flush: only the routed agents' tools are offered, and their
 * prompt sections (issue 28: a screen batch routed to episodic cannot write a core block or merge
 * semantic memories, whatever its text talks the model into). The model's tool calls run at once;
 * only rejected arguments earn it another turn (bounded).
 */
export async function extractWithLlm(llm: LlmProvider, input: ExtractionInput): Promise<ToolLoopResult> {
  const mergeable = input.agents.map((a) => a.kind).filter((k) => k !== 'core' && k !== 'knowledge_vault');
  const tools = [...input.agents.flatMap((a) => a.tools(input.ctx)), ...(mergeable.length ? [mergeTool(input.ctx, mergeable)] : []), ...(input.extraTools ?? [])];
  const context = [
    `Now: ${new Date(input.now).toISOString()}`,
    `Update these memory kinds for this batch: ${input.kinds.join(', ')}.`,
    `Core blocks:\n${input.core}`,
    `Already known (may be updated by id):\n${input.known || '(nothing related yet)'}`,
  ].join('\n\n');
  return runToolLoop(
    llm,
    {
      purpose: 'extraction',
      tier: 'extraction',
      system: extractionSystemPrompt(input.agents),
      context,
      messages: [{ role: 'user', content: input.batchText }],
      maxTokens: 4096,
      signal: input.signal,
    },
    tools,
    { stopWhenToolsSucceed: true, maxInvalidRounds: 2, maxSteps: 3 },
  );
}
