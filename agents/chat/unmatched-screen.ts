import type { Memory, PassageMatch } from '../../shared/index.js';
import type { ChatStore } from './chat-types.js';

/**
 * The screen a memory was taken from, as passages the answer can read: for a screen the search
 * ranked by its meaning or its title while no word of the question matched any of its passages
 * ("when did I join the company" and a profile that says "Hire date"). Null when the memory cites
 * no screen.
 */
export type ScreenOf = (m: Memory) => PassageMatch[] | null;

/** The latest screen a memory cites, read back from the store: every passage of it, in reading order, scored 0 (nothing matched). */
export function screenReader(store: Pick<ChatStore, 'memories' | 'observations' | 'passages'>): ScreenOf {
  return (m) => {
    const passages = store.passages;
    if (!passages) return null;
    const screens = store.memories
      .provenance(m.id)
      .filter((p) => p.source_type === 'observation')
      .map((p) => store.observations.get(p.source_id))
      .filter((o) => o !== null && o.kind === 'screen' && o.frame_id !== null);
    const o = screens.sort((a, b) => b!.observed_at - a!.observed_at)[0];
    if (!o) return null;
    const seen = new Date(o.observed_at).toISOString();
    const list = passages.ofObservation(o.id);
    return list.map((p, i) => ({
      kind: p.kind,
      text: p.text,
      marked: p.text,
      snippet: p.text.slice(0, 160),
      observation_id: o.id,
      frame_id: o.frame_id,
      seen_at: seen,
      last_seen_at: seen,
      sightings: 1,
      app: o.app,
      window_title: o.title,
      url: o.url,
      score: 0,
      next: list[i + 1] ? { kind: list[i + 1]!.kind, text: list[i + 1]!.text } : null,
    }));
  };
}
