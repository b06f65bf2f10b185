import type { z } from 'zod';

/**
 * The LLM seam. Everything that thinks with a model (meta-agent routing, sub-agent extraction,
 * chat) talks to an LlmProvider; the Anthropic one is real, the offline one says "no model here"
 * so callers fall back to rules.
 */

export type LlmTier = 'chat' | 'extraction';

export interface LlmTextBlock {
  type: 'text';
  text: string;
}
export interface LlmToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}
export interface LlmToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}
/**
 * An image the user side of a message carries (a screenshot to caption). Only in requests: no
 * provider returns one. Anthropic takes it as a base64 source, OpenAI-compatible servers (Ollama,
 * llama.cpp, LM Studio) as an `image_url` data URL.
 */
export interface LlmImageBlock {
  type: 'image';
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
  /** The encoded image, base64. */
  data: string;
}
export type LlmContentBlock = LlmTextBlock | LlmToolUseBlock | LlmToolResultBlock | LlmImageBlock;

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string | LlmContentBlock[];
}

/** A tool as the model sees it: JSON schema of its input. */
export interface LlmToolSpec {
  name: string;
  description: string;
  input_schema: { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [k: string]: unknown };
}

export type LlmToolChoice = 'auto' | 'any' | 'none' | { name: string };

export interface LlmRequest {
  /** What the call is for ('chat', 'routing', 'extraction', ...): recorded with its cost. */
  purpose: string;
  /** Picks the configured model for that tier (default 'extraction'); `model` overrides it. */
  tier?: LlmTier;
  model?: string;
  /** The stable system prompt: sent with cache_control so repeated calls read it from cache. */
  system?: string;
  /** Per-call system text placed after the cache breakpoint (current time, retrieved memories). */
  context?: string;
  messages: LlmMessage[];
  tools?: LlmToolSpec[];
  toolChoice?: LlmToolChoice;
  maxTokens?: number;
  /** Per-attempt timeout in ms (default from the provider options). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface LlmUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
}

export type LlmStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal' | 'other';

export interface LlmResponse {
  model: string;
  content: LlmContentBlock[];
  /** Text blocks joined. */
  text: string;
  toolUses: LlmToolUseBlock[];
  stopReason: LlmStopReason;
  usage: LlmUsage;
  costUsd: number;
}

/** Events of a streamed reply, in order: text deltas as they come, each tool call when complete. */
export type LlmStreamEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'tool_use'; block: LlmToolUseBlock }
  | { type: 'done'; response: LlmResponse };

export interface LlmProvider {
  /** False for the offline provider: callers use their rule-based path instead. */
  readonly online: boolean;
  readonly name: string;
  readonly models: { chat: string; extraction: string };
  complete(req: LlmRequest): Promise<LlmResponse>;
  /**
   * Streams a reply. Resolves with the whole response; on a failure after some text arrived it
   * rejects with LlmError code 'STREAM_INTERRUPTED' whose `partialText` holds what was streamed.
   */
  stream(req: LlmRequest, onEvent: (event: LlmStreamEvent) => void): Promise<LlmResponse>;
  /** The models the server offers (Settings → Test connection); rejects with an LlmError. */
  listModels?(signal?: AbortSignal): Promise<string[]>;
  /** The chat model's context window in tokens, from the server or the vendor's documentation; null when unknown. Never rejects. */
  contextWindow?(signal?: AbortSignal): Promise<number | null>;
}

/** One priced call, in the shape store.llmCalls.record takes. */
export interface LlmCallRecord {
  at: number;
  model: string;
  purpose: string;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  cost_usd: number;
}

/** Where per-call usage goes: store.llmCalls satisfies it. */
export interface UsageSink {
  record(call: LlmCallRecord): unknown;
}

/** A tool the tool loop can run: zod validates the model's arguments before `run` sees them. */
export interface LlmTool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  schema: S;
  run(input: z.infer<S>): Promise<unknown> | unknown;
}
