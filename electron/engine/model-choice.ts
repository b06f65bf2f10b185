import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  AnthropicProvider,
  isLocalBaseUrl,
  LLM_SETTINGS,
  LlmProviderNameSchema,
  OfflineProvider,
  OpenAiProvider,
  type LlmProvider,
  type SettingsReader,
  type UsageSink,
} from '../../agents/llm/index.js';

/** The environment as the engine reads it (process.env, or a test's own object). */
export type EnvReader = Readonly<Record<string, string | undefined>>;

/**
 * Which model Engram talks to. Every host (desktop, HTTP, CLI, MCP) gets it from modelConfigFrom, so
 * they cannot drift. A second provider is one more variant here, one more branch in
 * modelConfigFrom and one more case in providerFor.
 */
export type ModelConfig =
  | { provider: 'offline' }
  | {
      provider: 'anthropic';
      apiKey: string;
      /** Where the key came from: the encrypted settings (Settings screen) or $ANTHROPIC_API_KEY. */
      keySource: 'store' | 'env';
      baseURL: string | undefined;
      timeoutMs: number;
      models: { chat: string; extraction: string };
    }
  | {
      /** Any OpenAI-compatible server: OpenAI, Ollama, LM Studio, llama.cpp server, vLLM. */
      provider: 'openai';
      /** Empty for a local server that asks for none. */
      apiKey: string;
      keySource: 'store' | 'env' | null;
      /** undefined = OpenAI's API. */
      baseURL: string | undefined;
      timeoutMs: number;
      models: { chat: string; extraction: string };
    };

export interface ModelOverrides {
  /** Never call a model (engram ask --offline). */
  offline?: boolean;
  /** Points the model client elsewhere (tests' fake server, a proxy); wins over settings and environment. */
  baseURL?: string;
}

const text = z.string().max(4096);
const timeout = z.number().int().min(1000).max(600_000);

/**
 * The provider chosen in Settings (llm.provider), else the one the environment points to; a
 * provider without what it needs means offline (deterministic rules and extractive answers).
 *
 * Anthropic: the key saved in settings first, else $ANTHROPIC_API_KEY. $ENGRAM_ANTHROPIC_BASE_URL
 * points either at a proxy or a test server; with the environment's key, $ANTHROPIC_BASE_URL is
 * honoured as the SDK does.
 * OpenAI-compatible: the base URL saved in settings, else $ENGRAM_LLM_BASE_URL, else OpenAI's API;
 * the key saved in settings, else $OPENAI_API_KEY; a server on this machine or network needs none.
 * With no provider chosen, $ENGRAM_LLM_BASE_URL or $OPENAI_API_KEY (and no Anthropic key) choose it.
 */
export function modelConfigFrom(settings: SettingsReader, env: EnvReader, overrides: ModelOverrides = {}): ModelConfig {
  if (overrides.offline) return { provider: 'offline' };
  const setting = (key: string) => settings.get(key, text, '');
  const chosen = settings.get(LLM_SETTINGS.provider, LlmProviderNameSchema.or(z.literal('')), '');
  // Chosen in Settings: nothing leaves the machine, even with a key in the environment.
  if (chosen === 'offline') return { provider: 'offline' };
  const envBase = env.ENGRAM_LLM_BASE_URL?.trim() || undefined;
  const envOpenAiKey = env.OPENAI_API_KEY?.trim() || '';
  const anthropicKnown = Boolean(setting(LLM_SETTINGS.apiKey).trim() || env.ANTHROPIC_API_KEY?.trim());
  if (chosen === 'openai' || (chosen === '' && !anthropicKnown && (envBase || envOpenAiKey))) {
    return openAiConfig(settings, env, overrides);
  }
  const forced = overrides.baseURL?.trim() || env.ENGRAM_ANTHROPIC_BASE_URL?.trim() || undefined;
  const models = { chat: setting(LLM_SETTINGS.chatModel), extraction: setting(LLM_SETTINGS.extractionModel) };
  const timeoutMs = settings.get(LLM_SETTINGS.timeoutMs, timeout, 60_000);
  const stored = setting(LLM_SETTINGS.apiKey).trim();
  if (stored) {
    return { provider: 'anthropic', apiKey: stored, keySource: 'store', baseURL: forced ?? (setting(LLM_SETTINGS.baseUrl).trim() || undefined), timeoutMs, models };
  }
  const fromEnv = env.ANTHROPIC_API_KEY?.trim();
  if (fromEnv) {
    return { provider: 'anthropic', apiKey: fromEnv, keySource: 'env', baseURL: forced ?? (env.ANTHROPIC_BASE_URL?.trim() || undefined), timeoutMs, models };
  }
  return { provider: 'offline' };
}

function openAiConfig(settings: SettingsReader, env: EnvReader, overrides: ModelOverrides): ModelConfig {
  const setting = (key: string) => settings.get(key, text, '').trim();
  const baseURL = overrides.baseURL?.trim() || setting(LLM_SETTINGS.baseUrl) || env.ENGRAM_LLM_BASE_URL?.trim() || undefined;
  const stored = setting(LLM_SETTINGS.openaiApiKey);
  const fromEnv = env.OPENAI_API_KEY?.trim() || '';
  const apiKey = stored || fromEnv;
  if (!apiKey && !(baseURL && isLocalBaseUrl(baseURL))) return { provider: 'offline' };
  return {
    provider: 'openai',
    apiKey,
    keySource: stored ? 'store' : fromEnv ? 'env' : null,
    baseURL,
    timeoutMs: settings.get(LLM_SETTINGS.timeoutMs, timeout, 60_000),
    models: { chat: setting(LLM_SETTINGS.chatModel), extraction: setting(LLM_SETTINGS.extractionModel) },
  };
}

/** The client for a configuration; token use of every call goes to `usage`. */
export function providerFor(config: ModelConfig, usage?: UsageSink): LlmProvider {
  switch (config.provider) {
    case 'offline':
      return new OfflineProvider();
    case 'anthropic':
      return new AnthropicProvider({ apiKey: config.apiKey, baseURL: config.baseURL, timeoutMs: config.timeoutMs, models: config.models, usage });
    case 'openai':
      return new OpenAiProvider({ apiKey: config.apiKey, baseURL: config.baseURL, timeoutMs: config.timeoutMs, models: config.models, usage });
  }
}

/**
 * A getter every part of the engine shares (chat, brain): re-reads settings on each call, so a key
 * saved in Settings is used from the next call on, and rebuilds the client only when the
 * configuration changed. Unusable settings fall back to offline, with one log line.
 */
export function modelGetter(opts: { settings: SettingsReader; env: EnvReader; usage?: UsageSink; overrides?: ModelOverrides; log?: (line: string) => void }): () => LlmProvider {
  let fingerprint = '';
  let cached: LlmProvider | null = null;
  return () => {
    let config: ModelConfig;
    try {
      config = modelConfigFrom(opts.settings, opts.env, opts.overrides);
    } catch (err) {
      opts.log?.(`engine: model settings unusable, staying offline (${err instanceof Error ? err.message : String(err)})`);
      config = { provider: 'offline' };
    }
    // A hash, so the key itself is not kept around in another string.
    const next = createHash('sha256').update(JSON.stringify(config)).digest('hex');
    if (!cached || next !== fingerprint) {
      fingerprint = next;
      cached = providerFor(config, opts.usage);
    }
    return cached;
  };
}
