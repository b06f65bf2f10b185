import { z } from 'zod';
import { RecommendationSchema, type ActionStatsView } from '../../../../shared/api/index.js';
import { bool, str } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { groupArg, taskArg } from '../experience-args.js';
import { CliError, type Command } from '../command.js';

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** Where an action nobody here tried comes from, as the user reads it: "seen on a page, not tried by you". */
export function notTried(a: Pick<ActionStatsView, 'tried' | 'outside'>): string | null {
  if (a.tried) return null;
  const from = a.outside?.sources ?? [];
  const where = from.every((s) => s === 'seen:screen')
    ? 'seen on a page'
    : from.every((s) => s === 'seen:audio')
      ? 'heard in a recording'
      : from.every((s) => s === 'seen:import')
        ? 'read in an imported conversation'
        : from.every((s) => s.startsWith('mcp:'))
          ? 'recorded by other agents'
          : 'seen or recorded by others';
  return `${where}, not tried by you`;
}
const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export const recommendCommand: Command = {
  name: 'recommend',
  summary: 'the action that worked best for a task, with a cautious confidence',
  help: `usage: engram recommend TASK [--explore [--seed N]] [--equal-weight] [--group text|meaning] [--json]

Looks at recorded experiences for similar tasks and recommends the action with the best
conservative success rate (the lower 5% bound of a Beta posterior, Jeffreys prior), so 9 successes
out of 10 beat a lucky 1 out of 1. Actions that only ever failed are never recommended; they are
listed as "tried, failed". Similar tasks are found by words and by meaning (the embedder), so
"authentication is slow at peak" finds what worked for "login page times out under load".
Counts are exact; the experience half-life setting only changes the ranking.
Other agents' records (over MCP) of one action count together as at most 3 experiences, so a flood
of them cannot outvote your own record. An action only a page (or another agent) vouches for is
said to be "seen on a page, not tried by you"; one of those that fetches code from the internet and
runs it (curl ... | sh, iwr ... | iex) is never offered, only listed as "not offered".
  --explore              pick by Thompson sampling (a draw from each action's posterior), so a
                         promising but little-tried action gets a chance
  --seed N               with --explore: the same N gives the same draw
  --equal-weight         every similar task's experiences weigh alike (by default those with tasks
                         closer to this one weigh more in the ranking)
  --weight-by-relevance  the default now (still accepted)
  --group meaning        differently worded versions of one action share their evidence
                         (default: text, exact wording)
  --json                 {"action", "confidence", "successes", "failures", "partials", "experience_ids",
                         "strategy", "variants", "alternatives", "tried_failed", "tried", "withheld"},
                         or null ("tried": false when only a page or other agents vouch for it)

example: engram recommend "fix a failing npm install"`,
  options: { explore: { type: 'boolean' }, seed: { type: 'string' }, 'weight-by-relevance': { type: 'boolean' }, 'equal-weight': { type: 'boolean' }, group: { type: 'string' }, json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    const task = taskArg(args, 'recommend', true);
    const seedRaw = str(args, 'seed');
    const seed = seedRaw === undefined ? undefined : Number(seedRaw);
    if (seed !== undefined && !(Number.isInteger(seed) && seed >= 0 && seed <= 4294967295)) throw new CliError('recommend: --seed must be a whole number from 0 to 4294967295');
    if (seed !== undefined && !bool(args, 'explore')) throw new CliError('recommend: --seed goes with --explore');
    const group = groupArg(args, 'recommend');
    return withEngine(ctx, {}, async ({ client }) => {
      const input = { task, explore: bool(args, 'explore'), seed, weight_by_relevance: !bool(args, 'equal-weight'), group_by: group };
      const { recommendation: rec } = await client.call('experiences.recommend', input);
      if (ctx.json || bool(args, 'json')) {
        const out = rec && {
          action: rec.action,
          confidence: rec.confidence,
          successes: rec.successes,
          failures: rec.failures,
          partials: rec.partials,
          experience_ids: rec.experience_ids,
          strategy: rec.strategy,
          variants: rec.variants,
          alternatives: rec.alternatives.map((a) => ({ action: a.action, confidence: a.confidence, successes: a.successes, failures: a.failures })),
          tried_failed: rec.tried_failed.map((a) => ({ action: a.action, failures: a.failures })),
          tried: rec.tried,
          withheld: rec.withheld.map((a) => ({ action: a.action, successes: a.successes })),
        };
        ctx.io.stdout(JSON.stringify(out) + '\n');
        return 0;
      }
      const untried = (a: ActionStatsView): string => (notTried(a) ? `, ${notTried(a)}` : '');
      if (!rec) {
        const { experiences } = await client.call('experiences.recall', { task, outcome: 'failure', limit: 50 });
        const actions = [...new Set(experiences.map((r) => r.action))];
        ctx.io.stdout(
          actions.length
            ? `nothing to recommend: only failures so far\n${actions.map((a) => `  tried, failed: ${a}`).join('\n')}\n`
            : 'nothing to recommend: no experience with a task like this yet\n',
        );
        return 0;
      }
      const partly = rec.partials ? `, ${count(rec.partials, 'partly', 'partly')}` : '';
      const lines = [
        `${rec.action}`,
        `  confidence ${pct(rec.confidence)} (${count(rec.successes, 'success', 'successes')}, ${count(rec.failures, 'failure', 'failures')}${partly}) · from ${rec.experience_ids.length} experience${rec.experience_ids.length === 1 ? '' : 's'}${rec.strategy === 'thompson' ? ' · explored' : ''}`,
        ...(notTried(rec) ? [`  ${notTried(rec)}`] : []),
        ...(rec.outside ? [`  other agents recorded it ${rec.outside.experiences} times (${rec.outside.sources.join(', ')}): counted as ${rec.outside.counted_as}`] : []),
        ...(rec.variants.length > 1 ? [`  also worded as: ${rec.variants.filter((v) => v !== rec.action).join('; ')}`] : []),
        ...rec.alternatives.slice(0, 3).map((a) => `  also worked: ${a.action} (confidence ${pct(a.confidence)}${untried(a)})`),
        ...rec.tried_failed.slice(0, 3).map((a) => `  tried, failed: ${a.action} (${count(a.failures, 'failure', 'failures')})`),
        ...rec.withheld.slice(0, 3).map((a) => `  not offered: ${a.action} (it fetches code from the internet and runs it${untried(a)})`),
      ];
      ctx.io.stdout(lines.join('\n') + '\n');
      return 0;
    });
  },
};

/** Exported for tests of the --json shape. */
export const RecommendJsonSchema = z
  .object({
    action: z.string(),
    confidence: z.number(),
    successes: z.number().int(),
    failures: z.number().int(),
    partials: z.number().int(),
    experience_ids: z.array(z.string()),
    strategy: RecommendationSchema.shape.strategy,
    variants: z.array(z.string()),
    alternatives: z.array(z.object({ action: z.string(), confidence: z.number(), successes: z.number().int(), failures: z.number().int() })),
    tried_failed: z.array(z.object({ action: z.string(), failures: z.number().int() })),
    tried: z.boolean(),
    withheld: z.array(z.object({ action: z.string(), successes: z.number().int() })),
  })
  .nullable();
