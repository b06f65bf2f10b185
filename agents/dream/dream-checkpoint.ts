import { z } from 'zod';
import type { BrainStore } from '../subagent-kit/index.js';

/**
 * The kinds MIRIX's `experience` mode reviews together: what happened (episodic), what is true
 * (semantic) and the sensitive facts (vault). The vault is consolidated by rules only: its entries
 * are never shown to a model.
 */
export const EXPERIENCE_WINDOW_KINDS = ['episodic', 'semantic', 'knowledge_vault'] as const;
export type ExperienceWindowKind = (typeof EXPERIENCE_WINDOW_KINDS)[number];

/** Where the experience mode's last run stopped; kept in settings so it survives restarts. */
export const DREAM_CHECKPOINT_KEY = 'dream.checkpoint';

/** When there is no checkpoint yet, the window reaches back this far (the contract's, shared/api/dream.ts). */
export { FIRST_WINDOW_DAYS } from '../../shared/api/index.js';

const Iso = z.string().datetime({ offset: true });
export const KindCountsSchema = z.object({
  /** Memories of the kind new or changed in the window. */
  total: z.number().int().min(0),
  merged: z.number().int().min(0),
  superseded: z.number().int().min(0),
  rewritten: z.number().int().min(0),
});
export type KindCounts = z.infer<typeof KindCountsSchema>;

export const DreamCheckpointSchema = z.object({
  /** Everything changed before this was reviewed: the next window starts here. */
  through: Iso,
  /** When the run that wrote it finished. */
  at: Iso,
  /** That run's window start and per-kind counts. */
  since: Iso,
  kinds: z.object({ episodic: KindCountsSchema, semantic: KindCountsSchema, knowledge_vault: KindCountsSchema }),
  /** Why that run stopped before its end (the model went away); `through` then stays where it was. */
  stopped: z.string().nullable(),
});
export type DreamCheckpoint = z.infer<typeof DreamCheckpointSchema>;

/** The stored checkpoint, or null (none yet, or unreadable: the first window applies again). */
export function readCheckpoint(store: Pick<BrainStore, 'settings'>): DreamCheckpoint | null {
  return store.settings.get(DREAM_CHECKPOINT_KEY, DreamCheckpointSchema.nullable(), null);
}

export function writeCheckpoint(store: Pick<BrainStore, 'settings'>, cp: DreamCheckpoint): void {
  store.settings.set(DREAM_CHECKPOINT_KEY, DreamCheckpointSchema.parse(cp));
}

export const emptyCounts = (): Record<ExperienceWindowKind, KindCounts> => ({
  episodic: { total: 0, merged: 0, superseded: 0, rewritten: 0 },
  semantic: { total: 0, merged: 0, superseded: 0, rewritten: 0 },
  knowledge_vault: { total: 0, merged: 0, superseded: 0, rewritten: 0 },
});
