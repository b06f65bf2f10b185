import type { EngramStore } from '../../../agents/store/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings, type CaptureSettings } from '../../../shared/settings/index.js';

/** Capture settings from the store; a missing or invalid value reads as the defaults. */
export function readCaptureSettings(store: EngramStore): CaptureSettings {
  return store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
}

export function writeCaptureSettings(store: EngramStore, settings: CaptureSettings): void {
  store.settings.set(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema.parse(settings));
}
