import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import { DIRECTIVE_SETTING_PREFIX, EXCLUSION_ITEM_PREFIX, EXCLUSIONS_SETTING, exclusionsOf, SyncedDirectiveSchema, SyncedExclusionItemSchema, SyncedExclusionsSchema, withExclusionItem, type EngramStore } from '../store/index.js';
import type { SyncedSetting } from './change-record.js';

/**
 * Carries out a synced setting that won the merge: one excluded item is added to or removed from
 * its list (the old whole-lists value replaces the three lists; the rest of the capture settings
 * stay this device's own), a directive goes through the
 * directive repo (whose local tombstones still win). A value that does not parse (a newer app's
 * shape) is left out rather than half applied. The caller runs it unlogged (changes.imported).
 */
export function applySyncedSetting(store: EngramStore, key: SyncedSetting, value: unknown): void {
  if (key === EXCLUSIONS_SETTING) {
    const parsed = SyncedExclusionsSchema.safeParse(value);
    if (!parsed.success) return;
    const cur = store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
    store.settings.set(CAPTURE_SETTINGS_KEY, { ...cur, privacy: { ...cur.privacy, ...parsed.data } });
    return;
  }
  if (key.startsWith(EXCLUSION_ITEM_PREFIX)) {
    const change = SyncedExclusionItemSchema.safeParse(value);
    if (!change.success) return;
    const cur = store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
    const lists = exclusionsOf(cur);
    if (lists) store.settings.set(CAPTURE_SETTINGS_KEY, { ...cur, privacy: { ...cur.privacy, ...withExclusionItem(lists, change.data) } });
    return;
  }
  const parsed = SyncedDirectiveSchema.safeParse(value);
  if (parsed.success) store.directives.putSynced(key.slice(DIRECTIVE_SETTING_PREFIX.length), parsed.data, Date.now());
}
