import type { Memory, PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';

/** One memory [1] seen on one screen passage, as the offline answer receives it (for fact-sentence tests). */
export function screenMemory(kind: PassageMatch['kind'], text: string, title: string, at: string): NumberedMemory[] {
  const p: PassageMatch = { kind, text, marked: text, snippet: text.slice(0, 80), observation_id: 'obs_1', frame_id: null, seen_at: at, last_seen_at: at, sightings: 1, app: 'Chromium', window_title: title, url: null, score: 5, next: null };
  const m: Memory = {
    id: 'mem_1', kind: 'episodic', title, text: title, details: '', fields: {}, app: 'Chromium', occurred_at: at, ended_at: null,
    segment: 'seg_1', created_at: at, updated_at: at, access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
  };
  return [{ n: 1, memory: m, source: 'search', score: 1, line: title, passages: [p] }];
}
