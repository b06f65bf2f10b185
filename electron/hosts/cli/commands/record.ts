import { ExperienceRecordInputSchema } from '../../../../shared/api/index.js';
import { ExperienceOutcomeSchema } from '../../../../shared/index.js';
import { bool, str } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';

export const recordCommand: Command = {
  name: 'record',
  summary: 'record what you tried for a task and how it went',
  help: `usage: engram record --task T --action A --outcome success|failure|partial [--reason R] [--score S] [--supersedes ID] [--json]

Keeps one experience: for a task, the action taken and its outcome. Failures are worth recording
too (with --reason): "engram recommend" never suggests an action that only failed.
  --task T         what you were trying to do ("deploy the web app")
  --action A       what you did ("run make deploy")
  --outcome O      success, failure or partial
  --reason R       why it failed, or what made it work
  --score S        how well it went, 0 to 1 (default: 1 success, 0 failure, 0.5 partial)
  --context C      anything else worth keeping with it
  --supersedes ID  this experience replaces an older one (recorded wrongly, out of date): the old
                   one stays in history but leaves recall and recommendations
  --json           print {"id", "task", "action", "outcome", "superseded"}`,
  options: {
    task: { type: 'string' },
    action: { type: 'string' },
    outcome: { type: 'string' },
    reason: { type: 'string' },
    score: { type: 'string' },
    context: { type: 'string' },
    supersedes: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, ctx) {
    const task = str(args, 'task');
    const action = str(args, 'action');
    const outcomeRaw = str(args, 'outcome');
    if (!task?.trim() || !action?.trim() || !outcomeRaw) throw new CliError('record: give --task, --action and --outcome');
    const outcome = ExperienceOutcomeSchema.safeParse(outcomeRaw);
    if (!outcome.success) throw new CliError(`record: --outcome must be success, failure or partial (got "${outcomeRaw}")`);
    const scoreRaw = str(args, 'score');
    const score = scoreRaw === undefined ? undefined : Number(scoreRaw);
    if (score !== undefined && !(Number.isFinite(score) && score >= 0 && score <= 1)) throw new CliError('record: --score must be a number from 0 to 1');
    const supersedes = str(args, 'supersedes');
    if (supersedes !== undefined && !supersedes.trim()) throw new CliError('record: --supersedes needs the id of the experience it replaces');
    const input = { task, action, outcome: outcome.data, score, reason: str(args, 'reason'), context: str(args, 'context'), supersedes: supersedes?.trim() };
    // Checked against the contract before opening the store: bad input leaves data unchanged.
    const parsed = ExperienceRecordInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CliError(`record: --${issue?.path.join('.') ?? 'input'} ${issue?.message ?? 'is invalid'}`);
    }
    return withEngine(ctx, {}, async ({ client }) => {
      const { experience: e, superseded } = await client.call('experiences.record', parsed.data);
      if (ctx.json || bool(args, 'json')) ctx.io.stdout(JSON.stringify({ id: e.id, task: e.task, action: e.action, outcome: e.outcome, superseded }) + '\n');
      else ctx.io.stdout(`recorded ${e.outcome}: ${e.action} (${e.id})${superseded ? `; ${superseded} is superseded by it` : ''}\n`);
      return 0;
    });
  },
};
