import type OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions/completions';
import { sdkFailure, type SdkErrorClasses } from './http-failure.js';
import { LlmError } from './llm-error.js';
import { costUsd } from './pricing.js';
import { onFirstUse } from '../../shared/first-use/index.js';
import { NO_SDK_ERRORS } from './sdk-loader.js';
import { NO_USAGE, ProviderCore, type ProviderTuning } from './provider-core.js';
import { streamAttempt } from './stream-attempt.js';
import { parseToolJson } from './tool-spec.js';
import { documentedWindow, windowFromLlamaCppProps, windowFromModelEntry, windowFromOllamaShow } from './context-window.js';
import type {
  LlmContentBlock,
  LlmMessage,
  LlmProvider,
  LlmRequest,
  LlmResponse,
  LlmStopReason,
  LlmStreamEvent,
  LlmToolUseBlock,
  LlmUsage,
} from './types.js';

const sdk = onFirstUse(() => import('openai'));

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_OPENAI_CHAT_MODEL = 'gpt-4.1-mini';
export const DEFAULT_OPENAI_EXTRACTION_MODEL = 'gpt-4.1-nano';

export interface OpenAiProviderOptions extends ProviderTuning {
  /** Empty for local servers that ask for none (Ollama, LM Studio, llama.cpp). */
  apiKey?: string;
  /** Any OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1 (Ollama); default OpenAI's API. */
  baseURL?: string;
  models?: { chat?: string; extraction?: string };
}

/** Loopback, private and link-local addresses and *.local names: a server on the user's own machine or network. */
export function isLocalBaseUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '::1') return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254);
  }
  return /^f[cd][0-9a-f]{2}:/.test(host) || host.startsWith('fe80:');
}

/**
 * OpenAI-compatible chat completions (OpenAI, Ollama, LM Studio, llama.cpp server, vLLM) through the
 * official `openai` client pointed at a base URL. Same seam as the Anthropic provider: streaming,
 * tool calls, timeouts, our own retries with backoff (the SDK's are off so they are testable),
 * tokens and cost per call (0 for a server on the user's machine or network).
 */
export class OpenAiProvider implements LlmProvider {
  readonly online = true;
  readonly name = 'openai-compatible';
  readonly models: { chat: string; extraction: string };
  readonly baseURL: string;
  readonly local: boolean;
  private readonly core: ProviderCore<OpenAI>;
  /** Masked in any server text an error quotes. */
  private readonly key: string | undefined;
  /** A local server and no model named: the first model the server lists is used (asked once). */
  private readonly unnamed: boolean;
  private serverModel: Promise<string | null> | null = null;

  constructor(opts: OpenAiProviderOptions) {
    this.baseURL = (opts.baseURL || DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, '');
    this.local = isLocalBaseUrl(this.baseURL);
    if (!opts.apiKey && !this.local) throw new LlmError('NO_API_KEY', 'no API key is set for the OpenAI-compatible server');
    // A local server usually serves one model: the chat model then does extraction too.
    const chat = opts.models?.chat || (this.local ? opts.models?.extraction : '') || DEFAULT_OPENAI_CHAT_MODEL;
    const extraction = opts.models?.extraction || (this.local ? chat : DEFAULT_OPENAI_EXTRACTION_MODEL);
    this.models = { chat, extraction };
    this.unnamed = this.local && !opts.models?.chat && !opts.models?.extraction;
    const { apiKey } = opts;
    this.key = apiKey;
    this.core = new ProviderCore(opts, {
      makeClient: async (timeout) => {
        const { default: Sdk } = await sdk.get();
        return new Sdk({
          // The client insists on a key; local servers ignore it.
          apiKey: apiKey || 'local-no-key',
          baseURL: this.baseURL,
          maxRetries: 0,
          timeout,
          logLevel: 'off',
          // Never picked up from the environment behind our back: hosts read it in one place.
          organization: null,
          project: null,
        });
      },
      cost: (model, usage) => (this.local ? 0 : costUsd(model, usage)),
    });
  }

  private window: Promise<number | null> | null = null;

  /**
   * The chat model's context window: from the server's model list (LM Studio, vLLM, OpenRouter,
   * Groq), else llama.cpp's /props, else Ollama's /api/show (num_ctx), else the vendor's figure; null
   * when nothing says it. Asked once (again after nothing was learned).
   */
  contextWindow(signal?: AbortSignal): Promise<number | null> {
    const asked = (this.window ??= this.askWindow(signal).catch(() => null));
    return asked.then((w) => {
      if (w === null && this.window === asked) this.window = null;
      return w;
    });
  }

