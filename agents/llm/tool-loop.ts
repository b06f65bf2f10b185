import { LlmError } from './llm-error.js';
import { issueLine } from '../../shared/text/index.js';
import { toolSpec } from './tool-spec.js';
import type {
  LlmContentBlock,
  LlmMessage,
  LlmProvider,
  LlmRequest,
  LlmResponse,
  LlmStreamEvent,
  LlmTool,
  LlmToolResultBlock,
} from './types.js';

export interface ToolLoopOptions {
  /** Model calls at most (default 6). */
  maxSteps?: number;
  /**
   * Stop as soon as every tool call of a step succeeded, without sending results back. Extraction
   * uses this so a flush costs one call; only bad arguments earn the model another turn.
   */
  stopWhenToolsSucceed?: boolean;
  /** Rounds in which some tool call was rejected, at most (default 2); then the loop gives up. */
  maxInvalidRounds?: number;
  /**
   * Ends the loop after a step whose calls satisfy it (a chaining agent's finish tool), without
   * sending the results back: the model said it is done.
   */
  stopWhen?: (stepCalls: ToolCallOutcome[]) => boolean;
  /** Streams every step (chat); otherwise complete() is used. */
  onEvent?: (event: LlmStreamEvent) => void;
}

export interface ToolCallOutcome {
  id: string;
  name: string;
  input: unknown;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export interface ToolLoopResult {
  final: LlmResponse;
  responses: LlmResponse[];
  calls: ToolCallOutcome[];
  /** The conversation including the model's turns and tool results. */
  messages: LlmMessage[];
  stoppedBy: 'end_turn' | 'tools_done' | 'step_limit' | 'invalid_limit' | 'stop_tool';
}

/**
 * Runs the model with tools until it stops calling them. Arguments are validated with each tool's
 * zod schema; a rejected call is answered with the validation error (is_error) so the model can fix
 * it, and is never run. Tool exceptions are reported the same way.
 */
export async function runToolLoop(
  llm: LlmProvider,
  req: LlmRequest,
  tools: LlmTool[],
  opts: ToolLoopOptions = {},
): Promise<ToolLoopResult> {
  const maxSteps = opts.maxSteps ?? 6;
  const maxInvalid = opts.maxInvalidRounds ?? 2;
  const byName = new Map(tools.map((t) => [t.name, t]));
  const specs = tools.map(toolSpec);
  const messages: LlmMessage[] = [...req.messages];
  const responses: LlmResponse[] = [];
  const calls: ToolCallOutcome[] = [];
  let invalidRounds = 0;

  for (let step = 0; step < maxSteps; step++) {
    const stepReq: LlmRequest = { ...req, messages, tools: specs };
    // After the first step a forced tool choice would loop forever: let the model finish.
    if (step > 0 && req.toolChoice && req.toolChoice !== 'auto' && req.toolChoice !== 'none') stepReq.toolChoice = 'auto';
    const response = opts.onEvent ? await llm.stream(stepReq, opts.onEvent) : await llm.complete(stepReq);
    responses.push(response);
    if (response.toolUses.length === 0) {
      return { final: response, responses, calls, messages, stoppedBy: 'end_turn' };
    }
    messages.push({ role: 'assistant', content: response.content });

    const results: LlmToolResultBlock[] = [];
    const stepCalls: ToolCallOutcome[] = [];
    let rejected = 0;
    for (const use of response.toolUses) {
      const outcome = await runOne(byName.get(use.name), use.id, use.name, use.input);
      calls.push(outcome);
      stepCalls.push(outcome);
      if (!outcome.ok) rejected++;
      results.push({
        type: 'tool_result',
        tool_use_id: use.id,
        content: outcome.ok ? stringify(outcome.result) : `Error: ${outcome.error}`,
        is_error: !outcome.ok,
      });
    }
    messages.push({ role: 'user', content: results as LlmContentBlock[] });

    if (opts.stopWhen?.(stepCalls)) {
      return { final: response, responses, calls, messages, stoppedBy: 'stop_tool' };
    }
    if (rejected === 0 && opts.stopWhenToolsSucceed) {
      return { final: response, responses, calls, messages, stoppedBy: 'tools_done' };
    }
    if (rejected > 0 && ++invalidRounds > maxInvalid) {
      return { final: response, responses, calls, messages, stoppedBy: 'invalid_limit' };
    }
  }
  const last = responses[responses.length - 1];
  if (!last) throw new LlmError('TOOL_LOOP_LIMIT', 'tool loop ran no step');
  return { final: last, responses, calls, messages, stoppedBy: 'step_limit' };
}

async function runOne(tool: LlmTool | undefined, id: string, name: string, input: unknown): Promise<ToolCallOutcome> {
  if (!tool) return { id, name, input, ok: false, error: `unknown tool "${name}"` };
  const parsed = tool.schema.safeParse(input);
  if (!parsed.success) return { id, name, input, ok: false, error: `invalid arguments: ${issueLine(parsed.error, 8)}` };
  try {
    const result = await tool.run(parsed.data);
    return { id, name, input: parsed.data, ok: true, result };
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return { id, name, input: parsed.data, ok: false, error: message ?? 'tool failed' };
  }
}

function stringify(v: unknown): string {
  if (v === undefined) return 'ok';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}
