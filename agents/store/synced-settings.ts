import { z } from 'zod';
import { CaptureSettingsSchema, PrivacySettingsSchema } from '../../shared/settings/index.js';

/**
 * The settings that follow the user to every device (issue 33): the capture exclusions, as one
 * value, and each behavioural directive the user has decided on, as one value per directive (so
 * edits of two directives on two devices both survive). Proposals stay on the device that made
 * them: they rest on its own feedback, and only the user's decision travels.
 */
export const EXCLUSIONS_SETTING = 'exclusions';
export const DIRECTIVE_SETTING_PREFIX = 'directive:';

export const SyncedExclusionsSchema = PrivacySettingsSchema.pick({ excluded_apps: true, excluded_title_patterns: true, excluded_url_patterns: true }).strict();
export type SyncedExclusions = z.infer<typeof SyncedExclusionsSchema>;

/** A directive as it travels: what the user sees and decided, never its evidence (feedback stays local). */
export const SyncedDirectiveSchema = z
  .object({
    text: z.string().max(300),
    topic: z.string().max(60),
    stance: z.enum(['for', 'against']),
    status: z.enum(['active', 'retired', 'rejected', 'deleted']),
    origin: z.enum(['rules', 'model']),
    edited: z.boolean(),
    created_at: z.number().int(),
    retired_reason: z.string().max(500).nullable(),
  })
  .strict();
export type SyncedDirective = z.infer<typeof SyncedDirectiveSchema>;

/** A deleted or rejected directive: a tombstone, which wins over any other value of it. */
export const isDirectiveTombstone = (v: { status: string }): boolean => v.status === 'deleted' || v.status === 'rejected';

/** The exclusions inside a stored capture settings value (JSON as kept), or null when it does not parse. */
export function exclusionsOf(captureJson: unknown): SyncedExclusions | null {
  const parsed = CaptureSettingsSchema.safeParse(captureJson ?? {});
  if (!parsed.success) return null;
  const p = parsed.data.privacy;
  return { excluded_apps: p.excluded_apps, excluded_title_patterns: p.excluded_title_patterns, excluded_url_patterns: p.excluded_url_patterns };
}

export const sameExclusions = (a: SyncedExclusions | null, b: SyncedExclusions | null): boolean => JSON.stringify(a) === JSON.stringify(b);


