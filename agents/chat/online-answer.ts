import { LlmError, type LlmProvider } from '../llm/index.js';
import { mapCitations } from './citations.js';
import type { AnswerDraft } from './chat-types.js';
import { describeModelError } from './model-failure.js';
import type { BuiltPrompt } from './prompt-builder.js';

export interface OnlineAnswerInput {
  llm: LlmProvider;
  prompt: BuiltPrompt;
  maxTokens: number;
  signal?: AbortSignal;
  onToken?: (text: string) => void;
  /** The extractive answer, used when the model says nothing at all; `lead` says why. */
  fallback: (lead: string) => Pick<AnswerDraft, 'answer' | 'citations'>;
}

/**
 * The model's answer, streamed. A failure does not throw: text already shown is kept as a
 * 'partial' answer; with nothing shown the turn is 'error' and carries the extractive answer.
 */
export async function answerOnline(input: OnlineAnswerInput): Promise<AnswerDraft> {
  const { llm, prompt } = input;
  let answer = '';
  const draft: AnswerDraft = { answer: '', citations: [], status: 'complete', error: null, usage: null, model: null };
  try {
    const res = await llm.stream(
      {
        purpose: 'chat',
        tier: 'chat',
        system: prompt.system,
        context: prompt.context,
        messages: prompt.messages,
        maxTokens: input.maxTokens,
        signal: input.signal,
      },
      (ev) => {
        if (ev.type === 'text_delta' && ev.text) {
          answer += ev.text;
          input.onToken?.(ev.text);
        }
      },
    );
    answer = res.text || answer;
    draft.usage = res.usage;
    draft.model = res.model;
    if (res.stopReason === 'max_tokens') {
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
      const o = input.fallback(`${error[0]!.toUpperCase()}${error.slice(1)}, so this answer lists the memories that best match your question.`);
      input.onToken?.(o.answer);
      return { ...draft, answer: o.answer, citations: o.citations, status: 'error', error };
    }
  }
  return { ...draft, answer, citations: mapCitations(answer, prompt.numbered) };
}
