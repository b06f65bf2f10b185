import type { z } from 'zod';
import { runToolLoop } from './tool-loop.js';
import type { LlmProvider, LlmRequest } from './types.js';

/** The one tool a forced call makes the model use. */
export interface ForcedTool<S extends z.ZodType, T = z.infer<S>> {
  name: string;
  description: string;
  schema: S;
  /**
   * Checks the schema cannot express (a reference into the prompt, a quote that must be in it) and
   * shapes the result. A throw is sent back to the model as the call's error, like a schema error.
   */
  accept?: (args: z.infer<S>) => T;
}

/** Why a forced call gave nothing: no tool call at all (prose), a refusal, or arguments bad twice. */
export type ForcedMiss = 'no_tool_call' | 'refusal' | 'malformed';

/**
 * One call in which the model must use `tool`: returns its zod-validated (and accepted) arguments,
 * or null when the model gave none. Bad arguments are sent back once with their error; a second
 * bad answer, or none at all, is null (and `onMiss` says which). Routing, session narration and
 * the behaviour agents use it.
 */
export async function forcedToolCall<S extends z.ZodType, T = z.infer<S>>(
  llm: LlmProvider,
  request: Omit<LlmRequest, 'tools' | 'toolChoice'>,
  tool: ForcedTool<S, T>,
  onMiss?: (why: ForcedMiss) => void,
): Promise<T | null> {
  // Boxed so a tool whose accepted value is itself null or undefined still counts as answered.
  let answer: { value: T } | null = null;
  const loop = await runToolLoop(
    llm,
    { ...request, toolChoice: { name: tool.name } },
    [
      {
        name: tool.name,
        description: tool.description,
        schema: tool.schema,
        run: (args: z.infer<S>) => {
          answer = { value: tool.accept ? tool.accept(args) : (args as T) };
          return 'ok';
        },
      },
    ],
    { stopWhenToolsSucceed: true, maxInvalidRounds: 1, maxSteps: 2 },
  );
  // TypeScript narrows `answer` to null here (it cannot see the assignment inside run).
  const given = answer as { value: T } | null;
  if (given === null) onMiss?.(loop.calls.length ? 'malformed' : loop.final.stopReason === 'refusal' ? 'refusal' : 'no_tool_call');
  return given === null ? null : given.value;
}
