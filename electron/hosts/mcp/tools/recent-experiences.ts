import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ExperienceOutcomeSchema } from '../../../../shared/index.js';
import { parseTimePoint } from '../../../../shared/time/index.js';
import { experienceLine } from '../experience-text.js';
import { McpExperienceSchema, UNTRUSTED_NOTE, labelExperience } from '../content-origin.js';
import { READ_ONLY, guarded, type ToolContext } from '../tool-context.js';

export const recentExperiencesInput = {
  since: z.string().max(200).optional().describe('Only experiences at or after this time: ISO 8601 or words ("2 days ago", "yesterday").'),
  outcome: ExperienceOutcomeSchema.optional().describe('Only this outcome (success, failure or partial).'),
  limit: z.number().int().min(1).max(50).default(10).describe('At most this many (default 10).'),
};

export const recentExperiencesOutput = { experiences: z.array(McpExperienceSchema) };

export function registerRecentExperiences(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'recent_experiences',
    {
      title: 'Recent experiences',
      description: "The latest experiences recorded (by you, other agents, Engram itself), newest first: what was tried lately and how it went. Superseded ones are left out. " + UNTRUSTED_NOTE,
      inputSchema: recentExperiencesInput,
      outputSchema: recentExperiencesOutput,
      annotations: READ_ONLY,
    },
    guarded(ctx, 'recent_experiences', async (args: { since?: string; outcome?: z.infer<typeof ExperienceOutcomeSchema>; limit: number }) => {
      const since = args.since === undefined ? undefined : new Date(parseTimePoint(args.since, 'since', ctx.now())).toISOString();
      const { experiences } = await ctx.client.call('experiences.recent', { since, outcome: args.outcome, limit: args.limit });
      const text = experiences.length ? experiences.map(experienceLine).join('\n') : `No ${args.outcome ? `${args.outcome} ` : ''}experiences recorded${args.since ? ` since ${args.since}` : ''}.`;
      return { text, data: { experiences: experiences.map(labelExperience) } };
    }),
  );
}
