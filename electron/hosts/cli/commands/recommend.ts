import { z } from 'zod';
import { ExperienceMemory } from '../../../../agents/experience/index.js';
import { BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings } from '../../../../agents/meta/index.js';
import { bool } from '../args.js';
import { CliError, type Command } from '../command.js';

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const count = (n: number, one: string, many: string): string => `${Number.isInteger(n) ? n : n.toFixed(1)} ${n === 1 ? one : many}`;

export const recommendCommand: Command = {
  name: 'recommend',
  summary: 'the action that worked best for a task, with a cautious confidence',
  help: `usage: engram recommend TASK [--json]

Looks at recorded experiences for similar tasks and recommends the action with the best
conservative success rate (the lower 5% bound of a Beta posterior, Jeffreys prior), so 9 successes
out of 10 beat a lucky 1 out of 1. Actions that only ever failed are never recommended; they are
listed as "tried, failed".
  --json   {"action", "confidence", "successes", "failures", "experience_ids"}, or null when nothing qualifies

example: engram recommend "fix a failing npm install"`,
  options: { json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    const task = args.positionals.join(' ').trim();
    if (!task) throw new CliError('recommend: give the task, e.g. engram recommend "deploy the web app"');
    if (task.length > 2000) throw new CliError('recommend: the task is longer than 2,000 characters');
    const store = await ctx.openStore();
    try {
      const settings = store.settings.get(BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings());
      const exp = new ExperienceMemory(store, { halfLifeDays: settings.experience_half_life_days });
      const rec = await exp.recommend(task);
      if (ctx.json || bool(args, 'json')) {
        const out = rec && { action: rec.action, confidence: rec.confidence, successes: rec.successes, failures: rec.failures, experience_ids: rec.experience_ids };
        ctx.io.stdout(JSON.stringify(out) + '\n');
        return 0;
      }
      if (!rec) {
        const tried = (await exp.recall(task)).filter((r) => r.outcome === 'failure');
        const actions = [...new Set(tried.map((r) => r.action))];
        ctx.io.stdout(
          actions.length
            ? `nothing to recommend: only failures so far\n${actions.map((a) => `  tried, failed: ${a}`).join('\n')}\n`
            : 'nothing to recommend: no experience with a task like this yet\n',
        );
        return 0;
      }
      const lines = [
        `${rec.action}`,
        `  confidence ${pct(rec.confidence)} (${count(rec.successes, 'success', 'successes')}, ${count(rec.failures, 'failure', 'failures')}) · from ${rec.experience_ids.length} experience${rec.experience_ids.length === 1 ? '' : 's'}`,
        ...rec.alternatives.slice(0, 3).map((a) => `  also worked: ${a.action} (confidence ${pct(a.confidence)})`),
        ...rec.tried_failed.slice(0, 3).map((a) => `  tried, failed: ${a.action} (${count(a.failures, 'failure', 'failures')})`),
      ];
      ctx.io.stdout(lines.join('\n') + '\n');
      return 0;
    } finally {
      await store.close();
    }
  },
};

/** Exported for tests of the --json shape. */
export const RecommendJsonSchema = z
  .object({ action: z.string(), confidence: z.number(), successes: z.number(), failures: z.number(), experience_ids: z.array(z.string()) })
  .nullable();
