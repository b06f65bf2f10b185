import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ExperienceOutcomeSchema } from '../../../../shared/index.js';
import { ADDS_MEMORY, guarded, type ToolContext } from '../tool-context.js';

const Id = z.string().min(1).max(128);

export const recordExperienceInput = {
  task: z.string().trim().min(1).max(2000).describe('What was being attempted ("run the test suite on CI").'),
  action: z.string().trim().min(1).max(2000).describe('What was done ("set NODE_OPTIONS=--max-old-space-size=4096").'),
  outcome: ExperienceOutcomeSchema.describe('success, failure or partial.'),
  score: z.number().min(0).max(1).optional().describe('How well it went, 0 to 1 (default: 1 success, 0.5 partial, 0 failure).'),
  reason: z.string().max(4000).optional().describe('Why it worked or failed (the error message, the cause).'),
  context: z.string().max(8000).optional().describe('Anything that helps next time: versions, environment, links.'),
  supersedes: Id.optional().describe('The id of an older experience this one replaces (e.g. it was recorded wrongly): kept in history, left out of recall and recommendations.'),
};

export const recordFailureInput = {
  task: recordExperienceInput.task,
  action: z.string().trim().min(1).max(2000).describe('What was tried and failed.'),
  reason: z.string().trim().min(1).max(4000).describe('Why it failed: the error, the symptom.'),
  context: recordExperienceInput.context,
  supersedes: recordExperienceInput.supersedes,
};

export const recordOutput = { id: z.string(), task: z.string(), action: z.string(), outcome: ExperienceOutcomeSchema, superseded: z.string().nullable() };

type RecordArgs = { task: string; action: string; outcome: z.infer<typeof ExperienceOutcomeSchema>; score?: number; reason?: string; context?: string; supersedes?: string };

/**
 * Who is recording, as `mcp:<name>` from the client's initialize handshake (a name the client
 * chose, so recommend caps all MCP records together, not per name). Control characters and
 * length are trimmed: it is shown to the user and to other agents.
 */
export function recordedBy(server: McpServer): string {
  const raw = server.server.getClientVersion()?.name ?? '';
  const name = raw.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
  return `mcp:${name || 'unnamed client'}`;
}

/** Both tools call experiences.record: one write path (its lock, its retries, its checks) for every host. */
async function record(ctx: ToolContext, args: RecordArgs, by: string) {
  const { experience: e, superseded } = await ctx.client.call('experiences.record', { ...args, recorded_by: by });
  const data = { id: e.id, task: e.task, action: e.action, outcome: e.outcome, superseded };
  const replaced = superseded ? `; ${superseded} is superseded by it` : '';
  return { text: `Recorded ${e.outcome}: ${e.task} → ${e.action} (${e.id}${replaced}).`, data };
}

export function registerRecordExperience(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'record_experience',
    {
      title: 'Record an experience',
      description:
        "Add one task → action → outcome to the user's experience memory, so future sessions (yours and Engram's) can reuse what worked and avoid what did not. It is kept as recorded by you (mcp:<your client name>); records from other agents count together as at most 3 experiences per action in recommendations. Adds a memory; with supersedes, marks the older one replaced (kept in history).",
      inputSchema: recordExperienceInput,
      outputSchema: recordOutput,
      annotations: ADDS_MEMORY,
    },
    guarded(ctx, 'record_experience', async (args: RecordArgs) => record(ctx, args, recordedBy(server))),
  );

  server.registerTool(
    'record_failure',
    {
      title: 'Record a failure',
      description:
        'Record that an action failed for a task, with the reason, so it is shown as "tried, failed" and never recommended for that task. Adds a memory; with supersedes, marks the older one replaced (kept in history).',
      inputSchema: recordFailureInput,
      outputSchema: recordOutput,
      annotations: ADDS_MEMORY,
    },
    guarded(ctx, 'record_failure', async (args: Omit<RecordArgs, 'outcome' | 'score'>) => record(ctx, { ...args, outcome: 'failure' }, recordedBy(server))),
  );
}
