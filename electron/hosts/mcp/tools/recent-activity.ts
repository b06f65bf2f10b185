import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Memory } from '../../../../shared/index.js';
import { McpMemorySchema, mcpMemory, memoryLine } from '../memory-view.js';
import { UNTRUSTED_NOTE } from '../content-origin.js';
import { parseTimeWindow, timeWindowJson } from '../../../../shared/time/index.js';
import { READ_ONLY, guarded, memoryOrigins, type ToolContext } from '../tool-context.js';

const DAY = 86_400_000;
/** Events that began up to this long before the window but ran into it still count. */
const LOOKBACK = 6 * 3_600_000;

export const recentActivityInput = {
  time_range: z.string().max(200).optional().describe('A span in words ("today", "yesterday afternoon", "last 3 hours") or an ISO interval "start/end". Default: the last 24 hours.'),
  since: z.string().max(200).optional().describe('Start: ISO 8601 or words.'),
  until: z.string().max(200).optional().describe('End: ISO 8601 or words.'),
  app: z.string().max(200).optional().describe('Only activity in this app.'),
  limit: z.number().int().min(1).max(200).default(30).describe('At most this many events (default 30), the latest kept.'),
};

export const recentActivityOutput = {
  time_window: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  events: z.array(McpMemorySchema),
};

const start = (m: Memory) => Date.parse(m.occurred_at ?? m.created_at);
const end = (m: Memory) => (m.ended_at ? Date.parse(m.ended_at) : start(m));

export function registerRecentActivity(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'recent_activity',
    {
      title: 'Recent activity',
      description: 'What the user did in a window of time (episodic memories: apps, documents, tasks), in time order. Default: the last 24 hours. ' + UNTRUSTED_NOTE,
      inputSchema: recentActivityInput,
      outputSchema: recentActivityOutput,
      annotations: READ_ONLY,
    },
    guarded(ctx, 'recent_activity', async (args: { time_range?: string; since?: string; until?: string; app?: string; limit: number }) => {
      const now = ctx.now();
      const w = parseTimeWindow(args, now);
      const from = w?.from ?? now.getTime() - DAY;
      const to = w?.to ?? now.getTime();
      const iso = (ms: number) => new Date(ms).toISOString();
      const { items: rows } = await ctx.client.call('memories.list', { tab: 'episodic', since: iso(from - LOOKBACK), until: iso(to), app: args.app, limit: Math.min(args.limit * 4, 500) });
      const inWindow = rows.filter((m) => end(m) >= from && start(m) <= to).slice(0, args.limit);
      const origin = await memoryOrigins(ctx, inWindow.map((m) => m.id));
      const events = inWindow.reverse().map((m) => mcpMemory(m, origin(m.id)));
      const window = timeWindowJson({ from, to })!;
      const text = events.length
        ? `${events.length} event${events.length === 1 ? '' : 's'} from ${window.from} to ${window.to}:\n${events.map((e) => `- ${memoryLine(e)}`).join('\n')}`
        : `No recorded activity between ${window.from} and ${window.to}.`;
      return { text, data: { time_window: window, events } };
    }),
  );
}
