import { z } from 'zod';
import { AnthropicProvider, type AnthropicProviderOptions } from './anthropic-provider.js';
import { OfflineProvider } from './offline-provider.js';
import type { LlmProvider, UsageSink } from './types.js';

/** The part of store.settings the LLM layer reads. */
export interface SettingsReader {
  get<T>(key: string, schema: z.ZodType<T>, fallback: T): T;
}

/** Settings keys (in the encrypted store; the key is never read from a file). */
export const LLM_SETTINGS = {
  apiKey: 'llm.api_key',
  chatModel: 'llm.chat_model',
  extractionModel: 'llm.extraction_model',
  /** For proxies and tests; empty = Anthropic's API. */
  baseUrl: 'llm.base_url',
  timeoutMs: 'llm.timeout_ms',
} as const;

const optString = z.string().max(4096);

export interface LlmFromSettingsOptions {
  settings: SettingsReader;
  usage?: UsageSink;
  /** Overrides for tests and hosts (e.g. ENGRAM_ANTHROPIC_BASE_URL in the headless host). */
  overrides?: Partial<Pick<AnthropicProviderOptions, 'baseURL' | 'retry' | 'sleep' | 'timeoutMs' | 'now'>>;
}

/** Anthropic when an API key is set, otherwise the offline provider. Cheap: call it again after a settings change. */
export function createLlmProvider(opts: LlmFromSettingsOptions): LlmProvider {
  const s = opts.settings;
  const apiKey = s.get(LLM_SETTINGS.apiKey, optString, '').trim();
  if (!apiKey) return new OfflineProvider();
  const baseUrl = s.get(LLM_SETTINGS.baseUrl, optString, '').trim();
  const timeoutMs = s.get(LLM_SETTINGS.timeoutMs, z.number().int().min(1000).max(600_000), 60_000);
  return new AnthropicProvider({
    apiKey,
    baseURL: baseUrl || undefined,
    timeoutMs,
    models: {
      chat: s.get(LLM_SETTINGS.chatModel, optString, ''),
      extraction: s.get(LLM_SETTINGS.extractionModel, optString, ''),
    },
    usage: opts.usage,
    ...opts.overrides,
  });
}
