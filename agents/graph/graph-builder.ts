import type { EngramStore } from '../store/index.js';
import { extractGraph, type ExtractedEntity, type GraphSourceMemory } from './entity-extractor.js';

export interface GraphBuildReport {
  memories: number;
  entities: number;
  facts: number;
}

/**
 * Reads memories into the graph: resolves each entity (so "Ana", "Ana Souza" and "A. Souza" are
 * one person), links it to the memory, and records the facts that tie entities together, each
 * citing the memory. Idempotent per memory: entities and facts are keyed, mentions are a set.
 */
export function buildGraph(store: Pick<EngramStore, 'graph' | 'transaction'>, memories: readonly GraphSourceMemory[]): GraphBuildReport {
  const report: GraphBuildReport = { memories: 0, entities: 0, facts: 0 };
  if (!memories.length) return report;
  store.transaction(() => {
    for (const m of memories) {
      const { entities, facts } = extractGraph(m);
      if (!entities.length) continue;
      report.memories++;
      const names = entities.map((e) => e.name);
      const idOf = new Map<string, string>();
      const resolve = (e: Pick<ExtractedEntity, 'name' | 'kind'>): string => {
        const k = e.name.toLowerCase();
        let id = idOf.get(k);
        if (!id) {
          id = store.graph.upsertEntity({ name: e.name, kind: e.kind, at: m.at, context: names });
          idOf.set(k, id);
          report.entities++;
        }
        return id;
      };
      // Full names first, so a lone first name in the same memory resolves to them.
      for (const e of [...entities].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length)) store.graph.mention(resolve(e), m.id, e.role);
      for (const f of facts) {
        const participants = f.participants.map((p) => ({ entity_id: resolve(p), role: p.role }));
        if (new Set(participants.map((p) => p.entity_id)).size < 2) continue;
        store.graph.addFact({ relation: f.relation, statement: f.statement, occurred_at: m.at, confidence: f.confidence, participants, sources: [m.id] });
        report.facts++;
      }
    }
  });
  return report;
}
