import { DREAM_MODES, DreamModeSchema, type DreamChange } from '../../../../agents/dream/index.js';
import { dreamSummary, startEngram } from '../../../engine/index.js';
import { packageVersion } from '../version.js';
import { bool, str } from '../args.js';
import { CliError, type Command } from '../command.js';

function changeLine(c: DreamChange): string {
  const after = c.after ?? '(new)';
  return `  ${c.action.padEnd(9)} ${c.kind.padEnd(15)} ${c.before.join(', ')} → ${after}  ${c.reason}`;
}

export const dreamCommand: Command = {
  name: 'dream',
  summary: 'consolidate memory: merge duplicates, resolve conflicts, roll up old episodes',
  help: `usage: engram dream [--mode MODE] [--dry-run] [--json]

Merges duplicate memories, resolves conflicting facts (the newest wins; the older one is
superseded, kept in history, not deleted), rolls old unused episodes into hour and day summaries,
and reports decay. It also runs by itself when the machine is idle, at most once a day.
  --mode MODE   ${DREAM_MODES.join('|')} (default all)
  --dry-run     report what would change, change nothing
  --json        print the report: {mode, dry_run, counts, changes: [{action, kind, before, after, reason}]}`,
  options: { mode: { type: 'string' }, 'dry-run': { type: 'boolean' }, json: { type: 'boolean' } },
  async run(args, ctx) {
    const modeArg = str(args, 'mode') ?? 'all';
    const mode = DreamModeSchema.safeParse(modeArg);
    if (!mode.success) throw new CliError(`dream: --mode must be one of ${DREAM_MODES.join(', ')} (got "${modeArg}")`);
    const dryRun = bool(args, 'dry-run');
    const store = await ctx.openStore({ embedder: 'none' });
    const engram = await startEngram({ store, host: 'headless', version: packageVersion(), env: ctx.env, brain: { start: 'manual', subscribe: false }, chat: false }).catch(async (err: unknown) => {
      await store.close();
      throw err;
    });
    try {
      const report = await (await engram.brain())!.dream({ mode: mode.data, dryRun });
      if (ctx.json || bool(args, 'json')) {
        ctx.io.stdout(JSON.stringify(report) + '\n');
        return 0;
      }
      const lines = report.changes.slice(0, 200).map(changeLine);
      if (report.changes.length > 200) lines.push(`  … and ${report.changes.length - 200} more (use --json for all)`);
      ctx.io.stdout([dreamSummary(report), ...lines].join('\n') + '\n');
      return 0;
    } finally {
      await engram.close();
      await store.close();
    }
  },
};
