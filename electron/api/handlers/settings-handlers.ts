import { z } from 'zod';
import { DEFAULT_CHAT_MODEL, DEFAULT_EXTRACTION_MODEL, DEFAULT_OPENAI_CHAT_MODEL, DEFAULT_OPENAI_EXTRACTION_MODEL, isLocalBaseUrl, LLM_SETTINGS } from '../../../agents/llm/index.js';
import { LlmProviderSchema, LlmServerSchema, type LlmProviderChoice, type LlmServerChoice, type SettingsView } from '../../../shared/api/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings, readFallbacks, CAPTION_MISS_LAST_KEY, CaptionMissLastSchema, captionMissCounter, captionMissText, type CaptureSettings } from '../../../shared/settings/index.js';
import { issueLine } from '../../../shared/text/index.js';
import { TimeFormatter } from '../../../shared/time/index.js';
import { fail } from '../errors.js';
import type { ApiDeps, SecretStore } from '../deps.js';
import { testModelConnection } from './model-connection.js';
import type { HandlerGroup } from '../handler-types.js';

const ModelName = z.string().max(200);
/**
 * Which server the saved base URL and model names belong to (LLM_SETTINGS.settingsServer): one
 * provider's server address or model name is wrong for the other (an Ollama URL as Anthropic's
 * proxy), so they are cleared when the user moves to the other server, directly or by way of offline.
 */
const SETTINGS_SERVER = LLM_SETTINGS.settingsServer;
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

export function settingsHandlers(
  deps: ApiDeps,
  keys: { anthropic: SecretStore; openai: SecretStore },
): HandlerGroup<'settings.get' | 'settings.update' | 'settings.testConnection'> {
  const { store } = deps;
  // Nothing chosen yet: the provider the environment chose (OPENAI_API_KEY, ENGRAM_LLM_BASE_URL), so the window shows what is used.
  const readProvider = (): LlmProviderChoice =>
    store.settings.get(LLM_SETTINGS.provider, LlmProviderSchema.or(z.literal('')), '') || (deps.model?.().name === 'openai-compatible' ? 'openai' : 'anthropic');
  const currentServer = (): LlmServerChoice | null => {
    const p = readProvider();
    return p === 'offline' ? null : p;
  };
  const readBaseUrl = (): string => store.settings.get(LLM_SETTINGS.baseUrl, z.string().max(500), '');
  const readCapture = (): CaptureSettings => store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
  const envBaseUrl = deps.envBaseUrl || null;
  /** What an empty model field means on this provider and server (see SettingsView.default_models). */
  const defaultModels = (provider: LlmProviderChoice, baseUrl: string): SettingsView['default_models'] => {
    if (provider !== 'openai') return { chat_model: DEFAULT_CHAT_MODEL, extraction_model: DEFAULT_EXTRACTION_MODEL };
    // A server on this machine or network has its own models, never OpenAI's: the first it lists.
    if (baseUrl && isLocalBaseUrl(baseUrl)) return { chat_model: '', extraction_model: '' };
    return { chat_model: DEFAULT_OPENAI_CHAT_MODEL, extraction_model: DEFAULT_OPENAI_EXTRACTION_MODEL };
  };
  const modelFallbacks = (): SettingsView['model_fallbacks'] => {
    const f = readFallbacks(store, new TimeFormatter().dayKey((deps.clock ?? Date.now)()));
    return { today: f.today, reason: f.last?.text ?? null, last_at: f.last ? new Date(f.last.at).toISOString() : null };
  };
  const captionMisses = (): SettingsView['caption_misses'] => {
    const today = store.counters.get(captionMissCounter(new TimeFormatter().dayKey((deps.clock ?? Date.now)())));
    const last = store.settings.get(CAPTION_MISS_LAST_KEY, CaptionMissLastSchema.nullable(), null);
    return { today, reason: today > 0 && last ? captionMissText(last) : null };
  };
  const view = (): SettingsView => {
    const provider = readProvider();
    const baseUrl = readBaseUrl();
    const env = provider === 'openai' ? envBaseUrl : null;
    return {
      capture: readCapture(),
      models: {
        chat_model: store.settings.get(LLM_SETTINGS.chatModel, ModelName, ''),
        extraction_model: store.settings.get(LLM_SETTINGS.extractionModel, ModelName, ''),
      },
      llm: { provider, base_url: baseUrl, env_base_url: env },
      default_models: defaultModels(provider, baseUrl || env || ''),
      model_fallbacks: modelFallbacks(),
      caption_misses: captionMisses(),
    };
  };

  return {
    'settings.get': () => view(),
    'settings.testConnection': (input) =>
      testModelConnection(
        {
          provider: input.provider,
          baseUrl: input.base_url ?? (readBaseUrl() || (input.provider === 'openai' ? (envBaseUrl ?? '') : '')),
          key: input.key,
          checkTools: input.check_tools,
          models: { chat: store.settings.get(LLM_SETTINGS.chatModel, ModelName, ''), extraction: store.settings.get(LLM_SETTINGS.extractionModel, ModelName, '') },
        },
        keys,
      ),
    'settings.update': (input) => {
      const changed: string[] = [];
      let nextCapture: CaptureSettings | null = null;
      if (input.patch.capture) {
        // Validate the merged whole before writing anything: a bad field leaves every setting as it was.
        const merged = CaptureSettingsSchema.safeParse(deepMerge(readCapture(), input.patch.capture));
        if (!merged.success) fail('INVALID_INPUT', issueLine(merged.error));
        nextCapture = merged.data;
      }
      store.transaction(() => {
        if (nextCapture) {
          store.settings.set(CAPTURE_SETTINGS_KEY, nextCapture);
          changed.push(CAPTURE_SETTINGS_KEY);
        }
        const l = input.patch.llm;
        const m = { ...input.patch.models };
        const server: LlmServerChoice | null = l?.provider ? (l.provider === 'offline' ? null : l.provider) : currentServer();
        if (server && (l || input.patch.models)) {
          const owner = store.settings.get(SETTINGS_SERVER, LlmServerSchema.or(z.literal('')), '') || currentServer();
          if (owner && owner !== server) {
            m.chat_model ??= '';
            m.extraction_model ??= '';
            if (l?.base_url === undefined) {
              store.settings.set(LLM_SETTINGS.baseUrl, '');
              changed.push(LLM_SETTINGS.baseUrl);
            }
          }
          store.settings.set(SETTINGS_SERVER, server);
        }
        if (m?.chat_model !== undefined) {
          store.settings.set(LLM_SETTINGS.chatModel, m.chat_model.trim());
          changed.push(LLM_SETTINGS.chatModel);
        }
        if (m?.extraction_model !== undefined) {
          store.settings.set(LLM_SETTINGS.extractionModel, m.extraction_model.trim());
          changed.push(LLM_SETTINGS.extractionModel);
        }
        if (l?.provider !== undefined) {
          store.settings.set(LLM_SETTINGS.provider, l.provider);
          changed.push(LLM_SETTINGS.provider);
        }
        if (l?.base_url !== undefined) {
          store.settings.set(LLM_SETTINGS.baseUrl, l.base_url.trim().replace(/\/+$/, ''));
          changed.push(LLM_SETTINGS.baseUrl);
        }
      });
      if (nextCapture && deps.capture) {
        // At once, not at the next start: capture off stops it, "Record audio" starts or stops the
        // microphone; the tray and every window hear the new state.
        deps.capture.reloadSettings?.();
        deps.events.emit('capture.status', deps.capture.status());
      }
      if (changed.length) deps.events.emit('settings.changed', { keys: changed });
      return view();
    },
  };
}
