import type { EngramStore } from '../../agents/memory/index.js';

/**
 * The two things the UI needs that the store's door does not offer yet (asked of the store's owner:
 * `observations.delete(ids)` and timestamp counts by range). Kept in this one file, read-only
 * except for deleting observation rows, so switching to the door is a one-file change.
 */

/** Deletes observation rows and every memory citing them, in one transaction. Returns rows deleted. */
export function deleteObservations(store: EngramStore, ids: string[]): { observations: number; memories: number } {
  if (ids.length === 0) return { observations: 0, memories: 0 };
  return store.transaction(() => {
    const memories = store.memories.delete(store.memories.bySource('observation', ids));
    const del = store.db.prepare('DELETE FROM observations WHERE id = ?');
    let observations = 0;
    for (const id of ids) observations += del.run(id).changes;
    return { observations, memories };
  });
}

export interface RangeTimes {
  frames: number[];
  observations: number[];
  memories: number[];
}

/** Just the timestamps in [from, to), for day summaries: cheaper than loading rows. */
export function timesInRange(store: EngramStore, from: number, to: number): RangeTimes {
  const pluck = (sql: string) => store.db.prepare(sql).pluck().all(from, to) as number[];
  return {
    frames: pluck('SELECT captured_at FROM frames WHERE captured_at >= ? AND captured_at < ?'),
    observations: pluck('SELECT observed_at FROM observations WHERE observed_at >= ? AND observed_at < ?'),
    memories: pluck('SELECT COALESCE(occurred_at, created_at) AS t FROM memories WHERE superseded_by IS NULL AND COALESCE(occurred_at, created_at) >= ? AND COALESCE(occurred_at, created_at) < ?'),
  };
}
