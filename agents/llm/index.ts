/** agents/llm: the seam between Engram's agents and a language model. */
export type {
  LlmCallRecord,
  LlmContentBlock,
  LlmImageBlock,
  LlmMessage,
  LlmProvider,
  LlmRequest,
  LlmResponse,
  LlmStopReason,
  LlmStreamEvent,
  LlmTextBlock,
  LlmTier,
  LlmTool,
  LlmToolChoice,
  LlmToolResultBlock,
  LlmToolSpec,
  LlmToolUseBlock,
  LlmUsage,
  UsageSink,
} from './types.js';
export { LlmError, type LlmErrorCode } from './llm-error.js';
export { AnthropicProvider, DEFAULT_CHAT_MODEL, DEFAULT_EXTRACTION_MODEL, type AnthropicProviderOptions } from './anthropic-provider.js';
export { OfflineProvider } from './offline-provider.js';
export {
  OpenAiProvider,
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_CHAT_MODEL,
  DEFAULT_OPENAI_EXTRACTION_MODEL,
  isLocalBaseUrl,
  type OpenAiProviderOptions,
} from './openai-provider.js';
export { cutRequests, requestCutter } from './cut-requests.js';
export { runToolLoop, type ToolCallOutcome, type ToolLoopOptions, type ToolLoopResult } from './tool-loop.js';
export { forcedToolCall, type ForcedMiss, type ForcedTool } from './forced-tool-call.js';
export { defineTool, parseToolJson, toolSpec } from './tool-spec.js';
export { costUsd, priceFor, type ModelPrice } from './pricing.js';
export { DEFAULT_RETRY, backoffDelay, type RetryPolicy, type Sleep } from './retry-policy.js';
export { LLM_SETTINGS, LlmProviderNameSchema, type LlmProviderName, type SettingsReader } from './llm-settings.js';
export { documentedWindow, windowFromLlamaCppProps, windowFromModelEntry, windowFromOllamaShow } from './context-window.js';
