import type { ApiClient } from '../../../shared/api/index.js';

export type OpenVia = 'search' | 'open' | 'timeline' | 'graph';

/**
 * How the next detail of a memory was reached, set by a link that leaves its screen (a person's
 * page) so the Memories detail it lands on counts the use once, under the right source.
 */
const pending = new Map<string, OpenVia | 'counted'>();

export function markOpenVia(id: string, via: OpenVia): void {
  pending.set(id, via);
}

/**
 * For a link to a memory whose use was already counted where the link is (a chat citation counts
 * when the answer cites it, a timeline detail when it settles): the detail it lands on counts nothing.
 */
export function markCounted(id: string): void {
  pending.set(id, 'counted');
}

/** The source a link set for this memory, if any; taking it clears it so a later open counts as itself. */
export function takeOpenVia(id: string): OpenVia | 'counted' | undefined {
  const via = pending.get(id);
  pending.delete(id);
  return via;
}

/** Counts one use of a memory the user opened; a failed count never disturbs what is shown. */
export function recordUse(api: ApiClient, id: string, via: OpenVia): void {
  api.call('memories.used', { ids: [id], via }).catch(() => undefined);
}
