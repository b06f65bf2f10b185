import type { z } from 'zod';
import type { MemoryKind } from '../../shared/index.js';
import { DREAM_MODES, DreamModeSchema } from '../../shared/api/index.js';
import type { LlmProvider } from '../llm/index.js';
import type { ExperienceWindowKind, KindCounts } from './dream-checkpoint.js';

// The modes are the contract's (shared/api/dream.ts): hosts read them without loading this room.
export { DREAM_MODES, DreamModeSchema };
export type DreamMode = z.infer<typeof DreamModeSchema>;

export type DreamAction = 'merge' | 'supersede' | 'rollup' | 'compress' | 'rewrite' | 'distill' | 'entity_merge';

/** One change: which memories went in (`before`) and which one stands for them now (`after`). */
export interface DreamChange {
  action: DreamAction;
  kind: MemoryKind | 'experience' | 'entity';
  before: string[];
  /** null in a dry run when the change would create a new memory. */
  after: string | null;
  reason: string;
  /** Who proposed it: the rules (offline, always) or the model's review. */
  source?: 'rules' | 'model';
  /** What it changes, as diff lines ("- old", "+ new"): printed by a dry run. */
  diff?: string[];
  /** What stands for the group afterwards (title and text), where the plan knows it before applying. */
  result?: { title: string; text: string };
}

export interface DreamReport {
  mode: DreamMode;
  /** The kinds asked for, when the run was limited to some (null: as `mode` says). */
  kinds?: DreamMode[] | null;
  dry_run: boolean;
  started_at: string;
  finished_at: string;
  counts: { merged: number; superseded: number; rolled_up: number; compressed: number; faded: number; examined: number; rewritten: number; distilled: number; entities_merged: number };
  /** Model calls the review and distillation made (0 offline). */
  llm_calls: number;
  /** Why the model's review stopped early (the rules' changes stand), or null. */
  review_error: string | null;
  /** 'model' when a model reviewed the clusters; 'rules' offline. */
  reviewer: 'rules' | 'model';
  /**
   * The experience mode's window (MIRIX): from where the last run stopped (its checkpoint), or
   * --since, or 30 days back, to now; how many memories of each kind were new or changed in it and
   * what was done to them. null in the other modes.
   */
  window: {
    since: string;
    until: string;
    from: 'checkpoint' | 'option' | 'first run';
    kinds: Record<ExperienceWindowKind, KindCounts>;
    /** Whether the checkpoint moved to `until` (a complete run that was not a dry run). */
    checkpoint_saved: boolean;
  } | null;
  changes: DreamChange[];
}

export interface DreamOptions {
  mode?: DreamMode;
  /**
   * Only these (memory tabs, 'entities'): the window's choice. Given, it decides what runs instead
   * of `mode` ('all' in it means everything); the experience window runs only in its own mode.
   */
  kinds?: DreamMode[];
  dryRun?: boolean;
  now?: number;
  /** Episodes older than this many days, and unused, are rolled into hour summaries (default 1). */
  hourRollupAfterDays?: number;
  /** Hour summaries older than this many days are rolled into day summaries (default 7). */
  dayRollupAfterDays?: number;
  /** Half-life of the usage weight (days): a memory used recently is not rolled up (default 30). */
  halfLifeDays?: number;
  timeZone?: string;
  /**
   * With an online model, the rules run first, then the model reviews clusters of look-alikes
   * (near-duplicates, contradictions, stale wording) and proposes merges, supersessions and rewrites.
   */
  llm?: LlmProvider;
  /** Rules only, even with a model configured. */
  offline?: boolean;
  /** Model name for the review (overrides the configured extraction model). */
  model?: string;
  /** Clusters reviewed per kind at most (default 12). */
  maxClusters?: number;
  /**
   * Experience mode: the window's start (epoch ms) instead of the last run's checkpoint. A run with
   * it still moves the checkpoint to now when it completes.
   */
  since?: number;
  /** Procedural skill distillation: reusable workflows from the last N sessions (needs a model). */
  lastNSessions?: number;
  signal?: AbortSignal;
  /** Called between steps so a long run can yield and report progress. */
  onProgress?: (step: string) => void;
}
