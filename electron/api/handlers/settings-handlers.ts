import { z } from 'zod';
import { DEFAULT_CHAT_MODEL, DEFAULT_EXTRACTION_MODEL, LLM_SETTINGS } from '../../../agents/llm/index.js';
import type { SettingsView } from '../../../shared/api/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings, type CaptureSettings } from '../../../shared/settings/index.js';
import { fail, zodMessage } from '../errors.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';

const ModelName = z.string().max(200);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Objects merge key by key; arrays and scalars replace. Prototype keys are ignored. */
export function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch === undefined ? base : patch;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (FORBIDDEN_KEYS.has(k) || v === undefined) continue;
    out[k] = deepMerge(base[k], v);
  }
  return out;
}

export function settingsHandlers(deps: ApiDeps): HandlerGroup<'settings.get' | 'settings.update'> {
  const { store } = deps;
  const readCapture = (): CaptureSettings => store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
  const view = (): SettingsView => ({
    capture: readCapture(),
    models: {
      chat_model: store.settings.get(LLM_SETTINGS.chatModel, ModelName, ''),
      extraction_model: store.settings.get(LLM_SETTINGS.extractionModel, ModelName, ''),
    },
    default_models: { chat_model: DEFAULT_CHAT_MODEL, extraction_model: DEFAULT_EXTRACTION_MODEL },
  });

  return {
    'settings.get': () => view(),
    'settings.update': (input) => {
      const keys: string[] = [];
      let nextCapture: CaptureSettings | null = null;
      if (input.patch.capture) {
        // Validate the merged whole before writing anything: a bad field leaves every setting as it was.
        const merged = CaptureSettingsSchema.safeParse(deepMerge(readCapture(), input.patch.capture));
        if (!merged.success) fail('INVALID_INPUT', zodMessage(merged.error));
        nextCapture = merged.data;
      }
      store.transaction(() => {
        if (nextCapture) {
          store.settings.set(CAPTURE_SETTINGS_KEY, nextCapture);
          keys.push(CAPTURE_SETTINGS_KEY);
        }
        const m = input.patch.models;
        if (m?.chat_model !== undefined) {
          store.settings.set(LLM_SETTINGS.chatModel, m.chat_model.trim());
          keys.push(LLM_SETTINGS.chatModel);
        }
        if (m?.extraction_model !== undefined) {
          store.settings.set(LLM_SETTINGS.extractionModel, m.extraction_model.trim());
          keys.push(LLM_SETTINGS.extractionModel);
        }
      });
      if (nextCapture) deps.capture?.reloadSettings?.();
      if (keys.length) deps.events.emit('settings.changed', { keys });
      return view();
    },
  };
}
