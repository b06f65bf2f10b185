import { z } from 'zod';
import { IsoTime, MEMORY_TABS } from '../memory/index.js';
import { defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** What `engram dream --mode` and consolidation.dream take: a memory tab, the graph's entities, or everything. */
export const DREAM_MODES = [...MEMORY_TABS, 'entities', 'all'] as const;
/** 'knowledge', the CLI's earlier name for the vault, is still taken. */
export const DreamModeSchema = lazySchema(() => z.preprocess((v) => (v === 'knowledge' ? 'knowledge_vault' : v), z.enum(DREAM_MODES)));
/** When the experience mode has no checkpoint yet, its window reaches back this far (as MIRIX does). */
export const FIRST_WINDOW_DAYS = 30;

/** One change a consolidation run made (or, dry, would make), as `engram dream` prints it. */
export const DreamChangeSchema = lazySchema(() => z.object({
  action: z.string(),
  kind: z.string(),
  before: z.array(z.string()),
  /** null in a dry run when the change would create a new memory. */
  after: z.string().nullable(),
  reason: z.string(),
  source: z.enum(['rules', 'model']).optional(),
  /** What it changes, as diff lines ("- old", "+ new"). */
  diff: z.array(z.string()).optional(),
  result: z.object({ title: z.string(), text: z.string() }).optional(),
}));
export type DreamChangeDto = z.infer<typeof DreamChangeSchema>;

const WindowKindCountsSchema = lazySchema(() => z.object({ total: z.number().int(), merged: z.number().int(), superseded: z.number().int(), rewritten: z.number().int() }).partial().passthrough());

/** A whole consolidation run: what was asked, counts, the experience window, and every change. */
export const DreamReportSchema = lazySchema(() => z.object({
  mode: z.string(),
  kinds: z.array(z.string()).nullable().optional(),
  dry_run: z.boolean(),
  started_at: z.string(),
  finished_at: z.string(),
  counts: z.object({
    merged: z.number().int(),
    superseded: z.number().int(),
    rolled_up: z.number().int(),
    compressed: z.number().int(),
    faded: z.number().int(),
    examined: z.number().int(),
    rewritten: z.number().int(),
    distilled: z.number().int(),
    entities_merged: z.number().int(),
  }),
  llm_calls: z.number().int(),
  review_error: z.string().nullable(),
  reviewer: z.enum(['rules', 'model']),
  /** The experience mode's window (from its checkpoint, --since or the first-run default); null in the other modes. */
  window: z
    .object({
      since: z.string(),
      until: z.string(),
      from: z.enum(['checkpoint', 'option', 'first run']),
      kinds: z.record(z.string(), WindowKindCountsSchema),
      checkpoint_saved: z.boolean(),
    })
    .nullable(),
  changes: z.array(DreamChangeSchema),
}));
export type DreamReportDto = z.infer<typeof DreamReportSchema>;

export const dreamRequests = {
  /**
   * Consolidation run to its end and reported whole (`engram dream`): one mode (a memory tab, the
   * graph, experience, or all), dry or not, rules only (offline) or with the model's review.
   */
  'consolidation.dream': defineRequest(
    lazySchema(() => z.object({
      /** all, a memory tab, entities, experience (checked against the dream modes). */
      mode: z.string().min(1).max(40).default('all'),
      dry_run: z.boolean().default(false),
      offline: z.boolean().default(false),
      /** The model for the review (default: the configured memory model). */
      model: z.string().regex(/^[\w.:/@-]{1,200}$/).optional(),
      /** Also distil reusable procedures from the last N sessions (needs a model). */
      last_n_sessions: z.number().int().min(1).max(100).optional(),
      /** Experience mode: start the window here instead of the checkpoint. */
      since: IsoTime.optional(),
    })),
    DreamReportSchema,
  ),
};
