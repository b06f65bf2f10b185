import type { Memory, MemoryKind, Provenance } from '../../shared/index.js';
import type { MemoryPatch } from '../store/index.js';

/** A memory a sub-agent wants written; the writer decides insert, merge or supersede. */
export interface MemoryDraft {
  kind: MemoryKind;
  title: string;
  text: string;
  details?: string;
  fields?: Record<string, unknown>;
  app?: string | null;
  occurred_at?: number | null;
  ended_at?: number | null;
  segment?: string | null;
  /** The observations / messages it came from. Never empty for agent writes. */
  provenance: Provenance[];
}

export type Relation = 'same' | 'conflict' | 'different';

/** How one kind decides whether a draft is new, a duplicate, or contradicts what is known. */
export interface KindPolicy {
  kind: MemoryKind;
  /** Text used to look up existing memories about the same thing (default: title + text). */
  lookupText?(draft: MemoryDraft): string;
  /** Existing memories to compare with, when a plain search is the wrong tool (episodes: by time). */
  candidates?(draft: MemoryDraft): Memory[] | Promise<Memory[]>;
  /** Candidates come revealed for the vault, so secrets can be compared. */
  compare(existing: Memory, draft: MemoryDraft): Relation;
  /** The patch that folds the draft into an existing memory about the same thing; null: nothing new. */
  merge(existing: Memory, draft: MemoryDraft): MemoryPatch | null;
}

export interface WriteOutcome {
  op: 'insert' | 'update' | 'noop' | 'supersede';
  id: string;
  kind: MemoryKind;
  /** For 'supersede': the older memory now superseded by `id`. */
  superseded?: string;
}
