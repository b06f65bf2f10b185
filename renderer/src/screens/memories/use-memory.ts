import type { EntityMention, Memory, MemoryHistoryEntry, ProvenanceDetail } from '../../../../shared/api/index.js';
import { useLoaded, type Loaded } from '../../lib/use-loaded.js';

export interface LoadedMemory {
  memory: Memory;
  provenance: ProvenanceDetail[];
  history: MemoryHistoryEntry[];
  supersedes: string[];
  /** People, projects and things it mentions (absent from an older host). */
  entities?: EntityMention[];
}

/**
 * One memory with where it came from and its history. `missing` turns true when the host no longer
 * has it (deleted, or forgotten with its moments); `reload` asks again, after an edit.
 */
export function useMemory(id: string): Loaded<LoadedMemory> {
  return useLoaded(id, (api) => api.call('memories.get', { id }));
}
