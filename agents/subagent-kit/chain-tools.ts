import { z } from 'zod';
import type { Memory, MemoryKind } from '../../shared/index.js';
import { DEFAULT_REDACTION, type RedactionSwitches } from '../../shared/redaction/index.js';
import { defineTool, type LlmTool } from '../llm/index.js';
import { scrubForModel } from './secret-scanner.js';
import type { SubAgentContext } from './sub-agent.js';
import { truncate } from './text.js';

/** The tool a chaining agent calls when it is done; the chain ends on it. */
export const FINISH_TOOL = 'finish_memory_update';

/**
 * A memory as a model may see it: vault entries by caption only and high-sensitivity ones not at
 * all (their existence is for the user to reveal); every text scrubbed as for any prompt.
 */
export function modelView(m: Memory, redaction: RedactionSwitches = DEFAULT_REDACTION): Record<string, unknown> | null {
  const scrub = (t: string): string => scrubForModel(t, redaction);
  if (m.kind === 'knowledge_vault') {
    if (m.fields.sensitivity === 'high') return null;
    return { id: m.id, entry_type: String(m.fields.entry_type ?? 'entry'), caption: truncate(scrub(m.text), 200) };
  }
  const view: Record<string, unknown> = { id: m.id, title: truncate(scrub(m.title), 160), text: truncate(scrub(m.text), 400) };
  if (m.details) view.details = truncate(scrub(m.details), 400);
  if (m.occurred_at) view.occurred_at = m.occurred_at;
  if (m.kind === 'core') {
    const limit = typeof m.fields.limit === 'number' ? m.fields.limit : null;
    view.label = m.fields.label;
    view.chars = `${m.text.length}/${limit ?? '?'}`;
  }
  if (m.kind === 'procedural' && m.fields.entry_type) view.entry_type = m.fields.entry_type;
  if (m.kind === 'resource' && typeof m.fields.location === 'string') view.location = truncate(scrub(m.fields.location), 300);
  return view;
}

/**
 * `search_<kind>`: the agent looks at its own memories before it writes (MIRIX). Hybrid search,
 * current memories only, shown as modelView shows them.
 */
export function searchTool(ctx: SubAgentContext, kind: MemoryKind): LlmTool {
  return defineTool({
    name: `search_${kind}`,
    description: `Search the existing ${kind} memories (yours to update). Returns ids you can pass to the update and merge tools.`,
    schema: z.object({
      query: z.string().min(1).max(300).describe('words to look for'),
      limit: z.number().int().min(1).max(10).optional(),
    }),
    run: async (input) => {
      const found =
        kind === 'core'
          ? ctx.store.memories.list({ kinds: ['core'], limit: 50 })
          : (await ctx.store.search({ query: input.query, kinds: [kind], limit: input.limit ?? 5, mode: 'hybrid' })).map((r) => r.memory);
      const views = found.filter((m) => !m.superseded_by).map((m) => modelView(m, ctx.analysis.redaction)).filter((v) => v !== null);
      return views.length ? views : 'no matching memories';
    },
  }) as LlmTool;
}

/** `finish_memory_update`: the agent is done with this batch (having written, updated, merged or skipped). */
export function finishTool(): LlmTool {
  return defineTool({
    name: FINISH_TOOL,
    description: 'Call when this batch needs nothing more from you: after your writes, or right away to skip it.',
    schema: z.object({ summary: z.string().max(500).optional().describe('what you did, or why nothing was needed') }),
    run: () => 'done',
  }) as LlmTool;
}

/** The tool an extraction call uses to ask for another step for some of its kinds (MIRIX's heartbeat). */
export const HEARTBEAT_TOOL = 'request_heartbeat';

/**
 * `request_heartbeat`: offered beside the extraction call's tools. A kind named here gets its own
 * chain after the call (search its memories, then update, merge, insert or skip), within the
 * batch's chaining budget; the kinds are the call's own, nothing else can be asked for.
 */
export function heartbeatTool(kinds: MemoryKind[], requested: Set<MemoryKind>): LlmTool {
  const [first, ...rest] = kinds;
  return defineTool({
    name: HEARTBEAT_TOOL,
    description:
      'Ask for another step for these memory kinds: each then searches its existing memories and updates, merges or adds with its own tools. Use it when the batch may repeat, extend or contradict something already kept that you could not see here.',
    schema: z.object({
      kinds: z.array(z.enum([first ?? 'episodic', ...rest] as [MemoryKind, ...MemoryKind[]])).min(1).max(kinds.length || 1),
      reason: z.string().max(300).optional(),
    }),
    run: (input) => {
      for (const k of input.kinds) requested.add(k);
      return 'another step is granted after this call, budget allowing';
    },
  }) as LlmTool;
}

/**
 * `request_heartbeat` inside a chain (MIRIX: a step's tool calls may ask for another step): offered
 * at every step of a kind's chain, for that kind only. Asked for in the step that reaches the step
 * limit, it grants one more step instead of the "finish now" turn, while the batch's chaining budget
 * allows one; the finish turn still comes after the last step.
 */
export function chainHeartbeatTool(): LlmTool {
  return defineTool({
    name: HEARTBEAT_TOOL,
    description:
      'Ask for one more step after this one when you still have updates, merges or inserts to make: granted while the batch budget allows, even past your step limit. Do not ask when you are done: call finish_memory_update.',
    schema: z.object({ reason: z.string().max(300).optional() }),
    // The chain reads the ask off the step's tool calls (only an ask in the step at the limit counts).
    run: () => 'another step is granted after this one, budget allowing',
  }) as LlmTool;
}
