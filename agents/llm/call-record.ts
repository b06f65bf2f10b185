import type { LlmContentBlock, LlmResponse, LlmStopReason, LlmToolUseBlock, LlmUsage, UsageSink } from './types.js';

/** A reply as the seam returns it: the blocks, their text joined, the tool calls apart. */
export function responseOf(model: string, content: LlmContentBlock[], stopReason: LlmStopReason, usage: LlmUsage, costUsd: number): LlmResponse {
  return {
    model,
    content,
    text: content.map((b) => (b.type === 'text' ? b.text : '')).join(''),
    toolUses: content.filter((b): b is LlmToolUseBlock => b.type === 'tool_use'),
    stopReason,
    usage,
    costUsd,
  };
}

/** One call's tokens and cost to the sink (store.llmCalls); returns the cost. */
export function recordCall(sink: UsageSink | undefined, call: { at: number; model: string; purpose: string; usage: LlmUsage; costUsd: number }): number {
  try {
    sink?.record({ at: call.at, model: call.model, purpose: call.purpose, ...call.usage, cost_usd: call.costUsd });
  } catch {
    // Accounting must never break a reply (e.g. the store closed while a stream finished).
  }
  return call.costUsd;
}
