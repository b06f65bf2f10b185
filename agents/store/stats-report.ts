import type { StoreStatsOutput } from '../../shared/api/index.js';
import type { EngramStore } from './store.js';

const when = (m: { occurred_at: string | null; created_at: string } | undefined) => (m ? (m.occurred_at ?? m.created_at) : null);

/** What is stored and how much room it takes, as the store.stats request answers it (and `engram stats` reads it without the engine). */
export function storeStatsReport(store: EngramStore): StoreStatsOutput {
  const s = store.stats();
  const newest = store.memories.list({ order: 'newest', limit: 1, includeSuperseded: true })[0];
  const oldest = store.memories.list({ order: 'oldest', limit: 1, includeSuperseded: true })[0];
  return {
    data_dir: store.dataDir,
    key_kind: store.keyKind,
    counts: s.counts,
    frame_bytes: s.frame_bytes,
    audio_bytes: s.audio_bytes,
    db_bytes: s.db_bytes,
    pending_embeddings: s.pending_embeddings,
    pending_passage_embeddings: s.pending_passage_embeddings,
    counters: s.counters,
    newest_memory_at: when(newest),
    oldest_memory_at: when(oldest),
  };
}
