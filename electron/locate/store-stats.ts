import { openStore, storeStatsReport } from '../../agents/store/index.js';
import type { StoreStatsOutput } from '../../shared/api/index.js';
import type { StoreSource } from './store-location.js';

/**
 * What `engram stats` prints, read without starting the engine (issue 34: the handler map, the
 * model client and their schemas cost a one-shot command more than the counting): the store opened
 * as the engine opens it for a command that never searches by meaning (a location's embedder choice
 * aside: counting needs none), read as the store.stats request reads it (storeStatsReport), closed.
 */
export async function readStoreStats(source: StoreSource): Promise<StoreStatsOutput> {
  const store = typeof source === 'function' ? await source() : await openStore({ dataDir: source.dataDir, keyProvider: source.keyProvider, embedder: null });
  try {
    return storeStatsReport(store);
  } finally {
    await store.close();
  }
}
