import { runToolLoop, type LlmProvider, type LlmResponse, type ToolCallOutcome } from '../llm/index.js';
import { FINISH_TOOL, finishTool, searchTool } from './chain-tools.js';
import { mergeTool } from './common-tools.js';
import type { SubAgent, SubAgentContext } from './sub-agent.js';

export const DEFAULT_MAX_CHAINING_STEPS = 5;

const CHAIN_HEAD = `You are one memory agent of Engram, a local-first memory assistant. The user's message is a batch of
screen observations or chat messages that touches memories you already keep. Work step by step with
your tools, one or a few calls per step:
1. search_<kind> your own memories for what the batch is about (the ones listed as touched are a start);
2. then, for each thing worth keeping: update the existing memory (*_update, with its id) when the
   batch adds to or corrects it; merge two existing memories about one thing (memory_merge); insert
   (*_save) only what is new; or skip what is already known;
3. call ${FINISH_TOOL} when you are done (at once, if the batch needs nothing from you).
Cite sources as the [n] numbers of the batch items. Only what the batch supports; never invent
values. Secrets appear only as [redacted:KIND] markers: never reconstruct them.`;

export interface ChainInput {
  batchText: string;
  /** Volatile context: now, core blocks, the memories the batch touches. */
  context: string;
  maxSteps?: number;
  signal?: AbortSignal;
}

export interface ChainResult {
  kind: SubAgent['kind'];
  /** Model calls made. */
  steps: number;
  /** The agent called finish_memory_update (otherwise it ran out of steps, or stopped talking). */
  finished: boolean;
  stopped_by: 'finished' | 'step_limit' | 'end_turn' | 'invalid_limit';
  calls: ToolCallOutcome[];
  /** The model's last answer (prose or a refusal where tool calls were asked for is a model failure). */
  final: LlmResponse;
}

/** The stable prompt of one kind's chaining agent (cached per kind). */
export function chainSystemPrompt(agent: SubAgent): string {
  return `${CHAIN_HEAD.replace(/<kind>/g, agent.kind)}\n\n${agent.prompt}`;
}

/**
 * MIRIX's check-before-write loop for one sub-agent: the model chains tool calls (search its own
 * memories, then insert, update, merge or skip) until it calls finish_memory_update or runs out of
 * `maxSteps` model calls. Arguments are validated by each tool's zod schema; a refused call writes
 * nothing and is answered with the reason, so the model can correct it within its steps.
 */
export async function runMemoryChain(llm: LlmProvider, agent: SubAgent, ctx: SubAgentContext, input: ChainInput): Promise<ChainResult> {
  const maxSteps = input.maxSteps ?? DEFAULT_MAX_CHAINING_STEPS;
  // Core blocks and vault entries are not merged this way (the merge tool refuses them anyway).
  const merge = agent.kind === 'core' || agent.kind === 'knowledge_vault' ? [] : [mergeTool(ctx, agent.kind)];
  const tools = [searchTool(ctx, agent.kind), ...agent.tools(ctx), ...merge, finishTool()];
  const loop = await runToolLoop(
    llm,
    {
      purpose: 'chaining',
      tier: 'extraction',
      system: chainSystemPrompt(agent),
      context: input.context,
      messages: [{ role: 'user', content: input.batchText }],
      // Each step is a tool call (MIRIX agents speak only through tools); the loop relaxes it after step one.
      toolChoice: 'any',
      maxTokens: 2048,
      signal: input.signal,
    },
    tools,
    {
      maxSteps,
      // Refused arguments cost a step each; the step limit is the bound.
      maxInvalidRounds: maxSteps,
      stopWhen: (calls) => calls.some((c) => c.name === FINISH_TOOL && c.ok),
    },
  );
  const finished = loop.stoppedBy === 'stop_tool';
  return {
    kind: agent.kind,
    steps: loop.responses.length,
    finished,
    stopped_by: finished ? 'finished' : loop.stoppedBy === 'step_limit' || loop.stoppedBy === 'invalid_limit' ? loop.stoppedBy : 'end_turn',
    calls: loop.calls,
    final: loop.final,
  };
}
