import { runToolLoop, type LlmContentBlock, type LlmMessage, type LlmProvider, type LlmRequest, type LlmResponse, type ToolCallOutcome, type ToolLoopResult } from '../llm/index.js';
import { chainHeartbeatTool, FINISH_TOOL, finishTool, HEARTBEAT_TOOL, searchTool } from './chain-tools.js';
import { mergeTool } from './common-tools.js';
import { OBSERVED_RULE } from '../../shared/memory/index.js';
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
values. Secrets appear only as [redacted:KIND] markers: never reconstruct them.

${OBSERVED_RULE}`;

/**
 * The per-batch cost cap of chaining: model calls left to the chains of one batch, shared by them
 * in turn. A chain's finish turn is paid from it too, so the cap is never passed.
 */
export class ChainBudget {
  constructor(public left: number) {}

  /** Steps a chain may take now: its own finish turn kept back, and one step and a finish turn for each chain still to come. */
  stepsFor(maxSteps: number, chainsAfter = 0): number {
    return Math.max(0, Math.min(maxSteps, this.left - 1 - 2 * chainsAfter));
  }

  spend(calls: number): void {
    this.left = Math.max(0, this.left - calls);
  }
}

export interface ChainInput {
  batchText: string;
  /** Volatile context: now, core blocks, the memories the batch touches. */
  context: string;
  maxSteps?: number;
  /** The batch's chaining budget; the chain takes what stepsFor allows and pays for what it used. */
  budget?: ChainBudget;
  /** Chains that run after this one in the batch (each keeps its minimum of the budget). */
  chainsAfter?: number;
  signal?: AbortSignal;
}

export interface ChainResult {
  kind: SubAgent['kind'];
  /** Model calls made (a chain at its step limit: maxSteps, one more per heartbeat granted, plus the one "finish now" turn). */
  steps: number;
  /** The agent called finish_memory_update (at the latest in the one turn it gets at the step limit). */
  finished: boolean;
  /** cost_cap: stopped by the batch's chaining budget before max_chaining_steps (then told to finish, as at the step limit). */
  stopped_by: 'finished' | 'step_limit' | 'cost_cap' | 'end_turn' | 'invalid_limit';
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
  const limit = input.maxSteps ?? DEFAULT_MAX_CHAINING_STEPS;
  // The caller starts a chain only when the budget allows a step; at least one, whatever it passed.
  const maxSteps = input.budget ? Math.max(1, input.budget.stepsFor(limit, input.chainsAfter ?? 0)) : limit;
  const capped = maxSteps < limit;
  // Core blocks and vault entries are not merged this way (the merge tool refuses them anyway).
  const merge = agent.kind === 'core' || agent.kind === 'knowledge_vault' ? [] : [mergeTool(ctx, agent.kind)];
  // Heartbeats only where a budget bounds them (a batch's chains always have one).
  const beat = input.budget ? [chainHeartbeatTool()] : [];
  const tools = [searchTool(ctx, agent.kind), ...agent.tools(ctx), ...merge, ...beat, finishTool()];
  const req: LlmRequest = {
    purpose: 'chaining',
    tier: 'extraction',
    system: chainSystemPrompt(agent),
    context: input.context,
    messages: [{ role: 'user', content: input.batchText }],
    // Each step is a tool call (MIRIX agents speak only through tools); the loop relaxes it after step one.
    toolChoice: 'any',
    maxTokens: 2048,
    signal: input.signal,
  };
  const stopWhen = (calls: ToolCallOutcome[]) => calls.some((c) => c.name === FINISH_TOOL && c.ok);
  // Refused arguments cost a step each; the step limit is the bound.
  let loop = await runToolLoop(llm, req, tools, { maxSteps, maxInvalidRounds: maxSteps, stopWhen });
  input.budget?.spend(loop.responses.length);
  let steps = loop.responses.length;
  const calls = [...loop.calls];
  let beats = 0;
  // A heartbeat asked for in the step at the limit buys one more step, while the budget keeps this
  // chain's finish turn and the minimum of the chains after it.
  const beatAtLimit = () => loop.responses.at(-1)?.toolUses.some((u) => u.name === HEARTBEAT_TOOL) ?? false;
  while (loop.stoppedBy === 'step_limit' && beatAtLimit() && input.budget && input.budget.stepsFor(1, input.chainsAfter ?? 0) >= 1) {
    beats++;
    loop = await runToolLoop(llm, { ...req, messages: loop.messages, toolChoice: 'any' }, tools, { maxSteps: 1, maxInvalidRounds: 1, stopWhen });
    input.budget.spend(loop.responses.length);
    steps += loop.responses.length;
    calls.push(...loop.calls);
  }
  // At the step limit the agent is told, once, to finish (MIRIX): its summary says what it did and
  // what it left, instead of the chain just being cut off mid-thought.
  // The same at the batch's cost cap: the turn was kept back from the budget for it.
  const last = loop.stoppedBy === 'step_limit' ? await finishTurn(llm, req, loop.messages, input.signal) : null;
  input.budget?.spend(last?.responses.length ?? 0);
  const finished = loop.stoppedBy === 'stop_tool' || last?.stoppedBy === 'stop_tool';
  // Stopped by the budget: before the step limit, or while the agent still asked for heartbeats.
  const byBudget = capped || (beats > 0 && beatAtLimit());
  const limited = loop.stoppedBy === 'step_limit' ? (byBudget ? 'cost_cap' : 'step_limit') : loop.stoppedBy === 'invalid_limit' ? 'invalid_limit' : 'end_turn';
  return {
    kind: agent.kind,
    steps: steps + (last?.responses.length ?? 0),
    finished,
    stopped_by: finished ? 'finished' : limited,
    calls: [...calls, ...(last?.calls ?? [])],
    final: last?.final ?? loop.final,
  };
}

export const FINISH_NOW = `You have used your steps for this batch: call ${FINISH_TOOL} now, saying what you did and what you left.`;

/** One more call at the step limit, where the only tool is finish_memory_update and it is forced. */
async function finishTurn(llm: LlmProvider, req: LlmRequest, messages: LlmMessage[], signal?: AbortSignal): Promise<ToolLoopResult> {
  // The loop's last message is the user's tool results: the order joins them, as one user turn.
  const prior = messages.slice(0, -1);
  const results = messages[messages.length - 1]!;
  const content: LlmContentBlock[] = typeof results.content === 'string' ? [{ type: 'text', text: results.content }] : [...results.content];
  content.push({ type: 'text', text: FINISH_NOW });
  return runToolLoop(
    llm,
    { ...req, messages: [...prior, { role: 'user', content }], toolChoice: { name: FINISH_TOOL }, signal },
    [finishTool()],
    { maxSteps: 1, maxInvalidRounds: 0, stopWhen: (calls) => calls.some((c) => c.name === FINISH_TOOL && c.ok) },
  );
}
