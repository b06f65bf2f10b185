import type { Memory } from '../../shared/index.js';
import type { EngramStore, EntityKind, EntityRecord, GraphFactRecord } from '../store/index.js';

/** What the entity views read from the store (read-only). */
export interface EntityProfileStore {
  graph: Pick<EngramStore['graph'], 'entitiesIn' | 'list' | 'get' | 'facts' | 'memoryIdsOf'>;
  memories: Pick<EngramStore['memories'], 'get'>;
}

/** A person, project or organisation as the graph knows it: its facts and its latest memories. */
export interface EntityProfile {
  entity: EntityRecord;
  /** Newest first. */
  facts: GraphFactRecord[];
  /** The entities its facts tie it to, most shared first. */
  partners: { name: string; kind: EntityKind; shared: number }[];
  /** Memories about it (it is their subject) first, then the ones naming it; newest first in each. */
  memories: Memory[];
}

export interface ProfileLimits {
  facts: number;
  memories: number;
  partners: number;
}

const DEFAULT_LIMITS: ProfileLimits = { facts: 8, memories: 6, partners: 6 };

/**
 * The entity a name means: the longest alias the name holds (as a question is read), else the
 * entity whose name or alias contains it. A name that matches nothing gives null, never a guess.
 */
export function findEntity(store: EntityProfileStore, name: string, kind?: EntityKind): EntityRecord | null {
  const named = store.graph.entitiesIn(name, 3).filter((e) => !kind || e.kind === kind);
  const id = named[0]?.id ?? store.graph.list({ query: name, kind, limit: 1 })[0]?.id;
  return id ? store.graph.get(id) : null;
}

/** The profile of one entity, bounded by `limits` whatever the size of its history. */
export function entityProfile(store: EntityProfileStore, entity: EntityRecord, limits: Partial<ProfileLimits> = {}): EntityProfile {
  const l = { ...DEFAULT_LIMITS, ...limits };
  const facts = store.graph.facts(entity.id, Math.max(l.facts, 40));
  const shared = new Map<string, { name: string; kind: EntityKind; shared: number }>();
  for (const f of facts) {
    for (const p of f.participants) {
      if (p.entity_id === entity.id) continue;
      const s = shared.get(p.entity_id) ?? { name: p.name, kind: p.kind, shared: 0 };
      s.shared++;
      shared.set(p.entity_id, s);
    }
  }
  const partners = [...shared.values()].sort((a, b) => b.shared - a.shared).slice(0, l.partners);
  const links = store.graph.memoryIdsOf(entity.id, l.memories * 4);
  const ordered = [...links.filter((x) => x.role === 'subject'), ...links.filter((x) => x.role !== 'subject')];
  const memories: Memory[] = [];
  for (const x of ordered) {
    if (memories.length >= l.memories) break;
    const m = store.memories.get(x.memory_id);
    if (m && !m.superseded_by) memories.push(m);
  }
  return { entity, facts: facts.slice(0, l.facts), partners, memories };
}

/** "a person", "an organisation": how the kind reads in a sentence. */
export function kindPhrase(kind: EntityKind): string {
  switch (kind) {
    case 'person':
      return 'a person';
    case 'organization':
      return 'an organisation';
    case 'project':
      return 'a project';
    case 'place':
      return 'a place';
    case 'document':
      return 'a document';
    default:
      return 'a name';
  }
}
