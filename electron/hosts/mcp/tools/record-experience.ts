import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { immediateTransaction, retryOnBusy } from '../../../../agents/store/index.js';
import { ExperienceOutcomeSchema, type Memory } from '../../../../shared/index.js';
import { ADDS_MEMORY, guarded, type ToolContext } from '../tool-context.js';

export const recordExperienceInput = {
  task: z.string().trim().min(1).max(2000).describe('What was being attempted ("run the test suite on CI").'),
  action: z.string().trim().min(1).max(2000).describe('What was done ("set NODE_OPTIONS=--max-old-space-size=4096").'),
  outcome: ExperienceOutcomeSchema.describe('success, failure or partial.'),
  score: z.number().min(0).max(1).optional().describe('How well it went, 0 to 1 (default: 1 success, 0.5 partial, 0 failure).'),
  reason: z.string().max(4000).optional().describe('Why it worked or failed (the error message, the cause).'),
  context: z.string().max(8000).optional().describe('Anything that helps next time: versions, environment, links.'),
};

export const recordFailureInput = {
  task: recordExperienceInput.task,
  action: z.string().trim().min(1).max(2000).describe('What was tried and failed.'),
  reason: z.string().trim().min(1).max(4000).describe('Why it failed: the error, the symptom.'),
  context: recordExperienceInput.context,
};

export const recordOutput = { id: z.string(), task: z.string(), action: z.string(), outcome: ExperienceOutcomeSchema };

function recorded(m: Memory) {
  return {
    id: m.id,
    task: String(m.fields.task ?? ''),
    action: String(m.fields.action ?? ''),
    outcome: ExperienceOutcomeSchema.parse(m.fields.outcome),
  };
}

/**
 * The app (or the CLI) may be writing at the same moment. The write takes the lock up front
 * (IMMEDIATE: waits out busy_timeout instead of failing on a stale snapshot) and is retried whole
 * if the database stays busy even so.
 */
function write(ctx: ToolContext, fn: () => Memory): Promise<Memory> {
  return retryOnBusy(() => immediateTransaction(ctx.store, fn), { attempts: 6, baseDelayMs: 100 });
}

export function registerRecordExperience(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'record_experience',
    {
      title: 'Record an experience',
      description:
        "Add one task → action → outcome to the user's experience memory, so future sessions (yours and Engram's) can reuse what worked and avoid what did not. Adds a memory; changes nothing else.",
      inputSchema: recordExperienceInput,
      outputSchema: recordOutput,
      annotations: ADDS_MEMORY,
    },
    guarded(ctx, 'record_experience', async (args: { task: string; action: string; outcome: z.infer<typeof ExperienceOutcomeSchema>; score?: number; reason?: string; context?: string }) => {
      const m = await write(ctx, () => ctx.experiences.record(args));
      const r = recorded(m);
      return { text: `Recorded ${r.outcome}: ${r.task} → ${r.action} (${r.id}).`, data: r };
    }),
  );

  server.registerTool(
    'record_failure',
    {
      title: 'Record a failure',
      description: 'Record that an action failed for a task, with the reason, so it is shown as "tried, failed" and never recommended for that task. Adds a memory; changes nothing else.',
      inputSchema: recordFailureInput,
      outputSchema: recordOutput,
      annotations: ADDS_MEMORY,
    },
    guarded(ctx, 'record_failure', async (args: { task: string; action: string; reason: string; context?: string }) => {
      const m = await write(ctx, () => ctx.experiences.recordFailure(args.task, args.action, args.reason, { context: args.context }));
      const r = recorded(m);
      return { text: `Recorded failure: ${r.task} → ${r.action} (${r.id}).`, data: r };
    }),
  );
}
