import type { Memory, PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';

export interface ScreenMemoryOptions {
  /** The frame the passage was read from, for tests that lay its words out (frame_id null without). */
  frameId?: string;
  /** The memory's title and text when they are not the window's title (a browse memory's "Browsed …"). */
  memory?: { title: string; text: string };
  /** The whole text as the snippet, not its first 80 characters. */
  fullSnippet?: boolean;
}

/** One memory [1] seen on one screen passage, as the offline answer receives it (for fact-sentence tests). */
export function screenMemory(kind: PassageMatch['kind'], text: string, title: string, at: string, o: ScreenMemoryOptions = {}): NumberedMemory[] {
  const p: PassageMatch = {
    kind, text, marked: text, snippet: o.fullSnippet ? text : text.slice(0, 80), observation_id: 'obs_1', frame_id: o.frameId ?? null, seen_at: at, last_seen_at: at, sightings: 1,
    app: 'Chromium', window_title: title, url: null, score: 5, next: null,
  };
  const said = o.memory ?? { title, text: title };
  const m: Memory = {
    id: 'mem_1', kind: 'episodic', title: said.title, text: said.text, details: '', fields: {}, app: 'Chromium', occurred_at: at, ended_at: null,
    segment: 'seg_1', created_at: at, updated_at: at, access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
  };
  return [{ n: 1, memory: m, source: 'search', score: 1, line: said.text, passages: [p] }];
}

export interface ScreenPassageOptions {
  kind?: PassageMatch['kind'];
  /** Default `obs_<score>`: each passage its own sighting unless a test says they share one. */
  observationId?: string;
  frameId?: string | null;
}

/** One passage read off a Chromium window titled `title`, seen at `at`, ranked by `score`. */
export function screenPassage(text: string, title: string, score: number, at: string, o: ScreenPassageOptions = {}): PassageMatch {
  return {
    kind: o.kind ?? 'row', text, marked: text, snippet: text, observation_id: o.observationId ?? `obs_${score}`, frame_id: o.frameId ?? null, seen_at: at, last_seen_at: at,
    sightings: 1, app: 'Chromium', window_title: title, url: null, score, next: null,
  };
}

/** One browse memory [1] ("Browsed <title>") whose screen passages are `passages`. */
export function browsedScreen(title: string, at: string, passages: PassageMatch[]): NumberedMemory[] {
  const m: Memory = {
    id: 'mem_1', kind: 'episodic', title: `Browsed "${title}"`, text: 'Looked at a page', details: '', fields: {}, app: 'Chromium', occurred_at: at, ended_at: null,
    segment: 'seg_1', created_at: at, updated_at: at, access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
  };
  return [{ n: 1, memory: m, source: 'search', score: 1, line: m.text, passages }];
}
