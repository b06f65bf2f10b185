import { z } from 'zod';
import { BrainSettingsSchema, DreamSettingsSchema } from '../settings/index.js';
import { defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The brain settings a user sets in Settings → Brain: the experience half-life, how many model calls
 * a memory agent may chain and all chains of a batch may spend, the gap that ends a capture segment, and when consolidation (dream)
 * runs by itself. The brain reads them on each use, so a change applies without a restart.
 */
export const BrainSettingsViewSchema = lazySchema(() => BrainSettingsSchema.pick({
  experience_half_life_days: true,
  max_chaining_steps: true,
  chain_budget_calls: true,
  segment_collapse_min: true,
  archive_after_days: true,
}).extend({ dream: DreamSettingsSchema }));
export type BrainSettingsView = z.infer<typeof BrainSettingsViewSchema>;

/** A patch names only what it changes; every value is checked by the same rules as the stored settings. */
export const BrainSettingsPatchSchema = lazySchema(() => z
  .object({
    experience_half_life_days: BrainSettingsSchema.shape.experience_half_life_days.unwrap().unwrap().nullable().optional(),
    max_chaining_steps: BrainSettingsSchema.shape.max_chaining_steps.unwrap().optional(),
    chain_budget_calls: BrainSettingsSchema.shape.chain_budget_calls.unwrap().optional(),
    segment_collapse_min: BrainSettingsSchema.shape.segment_collapse_min.unwrap().optional(),
    archive_after_days: BrainSettingsSchema.shape.archive_after_days.unwrap().optional(),
    dream: z
      .object({
        auto: DreamSettingsSchema.shape.auto.unwrap().optional(),
        min_interval_h: DreamSettingsSchema.shape.min_interval_h.unwrap().optional(),
        idle_min: DreamSettingsSchema.shape.idle_min.unwrap().optional(),
      })
      .strict()
      .optional(),
  })
  .strict());
export type BrainSettingsPatch = z.infer<typeof BrainSettingsPatchSchema>;

export const brainRequests = {
  'brain.settings': defineRequest(lazySchema(() => z.object({}).strict()), BrainSettingsViewSchema),
  /**
   * Starts a brain the host starts by hand (engram capture: after its tick, or before watching):
   * answers once it has taken up the stored observations; UNAVAILABLE where the engine starts it.
   */
  'brain.start': defineRequest(lazySchema(() => z.object({}).strict()), lazySchema(() => z.object({ started: z.literal(true) }))),
  'brain.updateSettings': defineRequest(lazySchema(() => z.object({ patch: BrainSettingsPatchSchema }).strict()), BrainSettingsViewSchema),
};
