import { EDITED_BY_USER, type ListMemoriesOptions } from '../../../agents/store/index.js';
import type { Memory, MemoryKind, MemoryMatch, MemoryTab, ProvenanceDetail } from '../../../shared/api/index.js';
import { MEMORY_KINDS } from '../../../shared/index.js';
import { fail } from '../errors.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';
import { memoryEntities } from './entity-handlers.js';

type MemoryNames =
  | 'memories.list'
  | 'memories.counts'
  | 'memories.search'
  | 'memories.get'
  | 'memories.reveal'
  | 'memories.update'
  | 'memories.delete'
  | 'memories.used'
  | 'memories.restore';

const EXCERPT = 280;
const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
const excerpt = (s: string | null | undefined) => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t.length > EXCERPT ? `${t.slice(0, EXCERPT - 1)}…` : t;
};

/** The Experiences tab is the procedural rows with entry_type "experience"; Procedural shows the rest. */
export function tabFilter(tab: MemoryTab): Pick<ListMemoriesOptions, 'kinds' | 'experiences'> {
  if (tab === 'experience') return { kinds: ['procedural'], experiences: true };
  if (tab === 'procedural') return { kinds: ['procedural'], experiences: false };
  return { kinds: [tab] };
}

function isExperience(m: Memory): boolean {
  return m.kind === 'procedural' && m.fields['entry_type'] === 'experience';
}

export function memoryHandlers(deps: ApiDeps): HandlerGroup<MemoryNames> {
  const { store } = deps;

  function resolveSource(source_type: ProvenanceDetail['source_type'], source_id: string): ProvenanceDetail {
    const base = { source_type, source_id, at: null, app: null, title: null, excerpt: '', frame_id: null, thread_id: null, missing: true };
    if (source_type === 'frame') {
      const f = store.frames.get(source_id);
      return f ? { ...base, at: iso(f.captured_at), app: f.app, title: f.title, frame_id: f.damaged ? null : f.id, missing: false } : base;
    }
    if (source_type === 'observation') {
      const o = store.observations.get(source_id);
      if (!o) return base;
      const frameAlive = o.frame_id ? store.frames.get(o.frame_id) : null;
      return {
        ...base,
        at: iso(o.observed_at),
        app: o.app,
        title: o.title,
        excerpt: excerpt(o.caption ? `${o.caption} — ${o.text}` : o.text),
        frame_id: frameAlive && !frameAlive.damaged ? frameAlive.id : null,
        missing: false,
      };
    }
    if (source_type === 'message') {
      const m = store.messages.get(source_id);
      if (!m) return base;
      const thread = store.threads.get(m.thread_id);
      return {
        ...base,
        at: iso(m.created_at),
        title: thread ? thread.title : m.role === 'user' ? 'You said' : 'Assistant',
        excerpt: excerpt(m.text),
        thread_id: thread ? thread.id : null,
        missing: false,
      };
    }
    const a = store.audio.get(source_id);
    return a ? { ...base, at: iso(a.started_at), title: 'Recording', excerpt: `${Math.round(a.duration_ms / 1000)} s of audio`, missing: false } : base;
  }

  return {
    'memories.list': async (input) => {
      const filter = tabFilter(input.tab);
      if (!input.query) {
        const opts: ListMemoriesOptions = {
          ...filter,
          app: input.app,
          since: input.since ? Date.parse(input.since) : undefined,
          until: input.until ? Date.parse(input.until) : undefined,
          order: 'newest',
          archived: input.include_archived ? undefined : false,
        };
        return {
          items: store.memories.list({ ...opts, limit: input.limit, offset: input.offset }),
          total: store.memories.count(opts),
        };
      }
      // Search ranks; the window past offset+limit is cut (the search itself caps at 200 results).
      const want = Math.min(200, input.offset + input.limit);
      const results = await store.search({
        query: input.query,
        kinds: filter.kinds,
        app: input.app,
        limit: input.tab === 'procedural' || input.tab === 'experience' ? 200 : want,
        includeArchived: input.include_archived,
      });
      const kept = results.filter((r) => (input.tab === 'experience' ? isExperience(r.memory) : input.tab === 'procedural' ? !isExperience(r.memory) : true));
      const page = kept.slice(input.offset, input.offset + input.limit);
      const matches: Record<string, MemoryMatch> = {};
      for (const r of page) {
        const p = r.passages?.[0];
        if (p) matches[r.memory.id] = { text: p.snippet, source: 'screen', where: p.window_title ?? p.app, seen_at: p.seen_at, observation_id: p.observation_id };
        else if (r.snippet) matches[r.memory.id] = { text: r.snippet, source: 'memory', where: null, seen_at: null };
      }
      return { items: page.map((r) => r.memory), total: kept.length, matches };
    },

    'memories.counts': () => {
      const counts = {} as Record<MemoryTab, number>;
      // What search and chat see: archived memories are listed only on request.
      for (const kind of MEMORY_KINDS) counts[kind] = store.memories.count({ ...tabFilter(kind), archived: false });
      counts.experience = store.memories.count({ ...tabFilter('experience'), archived: false });
      return { counts };
    },

    'memories.search': async (input) => {
      let keywordOnly = false;
      const results = await store.search({
        query: input.query,
        kinds: input.kinds as MemoryKind[] | undefined,
        since: input.since ? Date.parse(input.since) : undefined,
        until: input.until ? Date.parse(input.until) : undefined,
        app: input.app,
        limit: input.limit,
        includeArchived: input.include_archived,
        onKeywordOnly: () => (keywordOnly = true),
      });
      return keywordOnly ? { results, keyword_only: true } : { results };
    },

    'memories.get': (input) => {
      const memory = store.memories.get(input.id);
      if (!memory) fail('NOT_FOUND', 'That memory no longer exists.');
      return {
        memory,
        provenance: store.memories.provenance(input.id).map((p) => resolveSource(p.source_type, p.source_id)),
        history: store.memories.history(input.id),
        supersedes: memory.superseded_by ? [memory.superseded_by] : [],
        entities: memoryEntities(deps, input.id),
      };
    },

    'memories.reveal': (input) => {
      const memory = store.memories.get(input.id, { reveal: true });
      if (!memory) fail('NOT_FOUND', 'That memory no longer exists.');
      if (memory.kind !== 'knowledge_vault' || typeof memory.fields['secret'] !== 'string') fail('INVALID_INPUT', 'Only knowledge-vault items have a value to reveal.');
      // Counted (never logged with the value) so the user can see how often secrets were shown.
      store.counters.bump('vault.reveals');
      return { secret: memory.fields['secret'] as string };
    },

    'memories.update': (input) => {
      if (!store.memories.get(input.id)) fail('NOT_FOUND', 'That memory no longer exists.');
      const memory = store.memories.update(input.id, input.patch, EDITED_BY_USER);
      // Editing a memory by hand is using it.
      store.memories.markUsed([input.id]);
      return { memory: store.memories.get(input.id) ?? memory };
    },

    'memories.delete': (input) => ({ deleted: store.memories.delete(input.ids) }),

    'memories.used': (input) => {
      const recorded = store.memories.markUsed(input.ids);
      // Counted by source, so the window can show where use comes from (MIRA's activity).
      if (recorded) store.counters.bump(`memory.used.${input.via}`, recorded);
      return { recorded };
    },

    'memories.restore': (input) => ({ restored: store.memories.restore(input.ids) }),
  };
}
