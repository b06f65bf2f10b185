import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ApiCallError, type ProvenanceDetail } from '../../../../shared/api/index.js';
import { McpMemorySchema, mcpMemory, memoryLine } from '../memory-view.js';
import { TrustLabelSchema, UNTRUSTED_NOTE, originOf, trustLabel } from '../content-origin.js';
import { READ_ONLY, guarded, recordRead, type ToolContext } from '../tool-context.js';
import { ToolError } from '../tool-error.js';

export const getMemoryInput = {
  id: z
    .string()
    .regex(/^mem_[0-9a-z]{26}$/, 'a memory id looks like mem_ followed by 26 letters and digits')
    .describe('The memory id, as returned by search_memory or recent_activity (mem_…).'),
  include_history: z.boolean().default(false).describe('Also return earlier versions of the memory and why each changed.'),
};

const SourceSchema = z.object({
  source_type: z.enum(['frame', 'observation', 'message', 'audio']),
  source_id: z.string(),
  /** False when the source was deleted or recycled since (the memory stays). */
  available: z.boolean(),
  at: z.string().nullable(),
  app: z.string().nullable(),
  title: z.string().nullable(),
  excerpt: z.string().nullable(),
  ...TrustLabelSchema,
});

export const getMemoryOutput = {
  memory: McpMemorySchema,
  sources: z.array(SourceSchema),
  history: z.array(z.object({ version: z.number().int(), changed_at: z.string(), reason: z.string(), title: z.string(), text: z.string(), ...TrustLabelSchema })).optional(),
};

const excerpt = (s: string) => (s.length > 300 ? `${s.slice(0, 299)}…` : s);

/** Where a memory came from, as the window resolves it: the screen (frame, OCR observation), a chat message, or audio. Pixels never leave. */
function describeSource(p: ProvenanceDetail): z.infer<typeof SourceSchema> {
  const label = trustLabel(originOf([p.source_type]));
  if (p.missing) return { source_type: p.source_type, source_id: p.source_id, available: false, at: null, app: null, title: null, excerpt: null, ...label };
  return { source_type: p.source_type, source_id: p.source_id, available: true, at: p.at, app: p.app, title: p.title, excerpt: p.excerpt ? excerpt(p.excerpt) : null, ...label };
}

export function registerGetMemory(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'get_memory',
    {
      title: 'Get a memory',
      description: 'One memory by id, in full, with its sources (the screen observation or chat message it was learned from) and optionally its earlier versions. ' + UNTRUSTED_NOTE,
      inputSchema: getMemoryInput,
      outputSchema: getMemoryOutput,
      annotations: READ_ONLY,
    },
    guarded(ctx, 'get_memory', async (args: { id: string; include_history: boolean }) => {
      const found = await ctx.client.request('memories.get', { id: args.id });
      if (!found.ok && found.error.code === 'NOT_FOUND') throw new ToolError(`no memory ${args.id} (it may have been forgotten)`);
      if (!found.ok) throw new ApiCallError(found.error);
      const { memory: m, provenance, history: versions } = found.output;
      await recordRead(ctx, [m.id]);
      const memory = mcpMemory(m, originOf(provenance.map((p) => p.source_type)), { detailsMax: 20_000 });
      const sources = provenance.map(describeSource);
      const data: Record<string, unknown> = { memory, sources };
      const lines = [memoryLine(memory)];
      if (memory.details) lines.push('', memory.details);
      lines.push('', sources.length ? 'Sources:' : 'Sources: none recorded.');
      for (const s of sources) lines.push(`- ${s.source_type} ${s.source_id}${s.available ? ` at ${s.at}${s.app ? ` in ${s.app}` : ''}${s.title ? ` "${s.title}"` : ''}${s.excerpt ? `: ${s.excerpt.replace(/\s+/g, ' ')}` : ''}` : ' (no longer kept)'}`);
      if (args.include_history) {
        // An earlier version came from the same sources as the memory: the same label.
        const label = trustLabel(memory.content_origin);
        const history = versions.map((h) => ({ version: h.version, changed_at: h.changed_at, reason: h.reason, title: h.snapshot.title, text: h.snapshot.text, ...label }));
        data.history = history;
        lines.push('', history.length ? 'Earlier versions:' : 'No earlier versions.');
        for (const h of history) lines.push(`- v${h.version} (${h.changed_at}, ${h.reason}): ${h.title ? `${h.title}: ` : ''}${h.text}`);
      }
      const text = lines.join('\n');
      return { text, data };
    }),
  );
}
