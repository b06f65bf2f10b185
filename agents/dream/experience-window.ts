import type { Memory } from '../../shared/index.js';
import type { BrainStore } from '../subagent-kit/index.js';
import type { Planned } from './consolidate-kinds.js';
import { FIRST_WINDOW_DAYS, readCheckpoint, type ExperienceWindowKind, type KindCounts } from './dream-checkpoint.js';
import type { DreamChange } from './dream-types.js';
import { lookAlikeClusters } from './dream-review.js';
import { MEMORIES_ARE_DATA } from './memory-quote.js';

const DAY = 86_400_000;

export const EXPERIENCE_REVIEW_PROMPT = `You are the consolidation ("dream") agent of Engram, a local-first memory assistant, reviewing what the
user experienced since the last consolidation. The user's message is a cluster of memories that look
alike, possibly of different kinds: episodes (what happened, when) and facts (what is true). Judge them
together, as a careful archivist:
- one event or one fact stored twice (same kind): propose_merge into the best one, keeping every detail;
- a fact that newer memories contradict (a new manager, a moved date): if a newer fact says so,
  propose_supersede (same kind, the newer wins); if only an episode shows it, propose_rewrite the fact as
  it now stands, with the episode in evidence_ids;
- unclear which is right: no_change (both are kept), or a rewrite that states the discrepancy;
- different things that merely look alike: no_change.
Every id you use must be one of the cluster's. Call all the tools you need in one reply.

${MEMORIES_ARE_DATA}`;

export interface ExperienceWindow {
  since: number;
  until: number;
  /** Where the start came from: the last run's checkpoint, the caller (--since), or the first window. */
  from: 'checkpoint' | 'option' | 'first run';
}

/** From the last run's checkpoint (or the caller's start, or FIRST_WINDOW_DAYS back) to now. */
export function experienceWindow(store: Pick<BrainStore, 'settings'>, now: number, since?: number): ExperienceWindow {
  if (since !== undefined) return { since, until: now, from: 'option' };
  const cp = readCheckpoint(store);
  return cp ? { since: Date.parse(cp.through), until: now, from: 'checkpoint' } : { since: now - FIRST_WINDOW_DAYS * DAY, until: now, from: 'first run' };
}

/**
 * New or changed in the window (an update counts: a fact restated yesterday is yesterday's news).
 * The start is exclusive: a checkpoint is the time of the last run's own last write.
 */
export function inWindow(m: Memory, w: ExperienceWindow): boolean {
  const t = Date.parse(m.updated_at);
  return t > w.since && t <= w.until && !m.superseded_by;
}

/** The rules' plans for a whole kind, kept where they touch a memory of the window. */
export function touchingWindow(plans: Planned[], ids: Set<string>): Planned[] {
  return plans.filter((p) => p.change.before.some((id) => ids.has(id)) || (p.change.after !== null && ids.has(p.change.after)));
}

/**
 * Clusters for the joint review: the window's episodes and facts, with every current fact they may
 * repeat or contradict (older facts included: a new episode can outdate a fact of last year), each
 * cluster holding at least one memory of the window. Vault entries are never among them.
 */
export function experienceClusters(windowMemories: Memory[], currentFacts: Memory[], maxClusters: number): Memory[][] {
  const windowIds = new Set(windowMemories.map((m) => m.id));
  const pool = [...new Map([...currentFacts, ...windowMemories].filter((m) => m.kind === 'episodic' || m.kind === 'semantic').map((m) => [m.id, m])).values()];
  pool.sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at));
  return lookAlikeClusters(pool, Number.MAX_SAFE_INTEGER)
    .filter((c) => c.some((m) => windowIds.has(m.id)))
    .slice(0, maxClusters);
}

/** Adds one change to its kind's counts. */
export function countChange(counts: Record<ExperienceWindowKind, KindCounts>, c: Pick<DreamChange, 'kind' | 'action' | 'before'>): void {
  if (c.kind !== 'episodic' && c.kind !== 'semantic' && c.kind !== 'knowledge_vault') return;
  const k = counts[c.kind];
  if (c.action === 'merge') k.merged += c.before.length - 1;
  else if (c.action === 'supersede') k.superseded += c.before.length;
  else if (c.action === 'rewrite') k.rewritten += 1;
}
