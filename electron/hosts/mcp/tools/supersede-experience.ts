import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { McpExperienceSchema, UNTRUSTED_NOTE, labelExperience } from '../content-origin.js';
import { SUPERSEDES_MEMORY, guarded, type ToolContext } from '../tool-context.js';

const Id = z.string().min(1).max(128);

export const supersedeExperienceInput = {
  id: Id.describe('The experience that is out of date or was recorded wrongly.'),
  by: Id.describe('The newer experience that replaces it (record it first with record_experience).'),
};

export const supersedeExperienceOutput = { experience: McpExperienceSchema };

export function registerSupersedeExperience(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'supersede_experience',
    {
      title: 'Supersede an experience',
      description:
        'Mark an experience as replaced by a newer one: it stays in history but is left out of recall and recommendations. Deletes nothing. ' + UNTRUSTED_NOTE,
      inputSchema: supersedeExperienceInput,
      outputSchema: supersedeExperienceOutput,
      annotations: SUPERSEDES_MEMORY,
    },
    guarded(ctx, 'supersede_experience', async (args: { id: string; by: string }) => {
      const { experience } = await ctx.client.call('experiences.supersede', args);
      return { text: `Experience ${experience.id} (${experience.task} → ${experience.action}) is superseded by ${args.by}.`, data: { experience: labelExperience(experience) } };
    }),
  );
}
