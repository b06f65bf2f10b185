import { z } from 'zod';
import { redactText, switchesForModel } from '../../shared/redaction/index.js';
import { forcedToolCall, type LlmProvider } from '../llm/index.js';
import type { DirectiveRecord, FeedbackRecord } from '../store/index.js';
import { MAX_ACTIVE_DIRECTIVES, type DirectivePlan } from './directive-plan.js';
import { borrowedWords, directiveTextProblem } from './directive-text.js';

export const SYNTHESIS_PROMPT = `You maintain the behavioural directives of Engram, a personal memory assistant: a short list of standing instructions on HOW to answer this user, built from the feedback the user gave (their words, corrections, thumbs up/down on answers).

You get the active directives [D1], [D2], ... and the feedback [F1], [F2], ... (oldest first, with dates). Call update_directives once:
- directives: each directive that should exist after this review. To keep or reword an active one, give its id ("D2"). New ones have no id. Each cites the feedback it rests on (evidence: ["F3", "F7"]); at least one.
- retire: active directives that newer feedback contradicts (newer feedback wins), with the reason and the feedback that contradicts them.
- Merge feedback that says the same thing into one directive. A single thumb is weak evidence; several pointing the same way are not. Ignore one-off requests that are not about answers in general.
- Active directives you neither list nor retire stay as they are.
- Directives are short imperative lines about the form of answers ("Give the command first, then explain."): never a link, an address, a number to call, a tool's name, or anything about credentials. At most ${MAX_ACTIVE_DIRECTIVES} in all.
- topic: a short snake_case key (length, bullets, command_first, ...); stance: "for" (do it / more) or "against" (don't / less).`;

const Ref = z.string().trim().regex(/^[DF]\d{1,4}$/, 'an id like D2 or F5');

export const UPDATE_DIRECTIVES = {
  name: 'update_directives',
  description: 'The directives after this review, and those to retire.',
  schema: z.object({
    directives: z
      .array(
        z.object({
          id: Ref.optional(),
          text: z.string().trim().min(3).max(300),
          topic: z.string().trim().min(1).max(60),
          stance: z.enum(['for', 'against']),
          evidence: z.array(Ref).min(1).max(50),
        }),
      )
      .max(MAX_ACTIVE_DIRECTIVES),
    retire: z.array(z.object({ id: Ref, reason: z.string().trim().min(3).max(300), evidence: z.array(Ref).max(50).default([]) })).max(MAX_ACTIVE_DIRECTIVES).default([]),
  }),
};

const forModel = (t: string) => redactText(t, switchesForModel()).text;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What of a thumbed answer the review is shown: its first words, as a quote. */
function answerShown(f: FeedbackRecord, answerText: (id: string) => string | null): string | null {
  if (f.kind !== 'thumb_up' && f.kind !== 'thumb_down') return null;
  const a = f.answer_id ? answerText(f.answer_id) : null;
  return forModel((a ?? '').slice(0, 300)).replace(/\s+/g, ' ');
}

function feedbackLine(f: FeedbackRecord, n: number, answerText: (id: string) => string | null): string {
  const shown = answerShown(f, answerText);
  if (shown !== null) {
    const a = f.answer_id ? answerText(f.answer_id) : null;
    return `[F${n}] ${day(f.created_at)} thumb ${f.kind === 'thumb_up' ? 'UP' : 'DOWN'} on an answer (${a ? `${a.split(/\s+/).length} words` : 'gone'}): "${shown}"`;
  }
  return `[F${n}] ${day(f.created_at)} ${f.kind} (${f.topic}, ${f.stance}): "${forModel(f.quote)}" → ${forModel(f.instruction)}`;
}

/**
 * One model call reviews the active directives against the feedback not yet spent. References
 * are checked against what was shown (an unknown D or F id is sent back to the model once).
 */
export async function modelPlan(
  llm: LlmProvider,
  feedback: FeedbackRecord[],
  active: DirectiveRecord[],
  answerText: (id: string) => string | null,
  signal?: AbortSignal,
): Promise<DirectivePlan> {
  const fIds = feedback.map((f) => f.id);
  const answersShown = feedback.map((f) => answerShown(f, answerText) ?? '').join(' ');
  const dIds = active.map((d) => d.id);
  const fIndex = new Map(fIds.map((id, i) => [id, i + 1]));
  const lines = [
    'Active directives:',
    ...(active.length
      ? active.map((d, i) => `[D${i + 1}] (${d.topic}, ${d.stance}${d.status === 'proposed' ? ', proposed, not yet accepted' : ''}${d.edited ? ', worded by the user' : ''}) ${d.text} — evidence ${d.evidence.map((e) => (fIndex.has(e) ? `F${fIndex.get(e)}` : 'older')).join(', ')}`)
      : ['(none)']),
    '',
    'Feedback:',
    ...feedback.map((f, i) => feedbackLine(f, i + 1, answerText)),
  ];
  const resolve = (ref: string, kind: 'D' | 'F'): string => {
    const list = kind === 'D' ? dIds : fIds;
    const n = Number(ref.slice(1));
    if (ref[0] !== kind || !list[n - 1]) throw new Error(`${ref} is not one of the ${kind === 'D' ? 'active directives' : 'feedback items'} shown`);
    return list[n - 1]!;
  };
  const plan = await forcedToolCall(
    llm,
    { purpose: 'directives', tier: 'extraction', system: SYNTHESIS_PROMPT, messages: [{ role: 'user', content: lines.join('\n') }], maxTokens: 1500, signal },
    {
      ...UPDATE_DIRECTIVES,
      accept: (input): DirectivePlan => ({
        upserts: input.directives.map((d) => {
          const problem = directiveTextProblem(d.text);
          if (problem) throw new Error(`"${d.text.slice(0, 60)}" refused: ${problem}`);
          // A thumb judges an answer; the answer's own words (it may quote a screen) are no one's
          // wish. What the directive says must come from the user's feedback, its current wording, or form.
          const own = d.evidence.map((e) => feedback[Number(e.slice(1)) - 1]).filter((f): f is FeedbackRecord => f !== undefined && answerShown(f, answerText) === null);
          const current = d.id ? (active[Number(d.id.slice(1)) - 1]?.text ?? '') : '';
          const borrowed = borrowedWords(d.text, answersShown, [current, ...own.map((f) => `${f.quote} ${f.instruction}`)].join(' '));
          if (borrowed.length) throw new Error(`"${d.text.slice(0, 60)}" refused: "${borrowed.slice(0, 3).join('", "')}" come from an answer shown, not from the user's feedback; a directive says what the user asked for`);
          return {
          id: d.id ? resolve(d.id, 'D') : undefined,
          text: d.text,
          topic: d.topic.toLowerCase().replace(/[\s-]+/g, '_'),
          stance: d.stance,
          evidence: d.evidence.map((e) => resolve(e, 'F')),
          };
        }),
        retire: input.retire.map((r) => {
          r.evidence.forEach((e) => resolve(e, 'F'));
          return { id: resolve(r.id, 'D'), reason: r.reason };
        }),
      }),
    },
  );
  if (plan === null) throw new Error('the model did not review the directives');
  return plan;
}
