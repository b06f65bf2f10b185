import { bool, str, strs } from '../args.js';
import { CliError, type Command } from '../command.js';
import { parseTimeArg } from '../time-arg.js';

export const forgetCommand: Command = {
  name: 'forget',
  summary: 'delete memories, or everything from a time window',
  help: `usage: engram forget --id ID [--id ID ...] [--json]
       engram forget --since WHEN [--until WHEN] [--dry-run] [--json]

  --id ID         delete these memories (with their history and search entries)
  --since WHEN    forget everything from WHEN until now (or --until): screenshots, audio,
                  observations, chat messages, and every memory made from them or in that window.
                  "15 minutes ago", "1 hour ago", "yesterday", or an ISO date.
  --dry-run       say what would be deleted, delete nothing
  --json          print the counts as JSON`,
  options: { id: { type: 'string', multiple: true }, since: { type: 'string' }, until: { type: 'string' }, 'dry-run': { type: 'boolean' }, json: { type: 'boolean' } },
  async run(args, ctx) {
    const ids = strs(args, 'id');
    const sinceArg = str(args, 'since');
    if ((ids.length > 0) === (sinceArg !== undefined)) throw new CliError('forget: give --id or --since (one of them)');
    const json = ctx.json || bool(args, 'json');
    const store = await ctx.openStore({ embedder: 'none' });
    try {
      if (ids.length) {
        const missing = ids.filter((id) => !store.memories.get(id));
        if (missing.length) throw new CliError(`forget: no memory ${missing.join(', ')} (nothing was deleted)`);
        if (bool(args, 'dry-run')) {
          ctx.io.stdout(json ? JSON.stringify({ dry_run: true, memories: ids.length }) + '\n' : `would delete ${ids.length} memories\n`);
          return 0;
        }
        const n = store.memories.delete(ids);
        ctx.io.stdout(json ? JSON.stringify({ memories: n }) + '\n' : `deleted ${n} memor${n === 1 ? 'y' : 'ies'}\n`);
        return 0;
      }
      const from = parseTimeArg(sinceArg!, '--since');
      const to = str(args, 'until') !== undefined ? parseTimeArg(str(args, 'until')!, '--until') : Date.now();
      if (from > to) throw new CliError('forget: --since is after --until');
      if (bool(args, 'dry-run')) {
        const preview = { dry_run: true, from: new Date(from).toISOString(), to: new Date(to).toISOString(), ...store.forgetPreview({ from, to }) };
        ctx.io.stdout(json ? JSON.stringify(preview) + '\n' : `would forget ${preview.memories} memories, ${preview.frames} frames, ${preview.observations} observations, ${preview.messages} messages, ${preview.audio} audio clips\n`);
        return 0;
      }
      const r = store.forget({ from, to });
      if (json) ctx.io.stdout(JSON.stringify({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), ...r }) + '\n');
      else ctx.io.stdout(`forgot ${r.memories} memories, ${r.frames} frames, ${r.observations} observations, ${r.messages} messages, ${r.audio} audio clips\n`);
      return 0;
    } finally {
      await store.close();
    }
  },
};
