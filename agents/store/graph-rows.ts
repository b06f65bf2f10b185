import { z } from 'zod';
import type { Database as Db } from 'better-sqlite3-multiple-ciphers';

/**
 * The graph (entities, their other names, the memories that mention them, facts with participants
 * and sources, user splits) as plain rows, for export and import. Ids are kept, so importing the
 * same rows twice adds nothing (INSERT OR IGNORE on each table's key).
 */
const Id = z.string().min(1).max(64);
const Ms = z.number().int();
export const GraphRowsSchema = z.object({
  entities: z.array(
    z.object({ id: Id, kind: z.enum(['person', 'organization', 'project', 'place', 'document', 'other']), name: z.string().min(1), summary: z.string(), first_seen: Ms, last_seen: Ms, created_at: Ms, updated_at: Ms }),
  ),
  aliases: z.array(z.object({ alias_key: z.string().min(1), entity_id: Id, alias: z.string().min(1) })),
  mentions: z.array(z.object({ entity_id: Id, memory_id: Id, role: z.enum(['subject', 'mention']) })),
  facts: z.array(z.object({ id: Id, relation: z.string(), statement: z.string(), occurred_at: Ms.nullable(), confidence: z.number(), fact_key: z.string().min(1), created_at: Ms, updated_at: Ms })),
  participants: z.array(z.object({ fact_id: Id, entity_id: Id, role: z.string() })),
  sources: z.array(z.object({ fact_id: Id, memory_id: Id })),
  apart: z.array(z.object({ entity_a: Id, entity_b: Id, decided_at: Ms, reason: z.string() })),
});
export type GraphRows = z.infer<typeof GraphRowsSchema>;
/** Rows added per kind, and entities and facts whose copy in the file was newer and replaced the one here. */
export type GraphRestoreCounts = { entities: number; facts: number; links: number; updated: number };

type Table = { name: string; rows: keyof GraphRows; cols: string[]; where?: string };
// Parents before children; a link to a memory the store does not hold (a filtered export) is skipped.
const TABLES: Table[] = [
  { name: 'entities', rows: 'entities', cols: ['id', 'kind', 'name', 'summary', 'first_seen', 'last_seen', 'created_at', 'updated_at'] },
  { name: 'entity_aliases', rows: 'aliases', cols: ['alias_key', 'entity_id', 'alias'], where: 'EXISTS (SELECT 1 FROM entities WHERE id = @entity_id)' },
  { name: 'entity_mentions', rows: 'mentions', cols: ['entity_id', 'memory_id', 'role'], where: 'EXISTS (SELECT 1 FROM entities WHERE id = @entity_id) AND EXISTS (SELECT 1 FROM memories WHERE id = @memory_id)' },
  { name: 'graph_facts', rows: 'facts', cols: ['id', 'relation', 'statement', 'occurred_at', 'confidence', 'fact_key', 'created_at', 'updated_at'] },
  { name: 'fact_participants', rows: 'participants', cols: ['fact_id', 'entity_id', 'role'], where: 'EXISTS (SELECT 1 FROM graph_facts WHERE id = @fact_id) AND EXISTS (SELECT 1 FROM entities WHERE id = @entity_id)' },
  { name: 'fact_sources', rows: 'sources', cols: ['fact_id', 'memory_id'], where: 'EXISTS (SELECT 1 FROM graph_facts WHERE id = @fact_id) AND EXISTS (SELECT 1 FROM memories WHERE id = @memory_id)' },
  { name: 'entity_apart', rows: 'apart', cols: ['entity_a', 'entity_b', 'decided_at', 'reason'], where: 'EXISTS (SELECT 1 FROM entities WHERE id = @entity_a) AND EXISTS (SELECT 1 FROM entities WHERE id = @entity_b)' },
];

export function readGraphRows(db: Db): GraphRows {
  const out = {} as Record<keyof GraphRows, unknown[]>;
  for (const t of TABLES) out[t.rows] = db.prepare(`SELECT ${t.cols.join(', ')} FROM ${t.name} ORDER BY ${t.cols[0]}, ${t.cols[1]}`).all();
  return out as GraphRows;
}

/** Tables whose rows change in place: the file's copy wins when it was updated later (as memories do). */
const NEWER_WINS: Partial<Record<keyof GraphRows, string>> = {
  entities: 'UPDATE entities SET kind = @kind, name = @name, summary = @summary, first_seen = min(first_seen, @first_seen), last_seen = max(last_seen, @last_seen), updated_at = @updated_at WHERE id = @id AND updated_at < @updated_at',
  facts: 'UPDATE graph_facts SET relation = @relation, statement = @statement, occurred_at = @occurred_at, confidence = @confidence, updated_at = @updated_at WHERE id = @id AND updated_at < @updated_at',
};

/** Puts rows back (call inside a write transaction); counts rows that were not there yet, and rows a newer copy replaced. */
export function restoreGraphRows(db: Db, rows: GraphRows): GraphRestoreCounts {
  let updated = 0;
  for (const [table, sql] of Object.entries(NEWER_WINS) as [keyof GraphRows, string][]) {
    const stmt = db.prepare(sql);
    for (const r of rows[table]) updated += stmt.run(r).changes;
  }
  const added: Partial<Record<keyof GraphRows, number>> = {};
  for (const t of TABLES) {
    const values = t.cols.map((c) => `@${c}`).join(', ');
    const sql = t.where
      ? `INSERT OR IGNORE INTO ${t.name} (${t.cols.join(', ')}) SELECT ${values} WHERE ${t.where}`
      : `INSERT OR IGNORE INTO ${t.name} (${t.cols.join(', ')}) VALUES (${values})`;
    const stmt = db.prepare(sql);
    let n = 0;
    for (const r of rows[t.rows]) n += stmt.run(r).changes;
    added[t.rows] = n;
  }
  return { entities: added.entities ?? 0, facts: added.facts ?? 0, links: (added.mentions ?? 0) + (added.participants ?? 0) + (added.sources ?? 0), updated };
}
