import { bool, str, strs } from '../args.js';
import { ApiCallError } from '../../../../shared/api/index.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';
import { parseTimePoint } from '../../../../shared/time/index.js';

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
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      if (ids.length) {
        const missing: string[] = [];
        for (const id of ids) {
          const r = await client.request('memories.get', { id });
          if (!r.ok && r.error.code === 'NOT_FOUND') missing.push(id);
          else if (!r.ok) throw new ApiCallError(r.error);
        }
        if (missing.length) throw new CliError(`forget: no memory ${missing.join(', ')} (nothing was deleted)`);
        if (bool(args, 'dry-run')) {
          ctx.io.stdout(json ? JSON.stringify({ dry_run: true, memories: ids.length }) + '\n' : `would delete ${ids.length} memories\n`);
          return 0;
        }
        const n = (await client.call('memories.delete', { ids })).deleted;
        ctx.io.stdout(json ? JSON.stringify({ memories: n }) + '\n' : `deleted ${n} memor${n === 1 ? 'y' : 'ies'}\n`);
        return 0;
      }
      const from = parseTimePoint(sinceArg!, '--since');
      const to = str(args, 'until') !== undefined ? parseTimePoint(str(args, 'until')!, '--until') : Date.now();
      if (from > to) throw new CliError('forget: --since is after --until');
      const what = { span: 'range' as const, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
      if (bool(args, 'dry-run')) {
        const p = await client.call('forget.preview', { what });
        const preview = { dry_run: true, from: p.from, to: p.to, ...p.report };
        ctx.io.stdout(json ? JSON.stringify(preview) + '\n' : `would forget ${preview.memories} memories, ${preview.frames} frames, ${preview.observations} observations, ${preview.messages} messages, ${preview.audio} audio clips\n`);
        return 0;
      }
      const { report: r } = await client.call('forget.run', { what });
      if (json) ctx.io.stdout(JSON.stringify({ from: what.from, to: what.to, ...r }) + '\n');
      else ctx.io.stdout(`forgot ${r.memories} memories, ${r.frames} frames, ${r.observations} observations, ${r.messages} messages, ${r.audio} audio clips\n`);
      return 0;
    });
  },
};
