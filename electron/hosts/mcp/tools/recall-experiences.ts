import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ExperienceView, ReflectionView } from '../../../../shared/api/index.js';
import { ExperienceOutcomeSchema } from '../../../../shared/index.js';
import { experienceLine, reflectionLines } from '../experience-text.js';
import { McpExperienceSchema, McpReflectionSchema, UNTRUSTED_NOTE, labelExperience, labelReflection } from '../content-origin.js';
import { READ_ONLY, guarded, type ToolContext } from '../tool-context.js';

export const recallExperiencesInput = {
  task: z.string().trim().min(1).max(2000).optional().describe('Experiences with tasks like this one, most similar first, with the reflections kept for such tasks. Omit to list the latest experiences.'),
  outcome: ExperienceOutcomeSchema.optional().describe('Only this outcome: "failure" shows what was tried and did not work.'),
  limit: z.number().int().min(1).max(50).default(10).describe('At most this many (default 10).'),
};

export const recallExperiencesOutput = { experiences: z.array(McpExperienceSchema), reflections: z.array(McpReflectionSchema) };

export function registerRecallExperiences(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'recall_experiences',
    {
      title: 'Recall experiences',
      description:
        'Past attempts at tasks (task → action → outcome, with the reason when it failed), and the reflections kept for such tasks (what worked, what failed). Filter to failures to see what not to try again. ' + UNTRUSTED_NOTE,
      inputSchema: recallExperiencesInput,
      outputSchema: recallExperiencesOutput,
      annotations: READ_ONLY,
    },
    guarded(ctx, 'recall_experiences', async (args: { task?: string; outcome?: z.infer<typeof ExperienceOutcomeSchema>; limit: number }) => {
      let experiences: ExperienceView[];
      let reflections: ReflectionView[] = [];
      if (args.task) {
        ({ experiences, reflections } = await ctx.client.call('experiences.recall', { task: args.task, outcome: args.outcome, limit: args.limit }));
      } else {
        // No task: the latest experiences (listing, not ranking: nothing to compare against).
        ({ experiences } = await ctx.client.call('experiences.recent', { outcome: args.outcome, limit: args.limit }));
      }
      const what = args.outcome ? `${args.outcome} ` : '';
      const lines = [
        ...reflections.flatMap(reflectionLines),
        ...(experiences.length ? experiences.map(experienceLine) : [`No ${what}experiences recorded${args.task ? ` for tasks like "${args.task}"` : ''}.`]),
      ];
      return { text: lines.join('\n'), data: { experiences: experiences.map(labelExperience), reflections: reflections.map(labelReflection) } };
    }),
  );
}
