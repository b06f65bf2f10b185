import { bool, positiveInt } from '../args.js';
import { withEngine } from '../cli-engine.js';
import type { Command } from '../command.js';

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const times = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The window's "What worked" in the terminal: the same experiences.byTask request. */
export const experiencesCommand: Command = {
  name: 'experiences',
  summary: 'what worked: recorded experiences per task, with counts and confidence',
  help: `usage: engram experiences [--limit N] [--json]

Each task you (or an agent) recorded experiences for, most recently tried first, with every action
tried: its exact successes and failures, and the range its success rate likely lies in (the 90%
interval of a Beta posterior, Jeffreys prior; the low end is what engram recommend calls its
confidence). Actions that only ever failed are listed as "tried, failed".
  --limit N   at most N tasks (default 20, at most 200)
  --json      {"tasks": [{"task", "experiences", "last_at", "actions": [{"action", "successes",
              "failures", "partials", "low", "high", "outside", "experience_ids"}]}]}`,
  options: { limit: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, ctx) {
    const limit = positiveInt(args, 'limit', 20, 200);
    return withEngine(ctx, {}, async ({ client }) => {
      const out = await client.call('experiences.byTask', { limit });
      if (ctx.json || bool(args, 'json')) {
        ctx.io.stdout(JSON.stringify(out) + '\n');
        return 0;
      }
      if (!out.tasks.length) {
        ctx.io.stdout('no experiences recorded yet (engram record --task … --action … --outcome …)\n');
        return 0;
      }
      const lines: string[] = [];
      for (const t of out.tasks) {
        lines.push(`${t.task}  (${times(t.experiences, 'experience', 'experiences')}, last ${t.last_at.slice(0, 16).replace('T', ' ')})`);
        for (const a of t.actions) {
          const counts = `${times(a.successes, 'success', 'successes')}, ${times(a.failures, 'failure', 'failures')}${a.partials ? `, ${a.partials} partly` : ''}`;
          const outside = a.outside ? ` · other agents ${a.outside.experiences}× (${a.outside.sources.join(', ')}), counted as ${a.outside.counted_as}` : '';
          lines.push(a.successes + a.partials === 0 ? `  tried, failed: ${a.action} (${counts})${outside}` : `  ${a.action}: ${counts} · works ${pct(a.low)}–${pct(a.high)} of the time${outside}`);
        }
      }
      ctx.io.stdout(lines.join('\n') + '\n');
      return 0;
    });
  },
};
