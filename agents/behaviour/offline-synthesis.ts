import type { FeedbackRecord, FeedbackStance } from '../store/index.js';
import type { DirectivePlan } from './directive-plan.js';
import { thumbSignals } from './thumb-signals.js';

/** Corrections of answers make a directive only when they recur. */
export const MIN_CORRECTIONS = 2;

interface Item {
  stance: FeedbackStance;
  instruction: string;
  at: number;
  evidence: string[];
  kind: 'said' | 'correction' | 'thumbs';
}

/**
 * Synthesis by rules: per topic, the newest feedback decides the stance (newer wins, as in
 * consolidation); what was said for that stance since the last word against it is the evidence.
 * Explicit words make a directive at once; thumbs through their counts (thumbSignals);
 * corrections from MIN_CORRECTIONS on. An active directive the newest feedback contradicts is
 * retired.
 */
export function offlinePlan(
  feedback: FeedbackRecord[],
  active: { id: string; topic: string; stance: FeedbackStance; evidence: string[] }[],
  answerText: (id: string) => string | null,
): DirectivePlan {
  const byTopic = new Map<string, Item[]>();
  const add = (topic: string, item: Item) => byTopic.set(topic, [...(byTopic.get(topic) ?? []), item]);
  for (const f of feedback) {
    if (f.kind === 'thumb_up' || f.kind === 'thumb_down') continue;
    add(f.topic, { stance: f.stance, instruction: f.instruction, at: f.created_at, evidence: [f.id], kind: f.kind === 'correction' ? 'correction' : 'said' });
  }
  for (const s of thumbSignals(feedback, answerText)) add(s.topic, { stance: s.stance, instruction: s.instruction, at: s.at, evidence: s.evidence, kind: 'thumbs' });

  const plan: DirectivePlan = { upserts: [], retire: [] };
  const at = new Map(feedback.map((f) => [f.id, f.created_at]));
  for (const [topic, items] of byTopic) {
    items.sort((a, b) => a.at - b.at);
    const latest = items[items.length - 1]!;
    const lastOpposite = Math.max(-Infinity, ...items.filter((i) => i.stance !== latest.stance).map((i) => i.at));
    const winning = items.filter((i) => i.stance === latest.stance && i.at > lastOpposite);
    const evidence = [...new Set(winning.flatMap((i) => i.evidence))];
    const existing = active.find((d) => d.topic === topic && d.stance === latest.stance);
    const corrections = winning.filter((i) => i.kind === 'correction').length;
    const strong = winning.some((i) => i.kind !== 'correction') || corrections >= MIN_CORRECTIONS;
    if (!existing && !strong) continue;
    // The newest way the user put it (their words beat the thumbs' generic line).
    const said = [...winning].reverse().find((i) => i.kind === 'said') ?? latest;
    for (const other of active.filter((d) => d.topic === topic && d.stance !== latest.stance)) {
      const newest = Math.max(-Infinity, ...other.evidence.map((e) => at.get(e) ?? -Infinity));
      if (latest.at > newest) plan.retire.push({ id: other.id, reason: `contradicted by newer feedback: "${said.instruction}"` });
    }
    plan.upserts.push({ id: existing?.id, text: said.instruction, topic, stance: latest.stance, evidence });
  }
  return plan;
}
