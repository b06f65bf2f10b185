import { ExperienceOutcomeSchema } from '../../../../shared/index.js';
import { ExperienceInputSchema, ExperienceMemory } from '../../../../agents/experience/index.js';
import { bool, str } from '../args.js';
import { CliError, type Command } from '../command.js';

export const recordCommand: Command = {
  name: 'record',
  summary: 'record what you tried for a task and how it went',
  help: `usage: engram record --task T --action A --outcome success|failure|partial [--reason R] [--score S] [--json]

Keeps one experience: for a task, the action taken and its outcome. Failures are worth recording
too (with --reason): "engram recommend" never suggests an action that only failed.
  --task T        what you were trying to do ("deploy the web app")
  --action A      what you did ("run make deploy")
  --outcome O     success, failure or partial
  --reason R      why it failed, or what made it work
  --score S       how well it went, 0 to 1 (default: 1 success, 0 failure, 0.5 partial)
  --context C     anything else worth keeping with it
  --json          print {"id", "task", "action", "outcome"}`,
  options: {
    task: { type: 'string' },
    action: { type: 'string' },
    outcome: { type: 'string' },
    reason: { type: 'string' },
    score: { type: 'string' },
    context: { type: 'string' },
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
    const input = { task, action, outcome: outcome.data, score, reason: str(args, 'reason'), context: str(args, 'context') };
    // Validate before opening the store: bad input leaves data unchanged.
    const parsed = ExperienceInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CliError(`record: --${issue?.path.join('.') ?? 'input'} ${issue?.message ?? 'is invalid'}`);
    }
    const store = await ctx.openStore();
    try {
      const m = new ExperienceMemory(store).record(parsed.data);
      if (ctx.json || bool(args, 'json')) ctx.io.stdout(JSON.stringify({ id: m.id, task: parsed.data.task, action: parsed.data.action, outcome: parsed.data.outcome }) + '\n');
      else ctx.io.stdout(`recorded ${parsed.data.outcome}: ${parsed.data.action} (${m.id})\n`);
      return 0;
    } finally {
      await store.close();
    }
  },
};
