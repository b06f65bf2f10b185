import { z } from 'zod';
import type { Memory, MemoryKind } from '../../shared/index.js';
import { defineTool, type LlmTool } from '../llm/index.js';
import type { MemoryPatch } from '../memory/index.js';
import type { KindPolicy, MemoryDraft } from './memory-draft.js';
import { checkSourceNumbers, type SubAgentContext } from './sub-agent.js';

/** Source numbers the model may cite: 1-based lines of the batch as shown in the prompt. */
export const SourcesArg = z.array(z.number().int().positive()).max(200).optional().describe('numbers of the batch items this comes from; omit for all');

/**
 * `<kind>_save`: the model proposes a memory; the writer merges it into an existing one about the
 * same thing or inserts it. Returns what happened so the model (and the tests) can see it.
 */
export function saveTool<S extends z.ZodObject>(
  ctx: SubAgentContext,
  policy: KindPolicy,
  opts: { name: string; description: string; schema: S; toDraft: (input: z.infer<S>) => Omit<MemoryDraft, 'provenance'> },
): LlmTool {
  return defineTool({
    name: opts.name,
    description: opts.description,
    schema: opts.schema,
    run: async (input) => {
      const sources = (input as { sources?: number[] }).sources;
      checkSourceNumbers(sources, ctx.analysis.sources.length);
      const draft: MemoryDraft = { ...opts.toDraft(input), provenance: ctx.sources(sources) };
      const out = await ctx.writer.upsert(draft, policy);
      return { op: out.op, id: out.id, ...(out.superseded ? { superseded: out.superseded } : {}) };
    },
  }) as LlmTool;
}

/** `<kind>_update`: change an existing memory by id (the previous version stays in history). */
export function updateTool<S extends z.ZodObject>(
  ctx: SubAgentContext,
  kind: MemoryKind,
  opts: { name: string; description: string; schema: S; toPatch: (input: z.infer<S>, existing: Memory) => MemoryPatch },
): LlmTool {
  return defineTool({
    name: opts.name,
    description: opts.description,
    schema: opts.schema,
    run: (input) => {
      const { id, reason, sources } = input as { id: string; reason?: string; sources?: number[] };
      const existing = ctx.store.memories.get(id, { reveal: kind === 'knowledge_vault' });
      if (!existing || existing.kind !== kind) throw new Error(`no ${kind} memory with id ${id}`);
      checkSourceNumbers(sources, ctx.analysis.sources.length);
      const m = ctx.writer.update(id, opts.toPatch(input, existing), reason ?? `updated by the ${kind} agent`, ctx.sources(sources));
      return { op: 'update', id: m.id, version: m.version };
    },
  }) as LlmTool;
}

/** Fields every update tool takes. */
export const UpdateBase = {
  id: z.string().min(1).max(100),
  reason: z.string().min(1).max(300).describe('why it changed, kept in the history'),
  sources: SourcesArg,
};

export const IsoTimeArg = z.string().datetime({ offset: true });
export const toMs = (iso: string | undefined | null): number | undefined => (iso ? Date.parse(iso) : undefined);
