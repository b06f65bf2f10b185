import { z } from 'zod';
import { MEMORY_TABS, type Memory } from '../../shared/index.js';
import type { BrainStore } from '../subagent-kit/index.js';
import type { Planned } from './consolidate-kinds.js';
import { mergePlan, rewritePlan, supersedePlan } from './dream-review.js';
import { reflectionMergePlan, reflectionUpdatePlan } from './reflection-review.js';
import { skillPlan } from './skill-distill.js';

const Id = z.string().min(1).max(100);
const Ids = z.array(Id).max(1000);
const Kind = z.enum(MEMORY_TABS);
const Reason = z.string().max(300);

/**
 * A change the model's review proposed, as data: which memories (by id) it takes and the text the
 * model wrote. Kept with a dry run so that, after a restart, the change the user saw is applied as it
 * was shown, with no model call. The text is data written into a memory, never read as instructions.
 */
export const ChangeReplaySchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('review_merge'), kind: Kind, keep_id: Id, merge_ids: Ids.min(1), title: z.string().max(300).optional(), text: z.string().max(20_000).optional(), reason: Reason }),
  z.object({ op: z.literal('review_supersede'), kind: Kind, new_id: Id, old_ids: Ids.min(1), reason: Reason }),
  z.object({ op: z.literal('review_rewrite'), kind: Kind, id: Id, title: z.string().max(300).optional(), text: z.string().max(20_000), evidence_ids: Ids, reason: Reason }),
  z.object({ op: z.literal('reflection_update'), id: Id, text: z.string().max(20_000), cited_ids: Ids, reason: Reason }),
  z.object({ op: z.literal('reflection_merge'), keep_id: Id, merge_ids: Ids.min(1), text: z.string().max(20_000), reason: Reason }),
  // A skill distilled from the last sessions: its steps, the episodes and experiences it came from,
  // and the procedure of the same title it improves (null: a new one).
  z.object({
    op: z.literal('skill_distill'),
    title: z.string().min(3).max(200),
    description: z.string().max(1000).optional(),
    steps: z.array(z.string().min(2).max(500)).min(2).max(30),
    evidence_ids: Ids.min(2),
    existing_id: Id.nullable(),
    reason: Reason,
  }),
]);
export type ChangeReplay = z.infer<typeof ChangeReplaySchema>;

/** Every memory a replayed change reads or writes: what must stand unchanged for it to apply. */
export function replayIds(r: ChangeReplay): string[] {
  switch (r.op) {
    case 'review_merge':
    case 'reflection_merge':
      return [r.keep_id, ...r.merge_ids];
    case 'review_supersede':
      return [r.new_id, ...r.old_ids];
    case 'review_rewrite':
      return [r.id, ...r.evidence_ids];
    case 'reflection_update':
      return [r.id, ...r.cited_ids];
    case 'skill_distill':
      return [...(r.existing_id ? [r.existing_id] : []), ...r.evidence_ids];
  }
}

/**
 * The planned change again, built by the same code the review used, from the memories as they
 * stand now; null when one of them is gone (forgotten since).
 */
export function replayPlan(store: BrainStore, r: ChangeReplay): Planned | null {
  const load = (ids: string[]): Memory[] | null => {
    const ms = ids.map((id) => store.memories.get(id));
    return ms.every((m): m is Memory => m !== null) ? ms : null;
  };
  const all = load(replayIds(r));
  if (!all) return null;
  const [first, ...rest] = all as [Memory, ...Memory[]];
  switch (r.op) {
    case 'review_merge':
      return mergePlan(store, r.kind, first, rest, r);
    case 'review_supersede':
      return supersedePlan(store, r.kind, first, rest, r.reason);
    case 'review_rewrite':
      return rewritePlan(store, r.kind, first, r, rest);
    case 'reflection_update':
      return reflectionUpdatePlan(store, first, r.text, rest, r.reason);
    case 'reflection_merge':
      return reflectionMergePlan(store, first, rest, r.text, r.reason);
    case 'skill_distill':
      return skillPlan(store, r, r.existing_id ? first : null);
  }
}
