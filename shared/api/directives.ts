import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { IdSchema, defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Feedback on answers and the behavioural directives learned from it (MIRA): thumbs in the chat
 * window, and Settings → "How Engram answers you" (read, edit, delete, review now, and accept or
 * reject what a review proposes: a directive shapes answers only once the user accepts it).
 */

export const DIRECTIVE_TEXT_MAX = 300;

export const ThumbValueSchema = lazySchema(() => z.enum(['up', 'down']));
export type ThumbValue = z.infer<typeof ThumbValueSchema>;

/** One piece of feedback a directive rests on: what the user said or clicked, and where. */
export const DirectiveEvidenceSchema = lazySchema(() => z.object({
  id: z.string(),
  kind: z.enum(['explicit', 'correction', 'thumb_up', 'thumb_down']),
  /** The user's words, or the opening of the thumbed answer. */
  quote: z.string(),
  thread_id: z.string(),
  message_id: z.string(),
  answer_id: z.string().nullable(),
  at: IsoTime,
}));
export type DirectiveEvidence = z.infer<typeof DirectiveEvidenceSchema>;

export const DirectiveSchema = lazySchema(() => z.object({
  id: z.string(),
  text: z.string(),
  topic: z.string(),
  stance: z.enum(['for', 'against']),
  /** 'proposed': made from feedback, waiting for the user's Accept; only 'active' ones shape answers. */
  status: z.enum(['proposed', 'active', 'retired']),
  origin: z.enum(['rules', 'model']),
  /** The user rewrote it: reviews keep their words. */
  edited: z.boolean(),
  created_at: IsoTime,
  updated_at: IsoTime,
  retired_at: IsoTime.nullable(),
  retired_reason: z.string().nullable(),
  evidence: z.array(DirectiveEvidenceSchema),
}));
export type Directive = z.infer<typeof DirectiveSchema>;

export const SynthesisReportSchema = lazySchema(() => z.object({
  mode: z.enum(['offline', 'llm']),
  feedback: z.number().int().nonnegative(),
  created: z.array(z.string()),
  strengthened: z.array(z.string()),
  retired: z.array(z.string()),
  active: z.number().int().nonnegative(),
}));
export type SynthesisReportDto = z.infer<typeof SynthesisReportSchema>;

const DirectivesState = lazySchema(() => z.object({
  /** The active directives (the ones shaping answers), and the retired ones when asked. */
  directives: z.array(DirectiveSchema),
  /** Proposed by a review, waiting for the user's Accept or Reject. */
  proposals: z.array(DirectiveSchema),
  /** When feedback was last turned into directives (null: never). */
  last_synthesis: IsoTime.nullable(),
  /** Active-use days since then; a review runs by itself at `review_every_days`. */
  active_days: z.number().int().nonnegative(),
  review_every_days: z.number().int().positive(),
  /** Feedback kept (thumbs included). */
  feedback_count: z.number().int().nonnegative(),
}));

export const directiveRequests = {
  /** Thumbs up or down on an answer; null takes the thumb back. One per answer. */
  'feedback.thumb': defineRequest(
    lazySchema(() => z.object({ message_id: IdSchema, value: ThumbValueSchema.nullable() })),
    lazySchema(() => z.object({ message_id: z.string(), value: ThumbValueSchema.nullable() })),
  ),
  'feedback.thumbs': defineRequest(lazySchema(() => z.object({ thread_id: IdSchema })), lazySchema(() => z.object({ thumbs: z.array(z.object({ message_id: z.string(), value: ThumbValueSchema })) }))),
  /** Active directives, each with why it exists; retired ones too when asked. */
  'directives.list': defineRequest(lazySchema(() => z.object({ include_retired: z.boolean().default(false) })), DirectivesState),
  'directives.edit': defineRequest(
    lazySchema(() => z.object({ id: IdSchema, text: z.string().trim().min(1, { message: 'a directive needs some text' }).max(DIRECTIVE_TEXT_MAX) })),
    lazySchema(() => z.object({ directive: DirectiveSchema })),
  ),
  /** Deleted for good: the same feedback never makes it again. */
  'directives.delete': defineRequest(lazySchema(() => z.object({ id: IdSchema })), lazySchema(() => z.object({ deleted: z.boolean() }))),
  /** Directives proposed from feedback, waiting for Accept or Reject (none of them shapes answers yet). */
  'directives.proposals': defineRequest(lazySchema(() => z.object({})), lazySchema(() => z.object({ proposals: z.array(DirectiveSchema) }))),
  /** The user accepts a proposal: from now on it shapes answers. */
  'directives.accept': defineRequest(lazySchema(() => z.object({ id: IdSchema })), lazySchema(() => z.object({ directive: DirectiveSchema }))),
  /** The user rejects a proposal: gone, and the same feedback never proposes it again. */
  'directives.reject': defineRequest(lazySchema(() => z.object({ id: IdSchema })), lazySchema(() => z.object({ rejected: z.boolean() }))),
  /** Reads unread conversations and reviews the directives now (a model call when one is configured). */
  'directives.synthesize': defineRequest(lazySchema(() => z.object({})), lazySchema(() => DirectivesState.extend({ report: SynthesisReportSchema }))),
};
