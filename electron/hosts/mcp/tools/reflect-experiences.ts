import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { GroupBySchema } from '../../../../shared/api/index.js';
import { McpReflectionSchema, UNTRUSTED_NOTE, labelReflection } from '../content-origin.js';
import { reflectionLines } from '../experience-text.js';
import { ADDS_MEMORY, guarded, type ToolContext } from '../tool-context.js';

export const reflectExperiencesInput = {
  task: z.string().trim().min(1).max(2000).describe('The task family to reflect on ("deploying the web app", "fixing flaky CI").'),
  note: z.string().trim().max(4000).optional().describe('Your own lesson to keep with it ("certbot needs port 80 free").'),
  group_by: GroupBySchema.default('text').describe('"meaning": differently worded versions of one action are counted together.'),
};

export const reflectExperiencesOutput = { reflection: McpReflectionSchema, superseded: z.string().nullable() };

export function registerReflectExperiences(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'reflect_experiences',
    {
      title: 'Reflect on experiences',
      description:
        'Read the experiences with tasks like this one and keep a reflection: what worked (with its record), what failed (with the reason), and your note. recall_experiences shows it from then on; a newer reflection on the same task family supersedes the older one. ' + UNTRUSTED_NOTE,
      inputSchema: reflectExperiencesInput,
      outputSchema: reflectExperiencesOutput,
      annotations: ADDS_MEMORY,
    },
    guarded(ctx, 'reflect_experiences', async (args: { task: string; note?: string; group_by: z.infer<typeof GroupBySchema> }) => {
      const { reflection, superseded } = await ctx.client.call('experiences.reflect', args);
      const lines = [...reflectionLines(reflection), ...(superseded ? [`(supersedes the earlier reflection ${superseded})`] : [])];
      return { text: lines.join('\n'), data: { reflection: labelReflection(reflection), superseded } };
    }),
  );
}
