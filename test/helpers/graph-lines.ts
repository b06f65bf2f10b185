import { buildGraph } from '../../agents/graph/index.js';
import type { EngramStore } from '../../agents/store/index.js';

const HOUR = 3_600_000;

/**
 * Memories as the brain writes them, read into the graph by the brain's own builder, one hour apart
 * from `t0` on (one clock for both kinds): a chat line, and a page seen at an address.
 */
export function graphLines(t0: number): { say(store: EngramStore, text: string, actor?: string): string; page(store: EngramStore, title: string, location: string): string } {
  let clock = 0;
  const write = (store: EngramStore, m: Parameters<EngramStore['memories']['insert']>[0]): string => {
    const at = t0 + ++clock * HOUR;
    const saved = store.memories.insert({ ...m, occurred_at: at });
    buildGraph(store, [{ id: saved.id, kind: saved.kind, title: saved.title, text: saved.text, fields: saved.fields, at }]);
    return saved.id;
  };
  return {
    say: (store, text, actor = 'Ben Okafor') => write(store, { kind: 'episodic', title: '', text, fields: { event_type: 'message', actor } }),
    page: (store, title, location) => write(store, { kind: 'resource', title, text: `Seen ${title}`, fields: { resource_type: 'url', location } }),
  };
}
