import { markCounted } from '../../lib/memory-use.js';
import { momentHref } from '../../lib/moment-link.js';
import { hrefFor } from '../../lib/route.js';
import type { DayItem } from './timeline-model.js';

/**
 * Where a timeline item opens: a screen moment with a picture in the moment view (the filter's
 * words highlighted), a memory in Memories; null for what has nowhere to go (audio, a lost picture).
 */
export function itemHref(item: DayItem, query: string): string | null {
  if (item.type === 'memory') return hrefFor('memories', item.kind, item.id);
  return item.pictureId ? momentHref(item.id, query) : null;
}

/** Before following a memory's link from the timeline: its detail here already counted the use. */
export function beforeOpen(item: DayItem): void {
  if (item.type === 'memory') markCounted(item.id);
}
