import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { MemoryKindSchema } from '../../../../shared/index.js';
import { McpMemorySchema, mcpMemory, memoryLine } from '../memory-view.js';
import { TrustLabelSchema, UNTRUSTED_NOTE, trustLabel } from '../content-origin.js';
import { parseTimeWindow, timeWindowJson } from '../../../../shared/time/index.js';
import { READ_ONLY, guarded, memoryOrigins, recordRead, type ToolContext } from '../tool-context.js';

const TimeText = z.string().max(200);

export const searchMemoryInput = {
  query: z.string().trim().min(1).max(1000).describe('What to look for, in words: a topic, a name, a question.'),
  kinds: z
    .array(MemoryKindSchema)
    .max(6)
    .optional()
    .describe('Only these kinds: core, episodic (events), semantic (facts), procedural (how-tos, experiences), resource (documents, links), knowledge_vault.'),
  time_range: TimeText.optional().describe('A span in words ("yesterday", "last week", "this morning", "in March") or an ISO interval "start/end".'),
  since: TimeText.optional().describe('Only memories at or after this time: ISO 8601 or words ("3 days ago").'),
  until: TimeText.optional().describe('Only memories at or before this time: ISO 8601 or words.'),
  app: z.string().max(200).optional().describe('Only memories from this app (e.g. "Keynote").'),
  limit: z.number().int().min(1).max(50).default(10).describe('At most this many results (1-50, default 10).'),
};

export const searchMemoryOutput = {
  results: z.array(
    z.object({
      memory: McpMemorySchema,
      score: z.number(),
      /** Screen text behind the memory that matched, whole, matched words marked **like this**; with where and when it was seen. */
      passages: z
        .array(z.object({ marked: z.string(), seen_at: z.string(), window_title: z.string().nullable(), app: z.string().nullable(), ...TrustLabelSchema }))
        .optional(),
    }),
  ),
  time_window: z.object({ from: z.string().nullable(), to: z.string().nullable() }).nullable(),
};

export function registerSearchMemory(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'search_memory',
    {
      title: 'Search memory',
      description:
        "Search what Engram remembers about the user's work: what they saw on screen, did, and said (keywords and meaning, newest and most used first). Knowledge-vault secrets are never returned. " + UNTRUSTED_NOTE,
      inputSchema: searchMemoryInput,
      outputSchema: searchMemoryOutput,
      annotations: READ_ONLY,
    },
    guarded(ctx, 'search_memory', async (args: { query: string; kinds?: z.infer<typeof MemoryKindSchema>[]; time_range?: string; since?: string; until?: string; app?: string; limit: number }) => {
      const now = ctx.now();
      const window = parseTimeWindow(args, now);
      const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? undefined : new Date(ms).toISOString());
      const { results: hits } = await ctx.client.call('memories.search', {
        query: args.query,
        kinds: args.kinds?.length ? args.kinds : undefined,
        since: iso(window?.from),
        until: iso(window?.to),
        app: args.app,
        limit: args.limit,
      });
      await recordRead(ctx, hits.map((h) => h.memory.id));
      const origin = await memoryOrigins(ctx, hits.map((h) => h.memory.id));
      const results = hits.map((h) => ({
        memory: mcpMemory(h.memory, origin(h.memory.id)),
        score: Number(h.score.toFixed(4)),
        ...(h.passages?.length
          ? { passages: h.passages.map((p) => ({ marked: p.marked, seen_at: p.seen_at, window_title: p.window_title, app: p.app, ...trustLabel('screen') })) }
          : {}),
      }));
      const text = results.length
        ? results
            .map((r, i) => `${i + 1}. ${memoryLine(r.memory)}${(r.passages ?? []).map((p) => `\n   matched on screen: ${p.marked.replace(/\s+/g, ' ').slice(0, 600)}`).join('')}`)
            .join('\n')
        : `No memories match "${args.query}"${window ? ' in that time window' : ''}.`;
      return { text, data: { results, time_window: timeWindowJson(window) } };
    }),
  );
}
