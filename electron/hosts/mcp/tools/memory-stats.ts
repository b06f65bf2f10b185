import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { READ_ONLY, guarded, type ToolContext } from '../tool-context.js';

export const memoryStatsOutput = {
  memories: z.object({
    core: z.number().int(),
    episodic: z.number().int(),
    semantic: z.number().int(),
    procedural: z.number().int(),
    resource: z.number().int(),
    knowledge_vault: z.number().int(),
    experience: z.number().int(),
  }),
  sources: z.object({ frames: z.number().int(), observations: z.number().int(), messages: z.number().int() }),
  newest_memory_at: z.string().nullable(),
  oldest_memory_at: z.string().nullable(),
  storage_bytes: z.object({ database: z.number().int(), frames: z.number().int(), audio: z.number().int() }),
  pending_embeddings: z.number().int(),
};

export function registerMemoryStats(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'memory_stats',
    {
      title: 'Memory statistics',
      description: 'How much Engram remembers: memories per kind, experiences, captured sources, the time span covered, and storage used.',
      inputSchema: {},
      outputSchema: memoryStatsOutput,
      annotations: READ_ONLY,
    },
    guarded(ctx, 'memory_stats', async () => {
      const s = await ctx.client.call('store.stats', {});
      const { frames = 0, observations = 0, messages = 0, core = 0, episodic = 0, semantic = 0, procedural = 0, resource = 0, knowledge_vault = 0, experience = 0 } = s.counts;
      const memories = { core, episodic, semantic, procedural, resource, knowledge_vault, experience };
      const data = {
        memories,
        sources: { frames, observations, messages },
        newest_memory_at: s.newest_memory_at,
        oldest_memory_at: s.oldest_memory_at,
        storage_bytes: { database: s.db_bytes, frames: s.frame_bytes, audio: s.audio_bytes },
        pending_embeddings: s.pending_embeddings,
      };
      const total = Object.values(memories).reduce((a, b) => a + b, 0);
      const text = [
        `${total} memories: ${Object.entries(memories)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
        `sources: ${frames} frames, ${observations} observations, ${messages} chat messages`,
        data.oldest_memory_at ? `span: ${data.oldest_memory_at} to ${data.newest_memory_at}` : 'no memories yet',
        `storage: database ${Math.round(s.db_bytes / 1024)} KiB, frames ${Math.round(s.frame_bytes / 1024)} KiB`,
      ].join('\n');
      return { text, data };
    }),
  );
}
