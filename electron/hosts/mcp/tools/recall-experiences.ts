import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ExperienceOutcomeSchema, type Memory } from '../../../../shared/index.js';
import { READ_ONLY, guarded, type ToolContext } from '../tool-context.js';

export const recallExperiencesInput = {
  task: z.string().trim().min(1).max(2000).optional().describe('Experiences with tasks like this one, most similar first. Omit to list the latest experiences.'),
  outcome: ExperienceOutcomeSchema.optional().describe('Only this outcome: "failure" shows what was tried and did not work.'),
  limit: z.number().int().min(1).max(50).default(10).describe('At most this many (default 10).'),
};

const ExperienceSchema = z.object({
  id: z.string(),
  task: z.string(),
  action: z.string(),
  outcome: ExperienceOutcomeSchema,
  score: z.number().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
  relevance: z.number().nullable(),
});
type ExperienceView = z.infer<typeof ExperienceSchema>;

export const recallExperiencesOutput = { experiences: z.array(ExperienceSchema) };

function fromMemory(m: Memory): ExperienceView | null {
  const outcome = ExperienceOutcomeSchema.safeParse(m.fields.outcome);
  if (!outcome.success) return null;
  return {
    id: m.id,
    task: String(m.fields.task ?? m.title),
    action: String(m.fields.action ?? ''),
    outcome: outcome.data,
    score: typeof m.fields.score === 'number' ? m.fields.score : null,
    reason: typeof m.fields.reason === 'string' ? m.fields.reason : null,
    at: m.occurred_at ?? m.created_at,
    relevance: null,
  };
}

export function registerRecallExperiences(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'recall_experiences',
    {
      title: 'Recall experiences',
      description: 'Past attempts at tasks (task → action → outcome, with the reason when it failed). Filter to failures to see what not to try again.',
      inputSchema: recallExperiencesInput,
      outputSchema: recallExperiencesOutput,
      annotations: READ_ONLY,
    },
    guarded(ctx, 'recall_experiences', async (args: { task?: string; outcome?: z.infer<typeof ExperienceOutcomeSchema>; limit: number }) => {
      let list: ExperienceView[];
      if (args.task) {
        const recalled = await ctx.experiences.recall(args.task, { limit: 200 });
        list = recalled
          .filter((r) => !args.outcome || r.outcome === args.outcome)
          .map((r) => ({
            id: r.memory.id,
            task: r.task,
            action: r.action,
            outcome: r.outcome,
            score: r.score,
            reason: r.reason,
            at: new Date(r.at).toISOString(),
            relevance: Number(r.relevance.toFixed(3)),
          }));
      } else {
        // No task: the latest experiences (listing, not ranking: nothing to compare against).
        // The window's Experiences tab, newest first.
        const { items } = await ctx.client.call('memories.list', { tab: 'experience', limit: args.outcome ? 500 : args.limit });
        list = items
          .map(fromMemory)
          .filter((e): e is ExperienceView => e !== null && (!args.outcome || e.outcome === args.outcome));
      }
      const experiences = list.slice(0, args.limit);
      const what = args.outcome ? `${args.outcome} ` : '';
      const text = experiences.length
        ? experiences
            .map((e) => `- [${e.outcome}] ${e.task} → ${e.action}${e.reason ? ` (${e.reason})` : ''} — ${e.id}, ${e.at.slice(0, 16).replace('T', ' ')}`)
            .join('\n')
        : `No ${what}experiences recorded${args.task ? ` for tasks like "${args.task}"` : ''}.`;
      return { text, data: { experiences } };
    }),
  );
}
