import { LlmError, runToolLoop, toolSpec, type LlmMessage, type LlmProvider, type LlmRequest, type LlmResponse, type LlmStreamEvent, type LlmTool, type LlmUsage } from '../llm/index.js';
import { mapCitations } from './citations.js';
import type { AnswerDraft } from './chat-types.js';
import { describeModelError } from './model-failure.js';
import type { BuiltPrompt } from './prompt-builder.js';
import type { NumberedMemory } from './retrieval-types.js';

/** The memory tools for one turn, and the numbering they extend. */
export interface TurnTools {
  tools: LlmTool[];
  /** The turn's numbering after the tools ran (the prompt's, plus what tools found). */
  numbered: () => NumberedMemory[];
  /** Model calls at most, the final answer included. */
  maxSteps: number;
}

export interface OnlineAnswerInput {
  llm: LlmProvider;
  prompt: BuiltPrompt;
  maxTokens: number;
  signal?: AbortSignal;
  onToken?: (text: string) => void;
  /** The extractive answer, used when the model says nothing at all; `lead` says why. */
  fallback: (lead: string) => Promise<Pick<AnswerDraft, 'answer' | 'citations'>>;
  /** Memory tools (model mode); without them the model answers in one call. */
  tools?: TurnTools;
}

const FINAL_NOTE = 'No more tool calls are possible for this question: answer now from the memories found so far, and say what is missing.';

function addUsage(a: LlmUsage | null, b: LlmUsage): LlmUsage {
  if (!a) return { ...b };
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_read_tokens: a.cache_read_tokens + b.cache_read_tokens,
    cache_write_tokens: a.cache_write_tokens + b.cache_write_tokens,
  };
}

/**
 * The model's answer, streamed; with tools, a bounded loop in which the model may search again.
 * A failure does not throw: text already shown is kept as a 'partial' answer; with nothing shown
 * the turn is 'error' and carries the extractive answer.
 */
export async function answerOnline(input: OnlineAnswerInput): Promise<AnswerDraft> {
  const { llm, prompt } = input;
  const numbered = () => input.tools?.numbered() ?? prompt.numbered;
  let answer = '';
  let pendingBreak = false;
  const draft: AnswerDraft = { answer: '', citations: [], status: 'complete', error: null, usage: null, model: null, toolSteps: 0, toolCalls: [] };
  const onEvent = (ev: LlmStreamEvent): void => {
    if (ev.type === 'text_delta' && ev.text) {
      // Text of an earlier step ("Let me look that up.") stays; the next step's text starts a new paragraph.
      if (pendingBreak) {
        answer += '\n\n';
        input.onToken?.('\n\n');
        pendingBreak = false;
      }
      answer += ev.text;
      input.onToken?.(ev.text);
    } else if (ev.type === 'done') {
      draft.usage = addUsage(draft.usage, ev.response.usage);
      draft.model = ev.response.model;
      pendingBreak = answer.trim() !== '';
    }
  };
  const req: LlmRequest = {
    purpose: 'chat',
    tier: 'chat',
    system: prompt.system,
    context: prompt.context,
    messages: prompt.messages,
    maxTokens: input.maxTokens,
    signal: input.signal,
  };
  try {
    let final: LlmResponse;
    if (!input.tools) {
      final = await llm.stream(req, onEvent);
    } else {
      const { tools, maxSteps } = input.tools;
      // One step is kept for the answer itself, so a model that keeps searching still answers.
      const loop = await runToolLoop(llm, req, tools, { maxSteps: Math.max(1, maxSteps - 1), maxInvalidRounds: 2, onEvent });
      draft.toolCalls = loop.calls.map((c) => ({ name: c.name, input: c.input, ok: c.ok }));
      draft.toolSteps = loop.responses.filter((r) => r.toolUses.length > 0).length;
      final = loop.final;
      if (loop.stoppedBy !== 'end_turn') {
        const last = loop.messages[loop.messages.length - 1]!;
        const closing: LlmMessage = {
          role: 'user',
          content: Array.isArray(last.content) ? [...last.content, { type: 'text', text: FINAL_NOTE }] : `${last.content}\n\n${FINAL_NOTE}`,
        };
        final = await llm.stream(
          { ...req, messages: [...loop.messages.slice(0, -1), closing], tools: tools.map(toolSpec), toolChoice: 'none' },
          onEvent,
        );
      }
    }
    if (!input.tools) answer = final.text || answer;
    if (final.stopReason === 'max_tokens') {
      draft.status = 'partial';
      draft.error = 'the answer reached the length limit and was cut';
    }
  } catch (err) {
    const aborted = input.signal?.aborted === true;
    const partial = answer || (err instanceof LlmError ? err.partialText ?? '' : '');
    if (partial.trim()) {
      answer = partial;
      draft.status = 'partial';
      draft.error = describeModelError(err, true, aborted);
    } else {
      // Nothing from the model: say why, and still give what the memories hold.
      const error = describeModelError(err, false, aborted);
      const o = await input.fallback(`${error[0]!.toUpperCase()}${error.slice(1)}, so this answer lists the memories that best match your question.`);
      input.onToken?.(o.answer);
      return { ...draft, answer: o.answer, citations: o.citations, status: 'error', error };
    }
  }
  return { ...draft, answer, citations: mapCitations(answer, numbered()) };
}
