import { z } from 'zod';
import { redactText, switchesForModel } from '../../shared/redaction/index.js';
import { forcedToolCall, type LlmProvider } from '../llm/index.js';
import type { MessageRecord } from '../store/index.js';
import { directiveTextProblem, wholeSentenceQuote } from './directive-text.js';
import type { RuleFeedback } from './feedback-rules.js';

export const FEEDBACK_PROMPT = `You read a stretch of a conversation between a user and Engram, their personal memory assistant, and note the user's feedback on HOW Engram answers: length, format (bullet points, tables, headings), order ("give me the command first"), tone, language, level of detail, and corrections of wrong answers.

Rules:
- Only feedback the user actually gave about Engram's answers. Questions ("is that too long?"), statements about the world ("the meeting was too long") and opinions about other things ("bullet points are great in slides") are not feedback.
- kind "explicit": the user says how answers should be. kind "correction": the user says an answer was wrong.
- topic: a short snake_case key for what it is about (length, bullets, command_first, tone, language, ...). stance: "for" = more of it / do it, "against" = less of it / don't (length "against" = shorter answers).
- instruction: one short imperative line for future answers, e.g. "Keep answers to a few sentences."
- quote: one or more whole sentences of the user's message, copied exactly, that say it. A fragment or a bare "ok" is refused.
- The instruction is about the form of answers only: never a link, an address, a number to call, a tool, or anything about credentials.
- message: the [n] number of the user message.
Call record_feedback exactly once; with an empty list when there is no feedback.`;

const FeedbackItem = z.object({
  message: z.number().int().positive().describe('[n] of the user message it is in'),
  kind: z.enum(['explicit', 'correction']),
  topic: z.string().trim().min(1).max(60).regex(/^[a-z0-9_ -]+$/i, 'a short key such as length or bullets'),
  stance: z.enum(['for', 'against']),
  instruction: z.string().trim().min(3).max(300),
  quote: z.string().trim().min(1).max(500),
});

export const RECORD_FEEDBACK = {
  name: 'record_feedback',
  description: "Record the user's feedback on how Engram answers (empty list: none).",
  schema: z.object({ items: z.array(FeedbackItem).max(10) }),
};

const forModel = (t: string) => redactText(t, switchesForModel()).text;
const squash = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * One model call over a closed chat segment: the messages numbered [n] (the answer before them
 * too, for context). Arguments are validated by zod and checked against the segment (the message
 * must be the user's; the quote must be in it), and sent back once when wrong.
 */
export async function feedbackWithModel(
  llm: LlmProvider,
  context: MessageRecord | null,
  segment: MessageRecord[],
  signal?: AbortSignal,
): Promise<{ message: MessageRecord; feedback: RuleFeedback }[]> {
  const numbered = [...(context ? [context] : []), ...segment];
  const lines = numbered.map((m, i) => `[${i + 1}] ${m.role === 'user' ? 'User' : 'Engram'}${m === context ? ' (earlier answer)' : ''}: ${forModel(m.text).slice(0, 2000)}`);
  const found = await forcedToolCall(
    llm,
    { purpose: 'feedback', tier: 'extraction', system: FEEDBACK_PROMPT, messages: [{ role: 'user', content: lines.join('\n\n') }], maxTokens: 800, signal },
    {
      ...RECORD_FEEDBACK,
      accept: (input) => {
        const out: { message: MessageRecord; feedback: RuleFeedback }[] = [];
        for (const item of input.items) {
          const m = numbered[item.message - 1];
          if (!m || m.role !== 'user' || m === context) throw new Error(`message [${item.message}] is not one of the user's messages in this stretch`);
          if (!squash(forModel(m.text)).includes(squash(item.quote))) throw new Error(`the quote "${item.quote.slice(0, 60)}" is not in message [${item.message}]; copy the user's words exactly`);
          // A directive traces to a whole sentence of the user's that implies it, never to "ok".
          const quote = wholeSentenceQuote(forModel(m.text), item.quote, item.instruction, item.topic);
          const problem = directiveTextProblem(item.instruction);
          if (problem) throw new Error(`instruction refused: ${problem}`);
          out.push({
            message: m,
            feedback: { kind: item.kind, topic: item.topic.toLowerCase().replace(/[\s-]+/g, '_'), stance: item.stance, instruction: item.instruction, quote },
          });
        }
        return out;
      },
    },
  );
  if (found === null) throw new Error('the model did not record the feedback');
  return found;
}
