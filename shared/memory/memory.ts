import { z } from 'zod';
import { MemoryKindSchema, SourceTypeSchema } from './kinds.js';

/** ISO-8601 timestamps at every edge; the store keeps epoch milliseconds inside. */
export const IsoTime = z.string().datetime({ offset: true });

export const ProvenanceSchema = z.object({
  source_type: SourceTypeSchema,
  source_id: z.string(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

/** A memory as every edge (UI, CLI --json, MCP, export) sees it. Vault secrets are masked unless revealed. */
export const MemorySchema = z.object({
  id: z.string(),
  kind: MemoryKindSchema,
  title: z.string(),
  /** The main text: summary, value, description. */
  text: z.string(),
  details: z.string(),
  fields: z.record(z.string(), z.unknown()),
  app: z.string().nullable(),
  occurred_at: IsoTime.nullable(),
  ended_at: IsoTime.nullable(),
  /** Groups units that belong together (a capture segment, a chat thread, a session): used as retrieval context. */
  segment: z.string().nullable(),
  created_at: IsoTime,
  updated_at: IsoTime,
  access_count: z.number().int(),
  last_accessed_at: IsoTime.nullable(),
  superseded_by: z.string().nullable(),
  version: z.number().int(),
  /**
   * When it was archived for going unused (search and chat skip it unless asked; restorable, never
   * deleted by decay). Absent in exports from before archiving: current.
   */
  archived_at: IsoTime.nullable().default(null),
});
export type Memory = z.infer<typeof MemorySchema>;

export const MemoryHistoryEntrySchema = z.object({
  version: z.number().int(),
  changed_at: IsoTime,
  reason: z.string(),
  snapshot: MemorySchema,
});
export type MemoryHistoryEntry = z.infer<typeof MemoryHistoryEntrySchema>;

/** Why a search result ranked where it did, so the UI can explain it. */
export const SearchReasonSchema = z.object({
  bm25_rank: z.number().int().nullable(),
  vector_rank: z.number().int().nullable(),
  bm25_score: z.number().nullable(),
  vector_similarity: z.number().nullable(),
  context_boost: z.number(),
  entity_boost: z.number(),
  usage_weight: z.number(),
  /** Added because the memory is from the time the question names ("on 9 November 2022"). */
  time_boost: z.number().optional(),
  /** Added because the memory tells of something done and the question asks what was done. */
  narrative_boost: z.number().optional(),
  /** Added because the graph links the memory to an entity the question names. */
  graph_boost: z.number().optional(),
  /** How: "Ana Souza → Atlas launch". */
  linked_through: z.string().optional(),
});
/**
 * A passage of screen text that matched a search: the whole passage, the same with the matched
 * words marked (**word**), a short snippet around them, and where and when it was seen.
 */
export const PassageMatchSchema = z.object({
  kind: z.enum(['paragraph', 'row', 'code', 'lines']),
  text: z.string(),
  marked: z.string(),
  snippet: z.string(),
  observation_id: z.string(),
  frame_id: z.string().nullable(),
  seen_at: IsoTime,
  last_seen_at: IsoTime,
  /** How many times it was seen (in the searched window): an unchanged part of the screen is one passage. */
  sightings: z.number().int().nonnegative(),
  app: z.string().nullable(),
  window_title: z.string().nullable(),
  url: z.string().nullable(),
  /** BM25 relevance to the query (higher is better); compare only within one search. */
  score: z.number(),
  /** The passage right after it on the same screen (what an introduction or a failed step leads to), if any. */
  next: z.object({ kind: z.enum(['paragraph', 'row', 'code', 'lines']), text: z.string() }).nullable().optional(),
});
export type PassageMatch = z.infer<typeof PassageMatchSchema>;

export const SearchResultSchema = z.object({
  memory: MemorySchema,
  score: z.number(),
  reasons: SearchReasonSchema,
  /** Screen passages behind this memory that matched the query, best first (absent when none). */
  passages: z.array(PassageMatchSchema).optional(),
  /** The memory's own text where the query's words matched, those words marked **like this** (absent when only its vector matched). */
  snippet: z.string().optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SearchReason = z.infer<typeof SearchReasonSchema>;
