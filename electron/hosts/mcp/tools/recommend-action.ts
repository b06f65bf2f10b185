import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { GroupBySchema } from '../../../../shared/api/index.js';
import { McpRecommendationSchema, UNTRUSTED_NOTE, labelRecommendation } from '../content-origin.js';
import { recommendationLines } from '../experience-text.js';
import { READ_ONLY, guarded, type ToolContext } from '../tool-context.js';

export const recommendActionInput = {
  task: z.string().trim().min(1).max(2000).describe('The task about to be attempted, in words ("start the vite dev server", "deploy the staging site").'),
  explore: z
    .boolean()
    .default(false)
    .describe('Explore instead of playing safe: pick by Thompson sampling from each action’s success posterior, so a promising but little-tried action gets a chance.'),
  seed: z.number().int().min(0).max(4294967295).optional().describe('With explore: a seed, to make the draw repeatable.'),
  weight_by_relevance: z.boolean().default(true).describe('Experiences with tasks closer to this one weigh more in the ranking (default true; false counts every similar task alike).'),
  group_by: GroupBySchema.default('text').describe('"meaning": differently worded versions of one action share their evidence; "text" (default): exact wording.'),
};

export const recommendActionOutput = { recommendation: McpRecommendationSchema.nullable(), half_life_days: z.number().nullable() };

type Args = { task: string; explore: boolean; seed?: number; weight_by_relevance: boolean; group_by: z.infer<typeof GroupBySchema> };

export function registerRecommendAction(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'recommend_action',
    {
      title: 'Recommend an action',
      description:
        "The action that worked best for tasks like this one before, from the user's recorded experiences, with a conservative confidence (lower bound of its success rate: 9 of 10 beats a lucky 1 of 1). Actions that only ever failed are listed as tried-and-failed, never recommended. Counts are exact; Engram's half-life setting only changes the ranking. " + UNTRUSTED_NOTE,
      inputSchema: recommendActionInput,
      outputSchema: recommendActionOutput,
      annotations: READ_ONLY,
    },
    guarded(ctx, 'recommend_action', async (args: Args) => {
      const { recommendation: r, half_life_days } = await ctx.client.call('experiences.recommend', args);
      if (!r) {
        return { text: `No recorded experience recommends an action for "${args.task}" yet.`, data: { recommendation: null, half_life_days } };
      }
      return { text: recommendationLines(r, half_life_days).join('\n'), data: { recommendation: labelRecommendation(r), half_life_days } };
    }),
  );
}
