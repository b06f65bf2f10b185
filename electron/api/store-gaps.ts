import type { EngramStore } from '../../agents/store/index.js';

/** Thin names the timeline handlers use; both now live behind the store's door. */
export function deleteObservations(store: EngramStore, ids: string[]): { observations: number; memories: number } {
  return store.observations.delete(ids);
}

export type RangeTimes = ReturnType<EngramStore['timesInRange']>;

export function timesInRange(store: EngramStore, from: number, to: number): RangeTimes {
  return store.timesInRange(from, to);
}
