import { useEffect, useState } from 'react';
import type { EntityMention, Memory, MemoryHistoryEntry, ProvenanceDetail } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';

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
export function useMemory(id: string): { data: LoadedMemory | null; missing: boolean; setData(d: LoadedMemory): void; reload(): void } {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const [data, setData] = useState<LoadedMemory | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .call('memories.get', { id })
      .then((r) => live && setData(r))
      .catch((e) => {
        if (!live) return;
        if ((e as { code?: string }).code === 'NOT_FOUND') setMissing(true);
        else toast(errorText(e), 'error');
      });
    return () => {
      live = false;
    };
  }, [api, id, toast]);
  const reload = () => void api.call('memories.get', { id }).then(setData, () => undefined);
  return { data, missing, setData, reload };
}
