import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  ContentBlockParam,
  MessageCreateParamsNonStreaming,
  MessageParam,
  RawMessageStreamEvent,
  TextBlockParam,
  Tool,
  ToolChoice,
} from '@anthropic-ai/sdk/resources/messages/messages';
import { sdkFailure, type SdkErrorClasses } from './http-failure.js';
import { LlmError } from './llm-error.js';
import { costUsd } from './pricing.js';
import { onFirstUse } from '../../shared/first-use/index.js';
import { NO_SDK_ERRORS } from './sdk-loader.js';
import { NO_USAGE, ProviderCore, type ProviderTuning } from './provider-core.js';
import { streamAttempt } from './stream-attempt.js';
import { documentedWindow } from './context-window.js';
import type {
  LlmContentBlock,
  LlmMessage,
  LlmProvider,
  LlmRequest,
  LlmResponse,
  LlmStopReason,
  LlmStreamEvent,
  LlmUsage,
} from './types.js';

const sdk = onFirstUse(() => import('@anthropic-ai/sdk'));

export const DEFAULT_CHAT_MODEL = 'claude-sonnet-4-6';
export const DEFAULT_EXTRACTION_MODEL = 'claude-haiku-4-5';

export interface AnthropicProviderOptions extends ProviderTuning {
  apiKey: string;
  /** Tests point this at the fake server; default is Anthropic's API. */
  baseURL?: string;
  models?: { chat?: string; extraction?: string };
}

/** Anthropic Messages API through @anthropic-ai/sdk; retries are ours (SDK retries off) so they are testable. */
export class AnthropicProvider implements LlmProvider {
  readonly online = true;
  readonly name = 'anthropic';
  readonly models: { chat: string; extraction: string };
  private readonly core: ProviderCore<Anthropic>;
  /** Masked in any server text an error quotes. */
  private readonly key: string;

  constructor(opts: AnthropicProviderOptions) {
    if (!opts.apiKey) throw new LlmError('NO_API_KEY', 'no Anthropic API key is set');
    this.models = {
      chat: opts.models?.chat || DEFAULT_CHAT_MODEL,
      extraction: opts.models?.extraction || DEFAULT_EXTRACTION_MODEL,
    };
    const { apiKey, baseURL } = opts;
    this.key = apiKey;
    this.core = new ProviderCore(opts, {
      makeClient: async (timeout) => {
        const { default: Sdk } = await sdk.get();
        return new Sdk({ apiKey, baseURL: baseURL ?? 'https://api.anthropic.com', maxRetries: 0, timeout, logLevel: 'off' });
      },
      cost: costUsd,
    });
  }

  /** Every Claude model has a 200k-token window (Anthropic's documentation); the API does not list it. */
  contextWindow(): Promise<number | null> {
    return Promise.resolve(documentedWindow(this.models.chat));
  }

  /** The models the API lists (Test connection). */
  listModels(signal?: AbortSignal): Promise<string[]> {
    return this.core.listModels((client, opts) => client.models.list({}, opts), (err, sig) => toLlmError(err, { signal: sig, key: this.key }), signal);
  }

  async complete(req: LlmRequest): Promise<LlmResponse> {
    const params = this.params(req);
    return this.core.retrying(req.signal, async () => {
      let message;
      try {
        message = await (await this.core.client()).messages.create(params, {
          timeout: req.timeoutMs ?? this.core.timeoutMs,
          signal: req.signal,
        });
      } catch (err) {
        throw toLlmError(err, { signal: req.signal, key: this.key });
      }
      const content = fromSdkContent(message.content);
      const usage = usageOf(message.usage);
      return this.core.finish(req, params.model, content, mapStop(message.stop_reason), usage);
    });
  }

  async stream(req: LlmRequest, onEvent: (event: LlmStreamEvent) => void): Promise<LlmResponse> {
    const params = this.params(req);
    // Retry only while nothing has reached the caller: once tokens are shown, a retry would repeat them.
    return this.core.retrying(req.signal, () => this.streamOnce(req, params, onEvent));
  }

