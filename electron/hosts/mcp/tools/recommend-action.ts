import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ActionStats } from '../../../../agents/experience/index.js';
import { READ_ONLY, guarded, type ToolContext } from '../tool-context.js';

export const recommendActionInput = {
  task: z.string().trim().min(1).max(2000).describe('The task about to be attempted, in words ("start the vite dev server", "deploy the staging site").'),
};

const ActionStatsSchema = z.object({
  action: z.string(),
  confidence: z.number(),
  successes: z.number(),
  failures: z.number(),
  experience_ids: z.array(z.string()),
});

export const recommendActionOutput = {
  recommendation: ActionStatsSchema.extend({ alternatives: z.array(ActionStatsSchema), tried_failed: z.array(ActionStatsSchema) }).nullable(),
};

const stats = (s: ActionStats) => ({ action: s.action, confidence: s.confidence, successes: s.successes, failures: s.failures, experience_ids: s.experience_ids });
const count = (n: number, one: string) => `${Number(n.toFixed(2))} ${one}${n === 1 ? '' : 's'}`;

export function registerRecommendAction(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'recommend_action',
    {
      title: 'Recommend an action',
      description:
        "The action that worked best for tasks like this one before, from the user's recorded experiences, with a conservative confidence (lower bound of its success rate: 9 of 10 beats a lucky 1 of 1). Actions that only ever failed are listed as tried-and-failed, never recommended.",
      inputSchema: recommendActionInput,
      outputSchema: recommendActionOutput,
      annotations: READ_ONLY,
    },
    guarded(ctx, 'recommend_action', async (args: { task: string }) => {
      const r = await ctx.experiences.recommend(args.task);
      if (!r) {
        return { text: `No recorded experience recommends an action for "${args.task}" yet.`, data: { recommendation: null } };
      }
      const lines = [
        `Recommended: ${r.action}`,
        `confidence ${r.confidence.toFixed(2)} (${count(r.successes, 'success')}, ${count(r.failures, 'failure')}; experiences ${r.experience_ids.join(', ')})`,
      ];
      for (const a of r.alternatives) lines.push(`Also worked: ${a.action} (confidence ${a.confidence.toFixed(2)}, ${count(a.successes, 'success')}, ${count(a.failures, 'failure')})`);
      for (const f of r.tried_failed) lines.push(`Tried, failed: ${f.action} (${count(f.failures, 'failure')})`);
      return {
        text: lines.join('\n'),
        data: { recommendation: { ...stats(r), alternatives: r.alternatives.map(stats), tried_failed: r.tried_failed.map(stats) } },
      };
    }),
  );
}
