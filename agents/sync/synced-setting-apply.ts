import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import { DIRECTIVE_SETTING_PREFIX, EXCLUSION_ITEM_PREFIX, EXCLUSIONS_SETTING, exclusionsOf, isDirectiveTombstone, SyncedDirectiveSchema, SyncedExclusionItemSchema, SyncedExclusionsSchema, withExclusionItem, type EngramStore, type SyncedExclusions } from '../store/index.js';
import { directiveTextProblem } from '../behaviour/index.js';
import type { SyncedSetting } from './change-record.js';
import { ExclusionOffers } from './exclusion-offers.js';

/** The lists with every item of `more` that is not in them yet added at the end; none taken off. */
function withAdded(cur: SyncedExclusions, more: SyncedExclusions): SyncedExclusions {
  const add = (a: string[], b: string[]) => [...a, ...b.filter((x) => !a.includes(x))];
  return {
    excluded_apps: add(cur.excluded_apps, more.excluded_apps),
    excluded_title_patterns: add(cur.excluded_title_patterns, more.excluded_title_patterns),
    excluded_url_patterns: add(cur.excluded_url_patterns, more.excluded_url_patterns),
  };
}

/**
 * Carries out a synced setting that won the merge: one excluded item is added to its list, a
 * directive goes through the directive repo (whose local tombstones still win). A value that does
 * not parse (a newer app's shape) is left out rather than half applied. The caller runs it
 * unlogged (changes.imported).
 *
 * Only what narrows capture applies by sync (leak51): an exclusion taken off on another device,
 * or an old whole-lists value without some of this device's items, would start capturing here a
 * window this device's user excluded (a password manager, a bank's pages) by a change no one made
 * at this machine; a stolen or compromised device holding the sync key could do it on purpose. So
 * an item's removal is not carried out here (this device keeps its own value, as it keeps its own
 * capture, models and endpoints, which never travel); the user takes it off here if they mean to.
 * This device's own change, put back after a remote one was imported meanwhile (`from: 'here'`),
 * is carried out whole. The rest of the capture settings stay this device's own.
 *
 * Kept, but not silently (offer52): a removal from a known device (`origin`) that this device still
 * excludes becomes an offer the user answers (exclusion-offers.ts); that device excluding the item
 * again withdraws it. The whole-lists value of earlier versions offers nothing: what it leaves out
 * is no one's decision to stop excluding.
 */
export function applySyncedSetting(store: EngramStore, key: SyncedSetting, value: unknown, from: 'here' | 'elsewhere', origin?: { device: string; at: number }): void {
  if (key === EXCLUSIONS_SETTING || key.startsWith(EXCLUSION_ITEM_PREFIX)) {
    const cur = store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
    const lists = exclusionsOf(cur);
    if (!lists) return;
    let next: SyncedExclusions;
    if (key === EXCLUSIONS_SETTING) {
      const parsed = SyncedExclusionsSchema.safeParse(value);
      if (!parsed.success) return;
      next = from === 'here' ? parsed.data : withAdded(lists, parsed.data);
    } else {
      const change = SyncedExclusionItemSchema.safeParse(value);
      if (!change.success) return;
      if (from === 'elsewhere' && origin) {
        const offers = new ExclusionOffers(store);
        const item = { list: change.data.list, item: change.data.item };
        if (change.data.on) offers.added(origin.device, item);
        else offers.removed(origin.device, item, origin.at);
      }
      if (!change.data.on && from === 'elsewhere') return;
      next = withExclusionItem(lists, change.data);
    }
    store.settings.set(CAPTURE_SETTINGS_KEY, { ...cur, privacy: { ...cur.privacy, ...next } });
    return;
  }
  const parsed = SyncedDirectiveSchema.safeParse(value);
  if (!parsed.success) return;
  // A directive no device of this user could have written (a link, an address, a tool's name, a
  // credential: the edit and the synthesis refuse them) came from a forged or broken segment:
  // active here by sync alone, it would tell every answer to send the user somewhere.
  if (from === 'elsewhere' && !isDirectiveTombstone(parsed.data) && directiveTextProblem(parsed.data.text)) return;
  store.directives.putSynced(key.slice(DIRECTIVE_SETTING_PREFIX.length), parsed.data, Date.now());
}
