import { z } from 'zod';
import { AnthropicProvider, LlmError, OpenAiProvider, forcedToolCall, isLocalBaseUrl, type ForcedMiss, type LlmProvider } from '../../../agents/llm/index.js';
import type { LlmServerChoice } from '../../../shared/api/index.js';
import type { SecretStore } from '../deps.js';

export interface ConnectionTestInput {
  provider: LlmServerChoice;
  baseUrl: string;
  /** A key typed but not saved yet; else the saved one. */
  key?: string;
  /** Also make one tiny forced tool call (OpenAI-compatible servers only): the memory agents need tools. */
  checkTools?: boolean;
  /** The saved model names: the tool call goes to the one the memory agents would use (the provider decides, as it does for them). */
  models?: { chat?: string; extraction?: string };
}

/** 'yes': the model called the tool; 'no': it cannot (HTTP 400 or prose); 'unchecked': not asked, or the check itself failed. */
export type ToolSupport = 'yes' | 'no' | 'unchecked';

export interface ConnectionTestResult {
  ok: boolean;
  models: string[];
  message: string;
  tools: ToolSupport;
}

export const NO_TOOLS_MESSAGE = 'this model does not call tools: memories will be made by the offline rules';

const PingArgs = z.object({ ok: z.boolean() }).strict();

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
      if (!key) return { ok: false, models: [], message: 'No Anthropic API key is set.', tools: 'unchecked' };
      llm = new AnthropicProvider({ apiKey: key, baseURL: base || undefined, timeoutMs: 10_000, retry: { maxRetries: 0 } });
    } else {
      const key = input.key?.trim() || keys.openai.get() || '';
      if (!key && !(base && isLocalBaseUrl(base))) {
        return { ok: false, models: [], message: 'A server on the internet needs an API key; a local server (e.g. http://127.0.0.1:11434/v1) does not.', tools: 'unchecked' };
      }
      llm = new OpenAiProvider({ apiKey: key, baseURL: base || undefined, timeoutMs: 10_000, retry: { maxRetries: 0 }, models: input.models });
    }
    const models = await llm.listModels(AbortSignal.timeout(10_000));
    const where = base ? new URL(base).host : input.provider === 'anthropic' ? "Anthropic's API" : "OpenAI's API";
    const listed = models.length ? `Connected to ${where}: ${models.length} model${models.length === 1 ? '' : 's'} available.` : `Connected to ${where}, but it lists no models.`;
    const found = { ok: true, models: models.slice(0, 1000) };
    if (!input.checkTools || input.provider !== 'openai') return { ...found, message: listed, tools: 'unchecked' };
    const tools = await checkToolCalling(llm);
    if (tools.support === 'yes') return { ...found, message: listed, tools: 'yes' };
    if (tools.support === 'no') return { ...found, message: `${listed.slice(0, -1)}, but ${NO_TOOLS_MESSAGE}.`, tools: 'no' };
    // The server answered the listing but not the call: a refused key or an outage is said as such, never as "no tools".
    return { ok: false, models: found.models, message: `Could not connect: ${tools.why.slice(0, 300)}`, tools: 'unchecked' };
  } catch (err) {
    return { ok: false, models: [], message: `Could not connect: ${oneLine(err).slice(0, 300)}`, tools: 'unchecked' };
  }
}

function oneLine(err: unknown): string {
  return err instanceof LlmError ? err.message : err instanceof Error ? err.message.split('\n')[0]! : String(err);
}

/**
 * One forced call of a trivial tool, a few tokens: what the memory agents' routing asks of every batch.
 * A 400 (a server that rejects `tools`) or an answer without the call (prose, a refusal, bad arguments)
 * is a model that cannot call tools; any other failure (401, timeout, 5xx) says nothing about tools.
 */
async function checkToolCalling(llm: LlmProvider): Promise<{ support: 'yes' } | { support: 'no' } | { support: 'failed'; why: string }> {
  let miss: ForcedMiss | null = null;
  try {
    const answer = await forcedToolCall(
      llm,
      { purpose: 'connection-test', tier: 'extraction', messages: [{ role: 'user', content: 'Call ping with ok set to true.' }], maxTokens: 32, timeoutMs: 10_000, signal: AbortSignal.timeout(20_000) },
      { name: 'ping', description: 'Answers a connection test.', schema: PingArgs },
      (why) => (miss = why),
    );
    return answer !== null && miss === null ? { support: 'yes' } : { support: 'no' };
  } catch (err) {
    if (err instanceof LlmError && err.code === 'BAD_REQUEST') return { support: 'no' };
    return { support: 'failed', why: oneLine(err) };
  }
}
