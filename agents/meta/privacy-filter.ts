import type { RedactionSwitches } from '../../shared/redaction/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import type { BrainStore } from '../subagent-kit/index.js';

export interface PrivacyRules {
  excludedApp(app: string | null): boolean;
  excludedTitle(title: string | null): boolean;
}

/**
 * The capture gate keeps excluded apps off the disk; this re-checks at the brain's door, so an
 * observation stored before the user excluded an app never reaches a memory or a model.
 */
export function privacyRules(store: Pick<BrainStore, 'settings'>): PrivacyRules {
  const s = store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).privacy;
  const apps = new Set(s.excluded_apps.map((a) => a.toLowerCase()));
  const titles: RegExp[] = [];
  for (const p of s.excluded_title_patterns) {
    try {
      titles.push(new RegExp(p, 'i'));
    } catch {
      // The settings schema validates patterns; a bad one simply does not apply.
    }
  }
  return {
    excludedApp: (app) => !!app && (apps.has(app.toLowerCase()) || apps.has(app.toLowerCase().replace(/\.exe$/, ''))),
    excludedTitle: (title) => !!title && titles.some((re) => re.test(title)),
  };
}

/** The user's redaction switches: chat text is scrubbed with the same choices as screen text. */
export function redactionSwitches(store: Pick<BrainStore, 'settings'>): RedactionSwitches {
  return store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).redaction;
}
