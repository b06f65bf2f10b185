import { z } from 'zod';
import { ExperienceOutcomeSchema, IsoTime } from '../memory/index.js';
import { IdSchema, defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Experience memory (Mimir) as every host reaches it: the window, the CLI (`engram record`,
 * `recommend`, `reflect`) and the MCP tools call these requests through the one handler map.
 */

const Task = lazySchema(() => z.string().trim().min(1, 'give the task').max(2000));

export const ExperienceViewSchema = lazySchema(() => z.object({
  id: z.string(),
  task: z.string(),
  action: z.string(),
  outcome: ExperienceOutcomeSchema,
  score: z.number().nullable(),
  reason: z.string().nullable(),
  context: z.string().nullable(),
  at: IsoTime,
  /** How close its task is to the one asked about (0..1); null in listings. */
  relevance: z.number().nullable(),
  superseded_by: z.string().nullable(),
  /** `mcp:<client name>` when another agent recorded it, `seen:…` when the brain read it out of a screen, a recording or an import; null for the user's own. */
  recorded_by: z.string().nullable(),
}));
export type ExperienceView = z.infer<typeof ExperienceViewSchema>;

export const ActionStatsSchema = lazySchema(() => z.object({
  action: z.string(),
  variants: z.array(z.string()),
  /** Lower 5% bound of the Jeffreys posterior on the evidence, other agents' records capped. */
  confidence: z.number(),
  /** Exact counts: the half-life and relevance weighting change ranking only. */
  successes: z.number().int(),
  failures: z.number().int(),
  partials: z.number().int(),
  experience_ids: z.array(z.string()),
  relevance: z.number(),
  /** Other agents' records of this action: they count together as at most 3 experiences (`counted_as`). */
  outside: z.object({ experiences: z.number().int(), counted_as: z.number(), sources: z.array(z.string()) }).nullable(),
  /** The user's own record holds it; false: only seen (a page's fix) or other agents' records, not tried by the user. */
  tried: z.boolean(),
  rank: z.number(),
}));
export type ActionStatsView = z.infer<typeof ActionStatsSchema>;

export const RecommendationSchema = lazySchema(() => ActionStatsSchema.extend({
  strategy: z.enum(['lower_bound', 'thompson']),
  alternatives: z.array(ActionStatsSchema),
  tried_failed: z.array(ActionStatsSchema),
  /** Only others vouch for these and they fetch code from the network and run it (curl … | sh): never offered as a step. */
  withheld: z.array(ActionStatsSchema),
}));
export type RecommendationView = z.infer<typeof RecommendationSchema>;

export const ReflectionViewSchema = lazySchema(() => z.object({
  id: z.string(),
  task: z.string(),
  worked: z.array(z.string()),
  failed: z.array(z.string()),
  note: z.string().nullable(),
  based_on: z.array(z.string()),
  at: IsoTime,
  text: z.string(),
}));
export type ReflectionView = z.infer<typeof ReflectionViewSchema>;

/** One action tried for a task: exact counts and the 90% Jeffreys interval on them (`low` is recommend's confidence). */
export const ActionRecordSchema = lazySchema(() => z.object({
  action: z.string(),
  successes: z.number().int(),
  failures: z.number().int(),
  partials: z.number().int(),
  low: z.number(),
  high: z.number(),
  outside: ActionStatsSchema.shape.outside,
  experience_ids: z.array(z.string()),
}));
export type ActionRecordView = z.infer<typeof ActionRecordSchema>;

/** "What worked" for one task: its actions, those that worked first. */
export const TaskRecordSchema = lazySchema(() => z.object({ task: z.string(), experiences: z.number().int(), last_at: IsoTime, actions: z.array(ActionRecordSchema) }));
export type TaskRecordView = z.infer<typeof TaskRecordSchema>;

export const ExperienceRecordInputSchema = lazySchema(() => z.object({
  task: Task,
  action: z.string().trim().min(1, 'give the action').max(2000),
  outcome: ExperienceOutcomeSchema,
  score: z.number().min(0).max(1).optional(),
  reason: z.string().max(4000).optional(),
  context: z.string().max(8000).optional(),
  /** This experience replaces an older one (kept in history, left out of recall and recommendations). */
  supersedes: IdSchema.optional(),
  /** Set by the MCP host (`mcp:<client name>` from the handshake), never by the client itself. */
  recorded_by: z.string().trim().min(1).max(200).optional(),
}));

export const GroupBySchema = lazySchema(() => z.enum(['text', 'meaning']));

export const experienceRequests = {
  /** Records one experience; with `supersedes`, the older one is marked replaced in the same transaction. */
  'experiences.record': defineRequest(lazySchema(() => ExperienceRecordInputSchema.strict()), lazySchema(() => z.object({ experience: ExperienceViewSchema, superseded: z.string().nullable() }))),
  /** Marks `id` as replaced by the experience `by`. */
  'experiences.supersede': defineRequest(lazySchema(() => z.object({ id: IdSchema, by: IdSchema }).strict()), lazySchema(() => z.object({ experience: ExperienceViewSchema }))),
  /** Experiences with tasks like this one, most similar first, with the reflections kept for the task family. */
  'experiences.recall': defineRequest(
    lazySchema(() => z
      .object({ task: Task, outcome: ExperienceOutcomeSchema.optional(), limit: z.number().int().min(1).max(200).default(10) })
      .strict()),
    lazySchema(() => z.object({ experiences: z.array(ExperienceViewSchema), reflections: z.array(ReflectionViewSchema) })),
  ),
  /** The latest experiences, newest first. */
  'experiences.recent': defineRequest(
    lazySchema(() => z
      .object({ limit: z.number().int().min(1).max(200).default(10), outcome: ExperienceOutcomeSchema.optional(), since: IsoTime.optional() })
      .strict()),
    lazySchema(() => z.object({ experiences: z.array(ExperienceViewSchema) })),
  ),
  /**
   * The best action for a task. explore: Thompson sampling (seed makes it repeatable);
   * weight_by_relevance (on by default, as in Mimir): closer tasks weigh more in ranking; group_by meaning: differently worded
   * versions of one action share their evidence (needs the embedder).
   */
  'experiences.recommend': defineRequest(
    lazySchema(() => z
      .object({
        task: Task,
        explore: z.boolean().default(false),
        seed: z.number().int().min(0).max(2 ** 32 - 1).optional(),
        weight_by_relevance: z.boolean().default(true),
        group_by: GroupBySchema.default('text'),
      })
      .strict()),
    lazySchema(() => z.object({ recommendation: RecommendationSchema.nullable(), half_life_days: z.number().nullable() })),
  ),
  /** "What worked": experiences per task, most recently tried first, each action with its counts and confidence interval. */
  'experiences.byTask': defineRequest(lazySchema(() => z.object({ limit: z.number().int().min(1).max(200).default(50) }).strict()), lazySchema(() => z.object({ tasks: z.array(TaskRecordSchema) }))),
  /** Keeps a reflection on a task family: what worked, what failed, and an optional note. */
  'experiences.reflect': defineRequest(
    lazySchema(() => z.object({ task: Task, note: z.string().trim().max(4000).optional(), group_by: GroupBySchema.default('text') }).strict()),
    lazySchema(() => z.object({ reflection: ReflectionViewSchema, superseded: z.string().nullable() })),
  ),
};
