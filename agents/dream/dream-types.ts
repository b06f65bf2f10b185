import { z } from 'zod';
import { MEMORY_TABS, type MemoryKind } from '../../shared/index.js';

export const DREAM_MODES = [...MEMORY_TABS, 'all'] as const;
/** 'knowledge', the CLI's earlier name for the vault, is still taken. */
export const DreamModeSchema = z.preprocess((v) => (v === 'knowledge' ? 'knowledge_vault' : v), z.enum(DREAM_MODES));
export type DreamMode = z.infer<typeof DreamModeSchema>;

export type DreamAction = 'merge' | 'supersede' | 'rollup' | 'compress';

/** One change: which memories went in (`before`) and which one stands for them now (`after`). */
export interface DreamChange {
  action: DreamAction;
  kind: MemoryKind | 'experience';
  before: string[];
  /** null in a dry run when the change would create a new memory. */
  after: string | null;
  reason: string;
}

export interface DreamReport {
  mode: DreamMode;
  dry_run: boolean;
  started_at: string;
  finished_at: string;
  counts: { merged: number; superseded: number; rolled_up: number; compressed: number; faded: number; examined: number };
  changes: DreamChange[];
}

export interface DreamOptions {
  mode?: DreamMode;
  dryRun?: boolean;
  now?: number;
  /** Episodes older than this many days, and unused, are rolled into hour summaries (default 1). */
  hourRollupAfterDays?: number;
  /** Hour summaries older than this many days are rolled into day summaries (default 7). */
  dayRollupAfterDays?: number;
  /** Half-life of the usage weight (days): a memory used recently is not rolled up (default 30). */
  halfLifeDays?: number;
  timeZone?: string;
  /** Called between steps so a long run can yield and report progress. */
  onProgress?: (step: string) => void;
}
