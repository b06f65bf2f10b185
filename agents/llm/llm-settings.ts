import { z } from 'zod';

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

