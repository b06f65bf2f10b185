import { z } from 'zod';
import { ENTITY_KINDS, nameKey, type EngramStore } from '../store/index.js';

const Name = z.string().trim().min(1).max(120);
/** 1-based numbers of the batch items a thing was read from; none = the whole batch. */
const Sources = z.array(z.number().int().min(1)).max(50).optional();

/**
 * What the model returns beside the memories it writes (the extraction call's graph_record tool):
 * the people, organisations, projects, places and documents the batch names, and the facts that tie
 * several of them together. Validated here, then resolved exactly as the offline builder's are.
 */
export const ModelGraphSchema = z.object({
  entities: z
    .array(z.object({ name: Name, kind: z.enum(ENTITY_KINDS), sources: Sources }))
    .min(1)
    .max(40),
  facts: z
    .array(
      z.object({
        relation: z.string().trim().regex(/^[a-z][a-z0-9_]{1,39}$/, 'a snake_case verb such as decided, works_on, met'),
        statement: z.string().trim().min(3).max(300),
        participants: z.array(z.object({ name: Name, role: z.string().trim().min(1).max(40) })).min(2).max(8),
        confidence: z.number().min(0).max(1).optional(),
        sources: Sources,
      }),
    )
    .max(20)
    .default([]),
});
export type ModelGraph = z.infer<typeof ModelGraphSchema>;

/** Checks beyond the schema: every participant is one of the entities named, every source is in the batch. */
export function checkModelGraph(g: ModelGraph, batchSize: number): void {
  const known = new Set(g.entities.map((e) => nameKey(e.name)));
  for (const e of g.entities) if (!nameKey(e.name)) throw new Error(`"${e.name}" is not a name`);
  for (const f of g.facts) {
    for (const p of f.participants) if (!known.has(nameKey(p.name))) throw new Error(`fact "${f.statement.slice(0, 60)}": participant "${p.name}" is not in entities`);
    if (new Set(f.participants.map((p) => nameKey(p.name))).size < 2) throw new Error(`fact "${f.statement.slice(0, 60)}" needs two different participants`);
  }
  for (const n of [...g.entities.flatMap((e) => e.sources ?? []), ...g.facts.flatMap((f) => f.sources ?? [])]) {
    if (n > batchSize) throw new Error(`source ${n} is not in this batch (1..${batchSize})`);
  }
}

/**
 * Writes what the model named into the graph through the same resolution as the offline builder
 * (so "Ana" next to "Ana Souza" is her, and an address or initial finds its person): each entity is
 * mentioned by the memories written from its sources, each fact cites them. A fact none of this
 * batch's memories supports is dropped: the graph only holds what a memory says.
 */
export function recordModelGraph(
  store: Pick<EngramStore, 'graph' | 'transaction'>,
  graphs: readonly ModelGraph[],
  memoriesFor: (sources: number[] | undefined) => string[],
  at: number,
): { entities: number; facts: number } {
  const out = { entities: 0, facts: 0 };
  if (!graphs.length) return out;
  store.transaction(() => {
    for (const g of graphs) {
      const names = g.entities.map((e) => e.name);
      const idOf = new Map<string, string>();
      // Full names first, so a lone first name beside them resolves to them.
      for (const e of [...g.entities].sort((a, b) => b.name.split(/\s+/).length - a.name.split(/\s+/).length)) {
        const memories = memoriesFor(e.sources);
        if (!memories.length) continue;
        const id = store.graph.upsertEntity({ name: e.name, kind: e.kind, at, context: names });
        idOf.set(nameKey(e.name), id);
        for (const m of memories) store.graph.mention(id, m, 'mention');
        out.entities++;
      }
      for (const f of g.facts) {
        const sources = memoriesFor(f.sources);
        const participants = f.participants.flatMap((p) => {
          const id = idOf.get(nameKey(p.name));
          return id ? [{ entity_id: id, role: p.role }] : [];
        });
        if (!sources.length || new Set(participants.map((p) => p.entity_id)).size < 2) continue;
        store.graph.addFact({ relation: f.relation, statement: f.statement, occurred_at: at, confidence: f.confidence ?? 0.7, participants, sources });
        out.facts++;
      }
    }
  });
  return out;
}
