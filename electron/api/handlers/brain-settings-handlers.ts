import { BrainSettingsViewSchema, type BrainSettingsView } from '../../../shared/api/index.js';
import { BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings, type BrainSettings } from '../../../shared/settings/index.js';
import { issueLine } from '../../../shared/text/index.js';
import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';
import { deepMerge } from './settings-handlers.js';

/**
 * Settings → Brain: the brain settings a user may change. They are stored under BRAIN_SETTINGS_KEY,
 * where the brain and the experience handlers read them on each use (no restart). A patch is merged
 * into the stored whole and checked as a whole before anything is written.
 */
export function brainSettingsHandlers(deps: ApiDeps): HandlerGroup<'brain.settings' | 'brain.updateSettings'> {
  const { store } = deps;
  const read = (): BrainSettings => store.settings.get(BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings());
  const view = (s: BrainSettings): BrainSettingsView => BrainSettingsViewSchema.parse(s);
  return {
    'brain.settings': () => view(read()),
    'brain.updateSettings': (input) => {
      const merged = BrainSettingsSchema.safeParse(deepMerge(read(), input.patch));
      if (!merged.success) fail('INVALID_INPUT', issueLine(merged.error));
      store.settings.set(BRAIN_SETTINGS_KEY, merged.data);
      return view(merged.data);
    },
  };
}