  private async streamOnce(
    req: LlmRequest,
    params: MessageCreateParamsNonStreaming,
    onEvent: (event: LlmStreamEvent) => void,
  ): Promise<LlmResponse> {
    const idleMs = req.timeoutMs ?? this.core.timeoutMs;
    let usage: LlmUsage = { ...NO_USAGE };
    let stop: LlmStopReason = 'other';
    const streamed = await streamAttempt({
      idleMs,
      signal: req.signal,
      onEvent,
      toError: (err, timedOut) => toLlmError(err, { signal: req.signal, timedOut, key: this.key }),
      // Input tokens were billed even though the reply broke off.
      onFailure: () => usage.input_tokens > 0 && this.core.record(req, params.model, usage),
      run: async (s) => {
        const events = await (await this.core.client()).messages.create({ ...params, stream: true }, { signal: s.signal, timeout: idleMs });
        let sawStop = false;
        for await (const ev of events as AsyncIterable<RawMessageStreamEvent>) {
          s.touch();
          switch (ev.type) {
            case 'message_start':
              usage = usageOf(ev.message.usage);
              break;
            case 'content_block_start': {
              const b = ev.content_block;
              if (b.type === 'text') s.content.text(ev.index, b.text ?? '');
              else if (b.type === 'tool_use') s.content.tool(ev.index, { id: b.id, name: b.name });
              break;
            }
            case 'content_block_delta':
              if (ev.delta.type === 'text_delta') s.text(ev.index, ev.delta.text);
              else if (ev.delta.type === 'input_json_delta') s.content.tool(ev.index, { args: ev.delta.partial_json });
              break;
            case 'content_block_stop': {
              const block = s.content.toolDone(ev.index);
              if (block) s.emit({ type: 'tool_use', block });
              break;
            }
            case 'message_delta':
              stop = mapStop(ev.delta.stop_reason);
              usage = {
                input_tokens: ev.usage.input_tokens ?? usage.input_tokens,
                output_tokens: ev.usage.output_tokens,
                cache_read_tokens: ev.usage.cache_read_input_tokens ?? usage.cache_read_tokens,
                cache_write_tokens: ev.usage.cache_creation_input_tokens ?? usage.cache_write_tokens,
              };
              break;
            case 'message_stop':
              sawStop = true;
              break;
          }
        }
        if (!sawStop) throw s.endedEarly();
      },
    });
    const response = this.core.finish(req, params.model, streamed.content(), stop, usage);
    onEvent({ type: 'done', response });
    return response;
  }

  private params(req: LlmRequest): MessageCreateParamsNonStreaming {
    const model = req.model ?? (req.tier === 'chat' ? this.models.chat : this.models.extraction);
    const system: TextBlockParam[] = [];
    // The stable prompt carries the cache breakpoint: tools + system are then read from cache on
    // every later call; the volatile context after it is billed normally.
    if (req.system) system.push({ type: 'text', text: req.system, cache_control: { type: 'ephemeral' } });
    if (req.context) system.push({ type: 'text', text: req.context });
    const params: MessageCreateParamsNonStreaming = {
      model,
      max_tokens: req.maxTokens ?? this.core.maxTokens,
      messages: req.messages.map(toSdkMessage),
    };
    if (system.length) params.system = system;
    if (req.tools?.length) {
      params.tools = req.tools.map((t): Tool => ({ name: t.name, description: t.description, input_schema: t.input_schema }));
      if (req.toolChoice) params.tool_choice = toToolChoice(req.toolChoice);
    }
    return params;
  }
}

function toToolChoice(c: NonNullable<LlmRequest['toolChoice']>): ToolChoice {
  if (c === 'auto') return { type: 'auto' };
  if (c === 'any') return { type: 'any' };
  if (c === 'none') return { type: 'none' };
  return { type: 'tool', name: c.name };
}

function toSdkMessage(m: LlmMessage): MessageParam {
  if (typeof m.content === 'string') return { role: m.role, content: m.content };
  return {
    role: m.role,
    content: m.content.map((b): ContentBlockParam => {
      switch (b.type) {
        case 'text':
          return { type: 'text', text: b.text };
        case 'tool_use':
          return { type: 'tool_use', id: b.id, name: b.name, input: b.input };
        case 'tool_result':
          return { type: 'tool_result', tool_use_id: b.tool_use_id, content: b.content, is_error: b.is_error ?? false };
        case 'image':
          return { type: 'image', source: { type: 'base64', media_type: b.mediaType, data: b.data } };
      }
    }),
  };
}

function fromSdkContent(content: ReadonlyArray<ContentBlock>): LlmContentBlock[] {
  const out: LlmContentBlock[] = [];
  for (const b of content) {
    if (b.type === 'text') out.push({ type: 'text', text: b.text });
    else if (b.type === 'tool_use') out.push({ type: 'tool_use', id: b.id, name: b.name, input: b.input });
  }
  return out;
}

function usageOf(u: {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}): LlmUsage {
  return {
    input_tokens: u.input_tokens ?? 0,
    output_tokens: u.output_tokens ?? 0,
    cache_read_tokens: u.cache_read_input_tokens ?? 0,
    cache_write_tokens: u.cache_creation_input_tokens ?? 0,
  };
}

function mapStop(s: string | null | undefined): LlmStopReason {
  switch (s) {
    case 'end_turn':
    case 'max_tokens':
    case 'stop_sequence':
    case 'tool_use':
    case 'refusal':
      return s;
    default:
      return 'other';
  }
}

function anthropicErrors(): SdkErrorClasses {
  const m = sdk.loaded();
  return m ? { timeout: m.APIConnectionTimeoutError, abort: m.APIUserAbortError, connection: m.APIConnectionError, api: m.APIError } : NO_SDK_ERRORS;
}

/** Maps SDK failures to typed, one-line LlmErrors; 429, 5xx, timeouts and network drops are retryable. */
export function toLlmError(err: unknown, o: { signal?: AbortSignal; timedOut?: boolean; key?: string }): LlmError {
  return sdkFailure(err, anthropicErrors(), { ...o, unreachable: 'cannot reach the model API' });
}
