import { createHash } from 'node:crypto';
import type { EngramStore } from '../../agents/store/index.js';

/** A hash of what the user sees of every memory (not local bookkeeping such as versions or use counts): two synced stores agree on it. */
export function memoriesHash(s: EngramStore): string {
  return createHash('sha256')
    .update(JSON.stringify(s.memories.list({ includeSuperseded: true, limit: 100_000, order: 'oldest' }).map((m) => [m.id, m.kind, m.title, m.text, m.details, m.fields, m.app, m.occurred_at, m.superseded_by]).sort()))
    .digest('hex');
}

/** The ids keyword search finds for a query. */
export async function foundIds(s: EngramStore, q: string): Promise<string[]> {
  return (await s.search({ query: q, mode: 'bm25' })).map((r) => r.memory.id);
}
