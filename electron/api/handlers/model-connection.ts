import { AnthropicProvider, LlmError, OpenAiProvider, isLocalBaseUrl, type LlmProvider } from '../../../agents/llm/index.js';
import type { LlmServerChoice } from '../../../shared/api/index.js';
import type { SecretStore } from '../deps.js';

export interface ConnectionTestInput {
  provider: LlmServerChoice;
  baseUrl: string;
  /** A key typed but not saved yet; else the saved one. */
  key?: string;
}

export interface ConnectionTestResult {
  ok: boolean;
  models: string[];
  message: string;
}

/**
 * "Test connection": asks the server which models it offers. One attempt, 10 s; what comes back
 * is the model list and a sentence, never the key (LlmError messages carry no credentials).
 */
export async function testModelConnection(input: ConnectionTestInput, keys: { anthropic: SecretStore; openai: SecretStore }): Promise<ConnectionTestResult> {
  const base = input.baseUrl.trim();
  let llm: LlmProvider & { listModels(signal?: AbortSignal): Promise<string[]> };
  try {
    if (input.provider === 'anthropic') {
      const key = input.key?.trim() || keys.anthropic.get();
      if (!key) return { ok: false, models: [], message: 'No Anthropic API key is set.' };
      llm = new AnthropicProvider({ apiKey: key, baseURL: base || undefined, timeoutMs: 10_000, retry: { maxRetries: 0 } });
    } else {
      const key = input.key?.trim() || keys.openai.get() || '';
      if (!key && !(base && isLocalBaseUrl(base))) {
        return { ok: false, models: [], message: 'A server on the internet needs an API key; a local server (e.g. http://127.0.0.1:11434/v1) does not.' };
      }
      llm = new OpenAiProvider({ apiKey: key, baseURL: base || undefined, timeoutMs: 10_000, retry: { maxRetries: 0 } });
    }
    const models = await llm.listModels(AbortSignal.timeout(10_000));
    const where = base ? new URL(base).host : input.provider === 'anthropic' ? "Anthropic's API" : "OpenAI's API";
    return {
      ok: true,
      models: models.slice(0, 1000),
      message: models.length ? `Connected to ${where}: ${models.length} model${models.length === 1 ? '' : 's'} available.` : `Connected to ${where}, but it lists no models.`,
    };
  } catch (err) {
    const why = err instanceof LlmError ? err.message : err instanceof Error ? err.message.split('\n')[0]! : String(err);
    return { ok: false, models: [], message: `Could not connect: ${why.slice(0, 300)}` };
  }
}
