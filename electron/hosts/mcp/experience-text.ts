import type { ActionStatsView, ExperienceView, RecommendationView, ReflectionView } from '../../../shared/api/index.js';

/** How the experience tools write their answers for a model to read: one line per item. */

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : one.endsWith('s') ? 'es' : 's'}`;
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export function experienceLine(e: ExperienceView): string {
  const replaced = e.superseded_by ? `, superseded by ${e.superseded_by}` : '';
  const by = e.recorded_by ? `, recorded by ${e.recorded_by}` : '';
  return `- [${e.outcome}] ${e.task} → ${e.action}${e.reason ? ` (${e.reason})` : ''} — ${e.id}, ${when(e.at)}${by}${replaced}`;
}

export function reflectionLines(r: ReflectionView): string[] {
  return [
    `Reflection on "${r.task}" (${r.id}, ${when(r.at)}, from ${count(r.based_on.length, 'experience')}):`,
    ...r.worked.map((w) => `  worked: ${w}`),
    ...r.failed.map((f) => `  failed: ${f}`),
    ...(r.note ? [`  note: ${r.note}`] : []),
  ];
}

function record(s: ActionStatsView): string {
  const partly = s.partials ? `, ${s.partials} partly` : '';
  return `${count(s.successes, 'success')}, ${count(s.failures, 'failure')}${partly}`;
}

/** An action nobody here tried: a page's fix or another agent's record, as such. */
const untried = (s: ActionStatsView): string =>
  s.tried ? '' : `; not tried by the user: ${s.outside?.sources.every((x) => x.startsWith('seen:')) ? 'only seen' : 'only recorded by others'} (${s.outside?.sources.join(', ') ?? 'others'})`;

export function recommendationLines(r: RecommendationView, halfLifeDays: number | null): string[] {
  const how = r.strategy === 'thompson' ? 'explored: drawn from each action’s success posterior' : 'conservative: lower bound of the success rate';
  const aging = halfLifeDays ? `; older experiences rank lower (half-life ${halfLifeDays} days), counts are exact` : '';
  return [
    `Recommended: ${r.action}`,
    `confidence ${r.confidence.toFixed(2)} (${record(r)}; experiences ${r.experience_ids.join(', ')}${untried(r)}) — ${how}${aging}`,
    ...(r.outside
      ? [`Other agents' records: ${r.outside.experiences} (${r.outside.sources.join(', ')}), counted together as ${r.outside.counted_as} at most 3, so they cannot outvote the user's own`]
      : []),
    ...(r.variants.length > 1 ? [`Also worded as: ${r.variants.filter((v) => v !== r.action).join('; ')}`] : []),
    ...r.alternatives.map((a) => `Also worked: ${a.action} (confidence ${a.confidence.toFixed(2)}, ${record(a)}${untried(a)})`),
    ...r.tried_failed.map((f) => `Tried, failed: ${f.action} (${count(f.failures, 'failure')})`),
    ...r.withheld.map((w) => `Not offered: ${w.action} (fetches code from the network and runs it${untried(w)})`),
  ];
}
