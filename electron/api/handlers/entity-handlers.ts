import type { EntityRecord, GraphFactRecord } from '../../../agents/store/index.js';
import type { Entity, EntityCard, EntityFact, EntityHistoryEntry, EntityMention, EntityMoment, EntityRef } from '../../../shared/api/index.js';
import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

type EntityNames = 'entities.list' | 'entities.get' | 'entities.rename' | 'entities.merge' | 'entities.split' | 'entities.delete' | 'entities.about';

/** Cards beside one answer, and facts on each. */
const CARDS = 3;
const CARD_FACTS = 3;

const SNIPPET = 200;
const MOMENTS = 300;
const iso = (ms: number) => new Date(ms).toISOString();
const snippet = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > SNIPPET ? `${t.slice(0, SNIPPET - 1)}…` : t;
};

export function entityDto(e: EntityRecord): Entity {
  return {
    id: e.id,
    kind: e.kind,
    name: e.name,
    aliases: e.aliases,
    summary: e.summary,
    first_seen: iso(e.first_seen),
    last_seen: iso(e.last_seen),
    mentions: e.mentions,
    facts: e.facts,
  };
}

function factDto(f: GraphFactRecord): EntityFact {
  return { ...f, occurred_at: f.occurred_at == null ? null : iso(f.occurred_at) };
}

/** A snapshot as graph history keeps it: the entity before the change, or {kept, merged, by} for a merge. */
function historyDto(h: { changed_at: number; reason: string; snapshot: unknown }): EntityHistoryEntry {
  const snap = (h.snapshot && typeof h.snapshot === 'object' ? h.snapshot : {}) as Record<string, unknown>;
  const named = (v: unknown): { name: string; aliases: string[] } | null => {
    if (!v || typeof v !== 'object') return null;
    const r = v as Record<string, unknown>;
    const aliases = Array.isArray(r.aliases) ? r.aliases.filter((a): a is string => typeof a === 'string') : [];
    return typeof r.name === 'string' ? { name: r.name, aliases } : null;
  };
  const kept = named(snap.kept);
  const merged = named(snap.merged);
  const by = snap.by === 'dream' ? 'dream' : h.reason === 'full name learned' ? 'engram' : 'user';
  return { changed_at: iso(h.changed_at), reason: h.reason, by, was: (kept ?? named(snap))?.name ?? '', merged };
}

/** People & projects: the graph's entities, what is known about each, and the user's corrections. */
export function entityHandlers(deps: ApiDeps): HandlerGroup<EntityNames> {
  const { store } = deps;
  const need = (id: string): EntityRecord => store.graph.get(id) ?? fail('NOT_FOUND', 'That entity no longer exists.');
  // A high-sensitivity vault item is never quoted beside an answer, nor a fact resting on one (its statement may carry it).
  const withheld = (memoryId: string): boolean => {
    const m = store.memories.get(memoryId);
    return m !== null && m.kind === 'knowledge_vault' && m.fields['sensitivity'] !== 'low' && m.fields['sensitivity'] !== 'medium';
  };

  return {
    // Documents are named by their titles and are the resource memories' (deduplicated there and in
    // the graph, where chat and memory detail link them); People & projects lists who and what the
    // user met, so a page title shows only when documents are asked for by kind.
    'entities.list': (input) => ({
      items: store.graph.list({ query: input.query || undefined, kind: input.kind, exceptKinds: input.kind ? [] : ['document'], limit: input.limit }).map(entityDto),
    }),

    'entities.get': (input) => {
      const entity = need(input.id);
      const moments: EntityMoment[] = [];
      for (const r of store.graph.memoryIdsOf(input.id, MOMENTS)) {
        const m = store.memories.get(r.memory_id);
        if (!m) continue;
        moments.push({ memory_id: m.id, kind: m.kind, title: m.title, snippet: snippet(m.text), at: m.occurred_at ?? m.created_at, role: r.role });
      }
      // The timeline of moments reads forward in time.
      moments.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
      return { entity: entityDto(entity), facts: store.graph.facts(input.id).map(factDto), moments, history: store.graph.historyOf(input.id).map(historyDto) };
    },

    'entities.rename': (input) => {
      need(input.id);
      return { entity: entityDto(store.graph.rename(input.id, input.name)) };
    },

    'entities.merge': (input) => {
      if (input.keep === input.gone) fail('INVALID_INPUT', 'Pick two different entities to merge.');
      need(input.keep);
      need(input.gone);
      return { entity: entityDto(store.graph.merge(input.keep, input.gone)) };
    },

    'entities.split': (input) => {
      need(input.id);
      return { entity: entityDto(store.graph.splitAlias(input.id, input.alias)) };
    },

    'entities.delete': (input) => {
      need(input.id);
      return { deleted: store.graph.delete(input.id) };
    },

    'entities.about': (input) => {
      const named: EntityCard[] = [];
      for (const hit of store.graph.entitiesIn(input.text)) {
        if (named.length >= CARDS) break;
        const e = store.graph.get(hit.id);
        if (!e) continue;
        const key_facts = store.graph
          .facts(e.id, CARD_FACTS)
          .filter((f) => !f.sources.some(withheld))
          .map((f) => ({ statement: f.statement, sources: f.sources }));
        named.push({ ...entityDto(e), key_facts });
      }
      const by_memory: Record<string, EntityRef[]> = {};
      for (const id of new Set(input.memory_ids)) {
        if (withheld(id) || !store.memories.get(id)) continue;
        by_memory[id] = store.graph.entitiesOf(id).map((e) => ({ id: e.id, name: e.name, kind: e.kind, role: e.role }));
      }
      return { named, by_memory };
    },
  };
}

/** Entities a memory mentions, for memory detail. */
export function memoryEntities(deps: ApiDeps, memoryId: string): EntityMention[] {
  return deps.store.graph.entitiesOf(memoryId).map((e) => ({ ...entityDto(e), role: e.role }));
}
