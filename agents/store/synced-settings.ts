import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CaptureSettingsSchema, PrivacySettingsSchema } from '../../shared/settings/index.js';

/**
 * The settings that follow the user to every device (issue 33): the capture exclusions, as one
 * value, and each behavioural directive the user has decided on, as one value per directive (so
 * edits of two directives on two devices both survive). Proposals stay on the device that made
 * them: they rest on its own feedback, and only the user's decision travels.
 */
export const EXCLUSIONS_SETTING = 'exclusions';
/**
 * One item of one exclusion list, on or off, as its own synced setting: two devices that add apps
 * at the same moment both keep both (each item is last-writer-wins by clock on its own). The key
 * names the list and a hash of the item; the item itself is in the sealed value.
 */
export const EXCLUSION_ITEM_PREFIX = 'exclusion:';
const LISTS = { apps: 'excluded_apps', titles: 'excluded_title_patterns', urls: 'excluded_url_patterns' } as const;
export type ExclusionList = keyof typeof LISTS;
export const SyncedExclusionItemSchema = z.object({ list: z.enum(['apps', 'titles', 'urls']), item: z.string().min(1).max(500), on: z.boolean() }).strict();
export type SyncedExclusionItem = z.infer<typeof SyncedExclusionItemSchema>;
export const exclusionItemKey = (e: { list: ExclusionList; item: string }): string =>
  `${EXCLUSION_ITEM_PREFIX}${e.list}:${createHash('sha256').update(e.item).digest('hex').slice(0, 32)}`;

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


/** What changed item by item from `before` to `after`: each item added (on) or removed (off), per list. */
export function exclusionItemChanges(before: SyncedExclusions | null, after: SyncedExclusions): SyncedExclusionItem[] {
  const out: SyncedExclusionItem[] = [];
  for (const [list, field] of Object.entries(LISTS) as [ExclusionList, keyof SyncedExclusions][]) {
    const was = new Set(before?.[field] ?? []);
    const now = new Set(after[field]);
    for (const item of now) if (!was.has(item)) out.push({ list, item, on: true });
    for (const item of was) if (!now.has(item)) out.push({ list, item, on: false });
  }
  return out;
}

/** The lists with one item's change applied: added at the end when on and missing, removed when off. */
export function withExclusionItem(cur: SyncedExclusions, change: SyncedExclusionItem): SyncedExclusions {
  const field = LISTS[change.list];
  const list = cur[field];
  const next = change.on ? (list.includes(change.item) ? list : [...list, change.item]) : list.filter((x) => x !== change.item);
  return { ...cur, [field]: next };
}
