import type { Memory, Provenance } from '../../shared/index.js';
import type { BrainStore } from '../subagent-kit/index.js';
import type { MemoryPatch } from '../store/index.js';

export function provenanceUnion(store: Pick<BrainStore, 'memories'>, ids: string[], exclude: Set<string> = new Set()): Provenance[] {
  const out: Provenance[] = [];
  const seen = new Set(exclude);
  for (const id of ids) {
    for (const p of store.memories.provenance(id)) {
      const k = `${p.source_type}:${p.source_id}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(p);
    }
  }
  return out;
}

export function linesUnion(texts: string[], max: number): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of texts) {
    for (const l of t.split('\n')) {
      const k = l.trim().toLowerCase();
      if (!k || seen.has(k)) continue;
      seen.add(k);
      out.push(l);
    }
  }
  while (out.join('\n').length > max && out.length > 1) out.shift();
  return out.join('\n');
}

/**
 * Folds duplicates into one survivor (the oldest, so ids cited elsewhere stay valid): the survivor
 * takes the union of their details and sources plus `patch`; the others are superseded by it —
 * kept, with their history, but out of search.
 */
export function mergeGroup(store: BrainStore, survivor: Memory, others: Memory[], patch: MemoryPatch, reason: string): void {
  const have = new Set(store.memories.provenance(survivor.id).map((p) => `${p.source_type}:${p.source_id}`));
  const addProvenance = provenanceUnion(store, others.map((m) => m.id), have);
  store.transaction(() => {
    store.memories.update(survivor.id, { ...patch, addProvenance }, reason);
    for (const m of others) store.memories.update(m.id, { superseded_by: survivor.id }, `merged into ${survivor.id} (${reason})`);
  });
}

export const oldestFirst = (a: Memory, b: Memory): number => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id.localeCompare(b.id);
export const newestFirst = (a: Memory, b: Memory): number => -oldestFirst(a, b);
export const timeOf = (m: Memory): number => Date.parse(m.occurred_at ?? m.created_at);
