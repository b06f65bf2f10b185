import { ExclusionMatcher, type WindowFacts } from '../../shared/exclusion/index.js';
import type { RedactionSwitches } from '../../shared/redaction/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import type { BrainStore } from '../subagent-kit/index.js';

export interface PrivacyRules {
  /** True when the user's exclusions cover an observation of this app, title and URL. */
  excludes(facts: WindowFacts): boolean;
}

/**
 * The capture gate keeps excluded apps off the disk; this re-checks at the brain's door, so an
 * observation stored before the user excluded an app never reaches a memory or a model. The same
 * matcher as the gate's (shared/exclusion): both drop the same windows.
 */
export function privacyRules(store: Pick<BrainStore, 'settings'>): PrivacyRules {
  const matcher = new ExclusionMatcher(store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).privacy);
  return { excludes: (facts) => matcher.excludes(facts) };
}

/** The user's redaction switches: chat text is scrubbed with the same choices as screen text. */
export function redactionSwitches(store: Pick<BrainStore, 'settings'>): RedactionSwitches {
  return store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).redaction;
}
