/**
 * agents/subagent-kit: what the six memory sub-agents share — the batch they read, the writer that
 * deduplicates and records provenance, the SubAgent interface, tool helpers and text helpers.
 */
export type { BrainStore } from './brain-store.js';
export type { FlushReason, MessageBatch, ObservationBatch, SourceBatch } from './source-batch.js';
export { batchProvenance, batchSourceIds, batchSpan, observationProvenance } from './source-batch.js';
export { BatchAnalysis, type BatchSource } from './batch-analysis.js';
export { ALWAYS_REFUSED, ALWAYS_REFUSED_OTHER, E, W, addressedOrder, addressedOrderAt, foldForOrders, ordersMatch, other } from './assistant-orders.js';
export type { KindPolicy, MemoryDraft, Relation, WriteOutcome } from './memory-draft.js';
export { MemoryWriter, type MemoryWriterOptions } from './memory-writer.js';
export { checkSourceNumbers, knownByWords, type SubAgent, type SubAgentContext } from './sub-agent.js';
export { IsoTimeArg, SourcesArg, UpdateBase, mergeTool, saveTool, toMs, updateTool } from './common-tools.js';
export { chainHeartbeatTool, FINISH_TOOL, HEARTBEAT_TOOL, finishTool, heartbeatTool, modelView, searchTool } from './chain-tools.js';
export { CORE_NEAR_LIMIT, TOUCH_COVERAGE, touchedMemories, touches } from './batch-touch.js';
export { ChainBudget, DEFAULT_MAX_CHAINING_STEPS, chainSystemPrompt, runMemoryChain, type ChainInput, type ChainResult } from './memory-chain.js';
export {
  contentTokens,
  coverage,
  jaccard,
  normalizeText,
  oneLine,
  stem,
  truncate,
  uniqueLines,
} from './text.js';
// Quoting observed text to a model is shared: chat's prompt quotes memories the same way.
export { OBSERVED_CLOSE, OBSERVED_OPEN, OBSERVED_RULE, defuseDelimiters, quoteObserved } from '../../shared/memory/index.js';
export { findSecrets, luhnValid, scrubForModel, scrubSecrets, type FoundSecret } from './secret-scanner.js';