  private async askWindow(signal?: AbortSignal): Promise<number | null> {
    const model = await this.modelFor({ tier: 'chat' });
    const timeout = () => AbortSignal.any([AbortSignal.timeout(Math.min(this.core.timeoutMs, 5_000)), ...(signal ? [signal] : [])]);
    try {
      for await (const m of (await this.core.client()).models.list({ signal: timeout() })) {
        if (m.id === model) {
          const w = windowFromModelEntry(m);
          if (w) return w;
          break;
        }
      }
    } catch {
      // a server without a model list may still say its window below
    }
    const root = this.baseURL.replace(/\/v1$/, '');
    const ask = async (path: string, init?: RequestInit): Promise<unknown> => {
      const res = await fetch(`${root}${path}`, { ...init, signal: timeout() });
      return res.ok ? ((await res.json()) as unknown) : null;
    };
    if (this.local) {
      const props = windowFromLlamaCppProps(await ask('/props').catch(() => null));
      if (props) return props;
      const show = windowFromOllamaShow(await ask('/api/show', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model }) }).catch(() => null));
      if (show) return show;
    }
    return documentedWindow(model);
  }

  /** The models the server lists (Test connection). */
  listModels(signal?: AbortSignal): Promise<string[]> {
    return this.core.listModels((client, opts) => client.models.list(opts), (err, sig) => toOpenAiError(err, { signal: sig, key: this.key }), signal);
  }

  async complete(req: LlmRequest): Promise<LlmResponse> {
    const params = await this.params(req);
    return this.core.retrying(req.signal, async () => {
      let completion;
      try {
        completion = await (await this.core.client()).chat.completions.create(params, { timeout: req.timeoutMs ?? this.core.timeoutMs, signal: req.signal });
      } catch (err) {
        throw toOpenAiError(err, { signal: req.signal, key: this.key });
      }
      const choice = completion.choices[0];
      const content: LlmContentBlock[] = [];
      if (choice?.message.content) content.push({ type: 'text', text: choice.message.content });
      for (const call of choice?.message.tool_calls ?? []) {
        if (call.type === 'function') content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: parseToolJson(call.function.arguments) });
      }
      return this.core.finish(req, completion.model || params.model, content, mapFinish(choice?.finish_reason, content), usageOf(completion.usage));
    });
  }

  async stream(req: LlmRequest, onEvent: (event: LlmStreamEvent) => void): Promise<LlmResponse> {
    const params = await this.params(req);
    // Retry only while nothing has reached the caller: once tokens are shown, a retry would repeat them.
    return this.core.retrying(req.signal, () => this.streamOnce(req, params, onEvent));
  }

  private async streamOnce(req: LlmRequest, params: ChatCompletionCreateParamsNonStreaming, onEvent: (event: LlmStreamEvent) => void): Promise<LlmResponse> {
    const idleMs = req.timeoutMs ?? this.core.timeoutMs;
    let usage: LlmUsage = { ...NO_USAGE };
    let finish: string | null = null;
    let model = params.model;
    let sawUsage = false;
    const streamed = await streamAttempt({
      idleMs,
      signal: req.signal,
      onEvent,
      toError: (err, timedOut) => toOpenAiError(err, { signal: req.signal, timedOut, key: this.key }),
      // Input tokens the server reported were billed even though the reply broke off.
      onFailure: () => sawUsage && this.core.record(req, model, usage),
      run: async (s) => {
        const chunks = await (await this.core.client()).chat.completions.create({ ...params, stream: true, stream_options: { include_usage: true } }, { signal: s.signal, timeout: idleMs });
        for await (const chunk of chunks as AsyncIterable<ChatCompletionChunk>) {
          s.touch();
          if (chunk.model) model = chunk.model;
          if (chunk.usage) {
            usage = usageOf(chunk.usage);
            sawUsage = true;
          }
          const choice = chunk.choices[0];
          if (!choice) continue;
          // The one text first, tool calls after it, by the index the server gives them.
          if (choice.delta?.content) s.text(0, choice.delta.content);
          for (const tc of choice.delta?.tool_calls ?? []) s.content.tool(1 + tc.index, { id: tc.id, name: tc.function?.name, args: tc.function?.arguments });
          if (choice.finish_reason) finish = choice.finish_reason;
        }
        if (finish === null) throw s.endedEarly();
        for (const block of s.content.finishTools()) s.emit({ type: 'tool_use', block });
      },
    });
    const content = streamed.content();
    const response = this.core.finish(req, model, content, mapFinish(finish, content), usage);
    onEvent({ type: 'done', response });
    return response;
  }

  /**
   * The model for a request: named in the request, else in settings. A server on the user's
   * machine or network with no model named serves its own models, never OpenAI's: the first one
   * it lists (asked once; asked again after a failure), else the OpenAI default as before.
   */
  private async modelFor(req: Pick<LlmRequest, 'model' | 'tier'>): Promise<string> {
    if (req.model) return req.model;
    const named = req.tier === 'chat' ? this.models.chat : this.models.extraction;
    if (!this.unnamed) return named;
    // The 5 s are the server's to answer, not ours to load the SDK first: its first load took
    // seconds on a busy machine, and the request then went out with OpenAI's default model.
    const asked = (this.serverModel ??= this.core
      .client()
      .then(() => this.listModels(AbortSignal.timeout(5_000)))
      .then(
        (ids) => ids[0] ?? null,
        () => null,
      ));
    const first = await asked;
    if (first === null && this.serverModel === asked) this.serverModel = null;
    return first ?? named;
  }

  private async params(req: LlmRequest): Promise<ChatCompletionCreateParamsNonStreaming> {
    const model = await this.modelFor(req);
    const messages: ChatCompletionMessageParam[] = [];
    // One system message: several confuse some local chat templates. The stable part comes first,
    // so servers that cache prompt prefixes (OpenAI, llama.cpp, vLLM) reuse it.
    const system = [req.system, req.context].filter((s): s is string => Boolean(s)).join('\n\n');
    if (system) messages.push({ role: 'system', content: system });
    for (const m of req.messages) messages.push(...toOpenAiMessages(m));
    const params: ChatCompletionCreateParamsNonStreaming = { model, messages, max_tokens: req.maxTokens ?? this.core.maxTokens };
    if (req.tools?.length) {
      params.tools = req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.input_schema } }));
      if (req.toolChoice) params.tool_choice = toToolChoice(req.toolChoice);
    }
    return params;
  }
}

