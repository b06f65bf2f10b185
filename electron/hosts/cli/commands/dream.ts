import { DREAM_MODES, DreamModeSchema, type DreamChange } from '../../../../agents/dream/index.js';
import { createBrain } from '../../../../agents/meta/index.js';
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
    try {
      const brain = createBrain({ store, subscribe: false });
      const report = await brain.dream({ mode: mode.data, dryRun });
      if (ctx.json || bool(args, 'json')) {
        ctx.io.stdout(JSON.stringify(report) + '\n');
        return 0;
      }
      const c = report.counts;
      const head = `${dryRun ? 'would change' : 'changed'}: ${c.merged} merged, ${c.superseded} superseded, ${c.rolled_up} rolled up, ${c.compressed} core blocks tidied · ${c.faded} faded (kept) · ${c.examined} examined`;
      const lines = report.changes.slice(0, 200).map(changeLine);
      if (report.changes.length > 200) lines.push(`  … and ${report.changes.length - 200} more (use --json for all)`);
      ctx.io.stdout([head, ...lines].join('\n') + '\n');
      return 0;
    } finally {
      await store.close();
    }
  },
};
