import type { Memory, MemoryKind, Provenance } from '../../shared/index.js';
import type { LlmTool } from '../llm/index.js';
import type { BatchAnalysis } from './batch-analysis.js';
import type { BrainStore } from './brain-store.js';
import type { KindPolicy, MemoryDraft } from './memory-draft.js';
import type { MemoryWriter } from './memory-writer.js';
import type { TimeFormatter } from '../../shared/time/index.js';

/** What a sub-agent gets for one batch. */
export interface SubAgentContext {
  store: BrainStore;
  writer: MemoryWriter;
  analysis: BatchAnalysis;
  time: TimeFormatter;
  now: number;
  /** Provenance for the sources the model named (1-based numbers in the batch text); all when omitted. */
  sources(numbers?: number[]): Provenance[];
}

/**
 * One memory kind's agent: its prompt section and tools for LLM mode, its offline extractor and
 * routing rule, and the policy that says when two memories are about the same thing.
 */
export interface SubAgent {
  readonly kind: MemoryKind;
  /** This kind's section of the extraction system prompt (stable text: it is cached). */
  readonly prompt: string;
  readonly policy: KindPolicy;
  /** Offline routing rule: does the batch hold anything for this kind? Cheap. */
  detect(analysis: BatchAnalysis): boolean;
  /** Offline extractor: memories a careful person would keep from the batch. */
  extract(ctx: SubAgentContext): Promise<MemoryDraft[]> | MemoryDraft[];
  /** LLM-mode tools bound to this batch (insert, update/merge, and kind-specific ones). */
  tools(ctx: SubAgentContext): LlmTool[];
  /** Existing memories shown to the model as "already known" so it updates instead of duplicating. */
  known(ctx: SubAgentContext, query: string): Promise<Memory[]>;
}

/**
 * The memories of one kind whose words match the query best (BM25, no passages): what most agents
 * show the model as "already known". None for an empty query.
 */
export async function knownByWords(store: Pick<BrainStore, 'search'>, kind: MemoryKind, query: string, limit: number): Promise<Memory[]> {
  if (!query.trim()) return [];
  return (await store.search({ query, kinds: [kind], limit, mode: 'bm25', passages: false })).map((r) => r.memory);
}

/** Numbers in tool arguments are 1-based source lines of the batch text; reject the rest. */
export function checkSourceNumbers(numbers: number[] | undefined, count: number): void {
  for (const n of numbers ?? []) {
    if (!Number.isInteger(n) || n < 1 || n > count) throw new Error(`source ${n} is not in this batch (1..${count})`);
  }
}