function toToolChoice(c: NonNullable<LlmRequest['toolChoice']>): ChatCompletionToolChoiceOption {
  if (c === 'auto' || c === 'none') return c;
  if (c === 'any') return 'required';
  return { type: 'function', function: { name: c.name } };
}

/** Our blocks as chat-completion messages: tool results become `tool` messages, tool calls `tool_calls`. */
function toOpenAiMessages(m: LlmMessage): ChatCompletionMessageParam[] {
  if (typeof m.content === 'string') return [{ role: m.role, content: m.content }];
  if (m.role === 'assistant') {
    const text = m.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    const calls = m.content.filter((b): b is LlmToolUseBlock => b.type === 'tool_use');
    return [
      {
        role: 'assistant',
        content: text || null,
        ...(calls.length
          ? {
              tool_calls: calls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                // A malformed call is sent back as the model wrote it, so it sees its own mistake.
                function: { name: c.name, arguments: typeof c.input === 'string' ? c.input : JSON.stringify(c.input ?? {}) },
              })),
            }
          : {}),
      },
    ];
  }
  const out: ChatCompletionMessageParam[] = [];
  const texts: string[] = [];
  const images: string[] = [];
  for (const b of m.content) {
    if (b.type === 'tool_result') out.push({ role: 'tool', tool_call_id: b.tool_use_id, content: b.is_error ? `Error: ${b.content.replace(/^Error: /, '')}` : b.content });
    else if (b.type === 'text') texts.push(b.text);
    else if (b.type === 'image') images.push(`data:${b.mediaType};base64,${b.data}`);
  }
  // With an image, content parts (what Ollama, llama.cpp and LM Studio read for vision models);
  // without one, the plain string every server takes.
  if (images.length)
    out.push({
      role: 'user',
      content: [...(texts.length ? [{ type: 'text' as const, text: texts.join('\n\n') }] : []), ...images.map((url) => ({ type: 'image_url' as const, image_url: { url } }))],
    });
  else if (texts.length) out.push({ role: 'user', content: texts.join('\n\n') });
  return out;
}

function usageOf(u: { prompt_tokens?: number | null; completion_tokens?: number | null; prompt_tokens_details?: { cached_tokens?: number | null } | null } | null | undefined): LlmUsage {
  const cached = u?.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    input_tokens: Math.max(0, (u?.prompt_tokens ?? 0) - cached),
    output_tokens: u?.completion_tokens ?? 0,
    cache_read_tokens: cached,
    cache_write_tokens: 0,
  };
}

function mapFinish(reason: string | null | undefined, content: LlmContentBlock[]): LlmStopReason {
  switch (reason) {
    case 'stop':
      // Some local servers say "stop" after tool calls.
      return content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'other';
  }
}

function openAiErrors(): SdkErrorClasses {
  const m = sdk.loaded();
  return m ? { timeout: m.APIConnectionTimeoutError, abort: m.APIUserAbortError, connection: m.APIConnectionError, api: m.APIError } : NO_SDK_ERRORS;
}

/** Maps the openai client's failures to typed, one-line LlmErrors (same rules as Anthropic's). */
export function toOpenAiError(err: unknown, o: { signal?: AbortSignal; timedOut?: boolean; key?: string }): LlmError {
  return sdkFailure(err, openAiErrors(), { ...o, unreachable: 'cannot reach the model server' });
}
