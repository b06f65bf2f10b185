import type { EngramStore } from '../store/index.js';

/** The part of the store the brain uses; tests can hand in the real store or anything shaped like it. */
export type BrainStore = Pick<
  EngramStore,
  'memories' | 'graph' | 'search' | 'observations' | 'messages' | 'threads' | 'settings' | 'llmCalls' | 'counters' | 'transaction' | 'events' | 'holdMemoryEmbedding' | 'mergeKeywordIndexSlice'
>;
