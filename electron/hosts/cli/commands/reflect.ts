import { bool, str } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { groupArg, taskArg } from '../experience-args.js';
import { CliError, type Command } from '../command.js';

export const reflectCommand: Command = {
  name: 'reflect',
  summary: 'keep what a kind of task taught: what worked, what failed',
  help: `usage: engram reflect TASK [--note N] [--group text|meaning] [--json]

Reads the experiences recorded for tasks like TASK and keeps a reflection: each action that
worked (with its record), each that only failed (with the last reason), and your note. Recall
(MCP recall_experiences, engram recall) shows it from then on; reflecting on the same task again
supersedes the older reflection (kept in history).
  --note N         your own lesson to keep with it
  --group meaning  count differently worded versions of one action together
  --json           {"id", "task", "worked", "failed", "note", "based_on", "superseded"}

example: engram reflect "renew the TLS certificate" --note "certbot needs port 80 free"`,
  options: { note: { type: 'string' }, group: { type: 'string' }, json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    const task = taskArg(args, 'reflect', true);
    const note = str(args, 'note');
    if (note !== undefined && note.length > 4000) throw new CliError('reflect: --note is longer than 4,000 characters');
    const group = groupArg(args, 'reflect');
    return withEngine(ctx, {}, async ({ client }) => {
      const { reflection: r, superseded } = await client.call('experiences.reflect', { task, note, group_by: group });
      if (ctx.json || bool(args, 'json')) {
        ctx.io.stdout(JSON.stringify({ id: r.id, task: r.task, worked: r.worked, failed: r.failed, note: r.note, based_on: r.based_on, superseded }) + '\n');
        return 0;
      }
      const lines = [
        `reflection on "${r.task}" (${r.id}), from ${r.based_on.length} experience${r.based_on.length === 1 ? '' : 's'}`,
        ...r.worked.map((w) => `  worked: ${w}`),
        ...r.failed.map((f) => `  failed: ${f}`),
        ...(r.note ? [`  note: ${r.note}`] : []),
        ...(superseded ? [`  (supersedes ${superseded})`] : []),
      ];
      ctx.io.stdout(lines.join('\n') + '\n');
      return 0;
    });
  },
};
