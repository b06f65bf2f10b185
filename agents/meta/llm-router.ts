import { z } from 'zod';
import { MEMORY_KINDS, MemoryKindSchema, type MemoryKind } from '../../shared/index.js';
import { forcedToolCall, type LlmProvider } from '../llm/index.js';
import { OBSERVED_RULE } from '../subagent-kit/index.js';
import { missFailure } from './model-fallback.js';

export const ROUTER_PROMPT = `You are the meta-agent of Engram, a local-first memory assistant. You receive a batch of what the
user saw on screen, heard, or said in chat, and decide which memory agents should process it. Call
route_memories exactly once.

Memory kinds:
- core: lasting facts about the user (name, home, work, preferences) and standing instructions for the assistant.
- episodic: time-stamped events — what the user did, in which app, when. Almost every batch has one.
- semantic: facts about people, organisations, projects, concepts (not tied to a moment).
- procedural: how-to steps, workflows, and experiences (attempts, errors, fixes — tool calls especially).
- resource: documents, files, links, code the user worked with.
- knowledge_vault: contact details, account identifiers, and secrets (shown only as [redacted:KIND] markers).

When unsure whether a kind applies, include it: a missed memory costs more than an extra look.

${OBSERVED_RULE}`;

export const ROUTE_TOOL = {
  name: 'route_memories',
  description: 'Pick the memory agents that should process this batch.',
  schema: z.object({
    kinds: z.array(MemoryKindSchema).max(MEMORY_KINDS.length).describe('memory kinds to update; empty if nothing is worth remembering'),
    reason: z.string().max(500).optional(),
  }),
};

/**
 * One routing call (cheap model, forced tool). Invalid arguments are sent back once; then, or when
 * the model answers in prose or refuses, it throws a ModelFailure (the batch goes to the rules).
 */
export async function routeWithLlm(llm: LlmProvider, batchText: string, signal?: AbortSignal): Promise<{ kinds: MemoryKind[]; reason: string }> {
  const picked = await forcedToolCall(
    llm,
    { purpose: 'routing', tier: 'extraction', system: ROUTER_PROMPT, messages: [{ role: 'user', content: batchText }], maxTokens: 300, signal },
    { ...ROUTE_TOOL, accept: (input) => ({ kinds: [...new Set(input.kinds)], reason: input.reason ?? '' }) },
    missFailure('routing'),
  );
  // missFailure threw for every miss; null is left only for a type checker that cannot see it.
  if (!picked) throw new Error('the model did not route the batch');
  return picked;
}
