import { z } from 'zod';
import { AnthropicProvider, type AnthropicProviderOptions } from './anthropic-provider.js';
import { OfflineProvider } from './offline-provider.js';
import { isLocalBaseUrl, OpenAiProvider } from './openai-provider.js';
import type { LlmProvider, UsageSink } from './types.js';

/** The part of store.settings the LLM layer reads. */
export interface SettingsReader {
  get<T>(key: string, schema: z.ZodType<T>, fallback: T): T;
}

/** Settings keys (in the encrypted store; the key is never read from a file). */
export const LlmProviderNameSchema = z.enum(['anthropic', 'openai', 'offline']);
export type LlmProviderName = z.infer<typeof LlmProviderNameSchema>;

export const LLM_SETTINGS = {
  /** 'anthropic' (default), 'openai' (any OpenAI-compatible server: OpenAI, Ollama, LM Studio, llama.cpp, vLLM) or 'offline' (no model, whatever keys are set). */
  provider: 'llm.provider',
  /** The Anthropic key. */
  apiKey: 'llm.api_key',
  /** The OpenAI-compatible server's key (none for most local servers). */
  openaiApiKey: 'llm.openai_api_key',
  chatModel: 'llm.chat_model',
  extractionModel: 'llm.extraction_model',
  /** The server: for Anthropic a proxy or test server (empty = Anthropic's API); for OpenAI-compatible, e.g. http://127.0.0.1:11434/v1. */
  baseUrl: 'llm.base_url',
  timeoutMs: 'llm.timeout_ms',
  /**
   * Which server ('anthropic' or 'openai') the saved base URL and model names belong to: the settings
   * handlers write it when the user sets a provider up and read it on a switch, to clear what fits
   * only the other server. The model layer itself never reads it.
   */
  settingsServer: 'llm.settings_server',
} as const;

const optString = z.string().max(4096);

export interface LlmFromSettingsOptions {
  settings: SettingsReader;
  usage?: UsageSink;
  /** Overrides for tests and hosts (e.g. ENGRAM_ANTHROPIC_BASE_URL in the headless host). */
  overrides?: Partial<Pick<AnthropicProviderOptions, 'baseURL' | 'retry' | 'sleep' | 'timeoutMs' | 'now'>>;
}

/**
 * From the settings alone (the engine's modelConfigFrom adds the environment): the chosen provider
 * when it is usable, otherwise the offline provider. Cheap: call it again after a settings change.
 */
export function createLlmProvider(opts: LlmFromSettingsOptions): LlmProvider {
  const s = opts.settings;
  const baseUrl = s.get(LLM_SETTINGS.baseUrl, optString, '').trim();
  const timeoutMs = s.get(LLM_SETTINGS.timeoutMs, z.number().int().min(1000).max(600_000), 60_000);
  const models = { chat: s.get(LLM_SETTINGS.chatModel, optString, ''), extraction: s.get(LLM_SETTINGS.extractionModel, optString, '') };
  const provider = s.get(LLM_SETTINGS.provider, LlmProviderNameSchema, 'anthropic');
  if (provider === 'offline') return new OfflineProvider();
  if (provider === 'openai') {
    const key = s.get(LLM_SETTINGS.openaiApiKey, optString, '').trim();
    if (!key && !(baseUrl && isLocalBaseUrl(baseUrl))) return new OfflineProvider();
    return new OpenAiProvider({ apiKey: key, baseURL: baseUrl || undefined, timeoutMs, models, usage: opts.usage });
  }
  const apiKey = s.get(LLM_SETTINGS.apiKey, optString, '').trim();
  if (!apiKey) return new OfflineProvider();
  return new AnthropicProvider({
    apiKey,
    baseURL: baseUrl || undefined,
    timeoutMs,
    models,
    usage: opts.usage,
    ...opts.overrides,
  });
}
