import { ExperienceOutcomeSchema } from '../../../../shared/index.js';
import { bool, positiveInt, str } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { taskArg } from '../experience-args.js';
import { CliError, type Command } from '../command.js';
import { parseTimePoint } from '../../../../shared/time/index.js';

export const recallCommand: Command = {
  name: 'recall',
  summary: 'past experiences with a task like this one, and the reflections kept for it',
  help: `usage: engram recall [TASK] [--outcome O] [--since WHEN] [--limit N] [--json]

With a TASK: the experiences recorded for tasks like it, most similar first, after the
reflections kept for such tasks. Without: the latest experiences, newest first.
  --outcome O   only success, failure or partial ("failure": what not to try again)
  --since WHEN  without TASK: only experiences since then ("2 days ago", an ISO date)
  --limit N     at most N experiences (default 10)
  --json        {"experiences": [...], "reflections": [...]}`,
  options: { outcome: { type: 'string' }, since: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    const task = taskArg(args, 'recall', false);
    const outcomeRaw = str(args, 'outcome');
    const outcome = outcomeRaw === undefined ? undefined : ExperienceOutcomeSchema.safeParse(outcomeRaw);
    if (outcome && !outcome.success) throw new CliError(`recall: --outcome must be success, failure or partial (got "${outcomeRaw}")`);
    if (task && str(args, 'since') !== undefined) throw new CliError('recall: --since lists the latest experiences; give it without a TASK');
    const since = str(args, 'since') !== undefined ? new Date(parseTimePoint(str(args, 'since')!, '--since')).toISOString() : undefined;
    const limit = positiveInt(args, 'limit', 10, 200);
    return withEngine(ctx, {}, async ({ client }) => {
      const out = task
        ? await client.call('experiences.recall', { task, outcome: outcome?.data, limit })
        : { ...(await client.call('experiences.recent', { outcome: outcome?.data, since, limit })), reflections: [] };
      if (ctx.json || bool(args, 'json')) {
        ctx.io.stdout(JSON.stringify(out) + '\n');
        return 0;
      }
      const lines: string[] = [];
      for (const r of out.reflections) {
        lines.push(`reflection on "${r.task}" (${r.id}, ${r.at.slice(0, 10)})`, ...r.worked.map((w) => `  worked: ${w}`), ...r.failed.map((f) => `  failed: ${f}`), ...(r.note ? [`  note: ${r.note}`] : []));
      }
      for (const e of out.experiences) lines.push(`[${e.outcome}] ${e.task} → ${e.action}${e.reason ? ` (${e.reason})` : ''}  ${e.id} ${e.at.slice(0, 16).replace('T', ' ')}`);
      if (!lines.length) lines.push(task ? 'no experience with a task like this yet' : 'no experiences recorded yet');
      ctx.io.stdout(lines.join('\n') + '\n');
      return 0;
    });
  },
};
