import { z } from 'zod';
import {
  IsoTime,
  MemoryHistoryEntrySchema,
  MemoryKindSchema,
  MemorySchema,
  SearchResultSchema,
  SourceTypeSchema,
} from '../memory/index.js';
import { IdListSchema, IdSchema, defineRequest } from './common.js';
import { EntityMentionSchema } from './entities.js';
import { lazySchema } from './lazy-schema.js';

/** The Memories screen has one tab per kind plus Experiences (procedural rows with entry_type "experience"). */
export const MemoryTabSchema = lazySchema(() => z.union([MemoryKindSchema, z.literal('experience')]));
export type MemoryTab = z.infer<typeof MemoryTabSchema>;

const QueryText = lazySchema(() => z.string().trim().min(1).max(2000));

/** A cited source, resolved so the UI can show where a memory came from without a second call. */
export const ProvenanceDetailSchema = lazySchema(() => z.object({
  source_type: SourceTypeSchema,
  source_id: z.string(),
  at: IsoTime.nullable(),
  app: z.string().nullable(),
  title: z.string().nullable(),
  /** A short excerpt of the OCR text, transcript or message. */
  excerpt: z.string(),
  /** Frame to show as a thumbnail (the frame itself, or the frame an observation was read from). */
  frame_id: z.string().nullable(),
  thread_id: z.string().nullable(),
  /** The source was deleted or recycled (retention) since the memory was written. */
  missing: z.boolean(),
}));
export type ProvenanceDetail = z.infer<typeof ProvenanceDetailSchema>;

/** Where a use of a memory came from (chat citations are counted by the chat itself). */
export const MemoryUseSchema = lazySchema(() => z.enum(['search', 'open', 'timeline', 'graph', 'mcp']));
export type MemoryUse = z.infer<typeof MemoryUseSchema>;

/** What the user may change by hand. Kind-specific fields are validated by the store against FieldsByKind. */
export const MemoryEditSchema = lazySchema(() => z
  .object({
    title: z.string().max(500).optional(),
    text: z.string().min(1).max(100_000).optional(),
    details: z.string().max(100_000).optional(),
    fields: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'nothing to change' }));
export type MemoryEdit = z.infer<typeof MemoryEditSchema>;

/**
 * Where a searched memory matched, for its card in a list: the matched words marked **like this**,
 * from the screen passage behind it (with where and when it was seen) or from its own text.
 */
export const MemoryMatchSchema = lazySchema(() => z.object({
  text: z.string(),
  source: z.enum(['screen', 'memory']),
  /** The window (or app) a screen passage was seen in. */
  where: z.string().nullable(),
  seen_at: IsoTime.nullable(),
  /** The moment a screen passage was read from (its view highlights the query), for source 'screen'. */
  observation_id: z.string().optional(),
}));
export type MemoryMatch = z.infer<typeof MemoryMatchSchema>;

export const memoryRequests = {
  'memories.list': defineRequest(
    lazySchema(() => z.object({
      tab: MemoryTabSchema,
      /** Filter within the tab (hybrid search when set, newest first otherwise). */
      query: QueryText.optional(),
      app: z.string().max(256).optional(),
      /** Without a query: only memories about moments in [since, until] (MCP's recent_activity). */
      since: IsoTime.optional(),
      until: IsoTime.optional(),
      limit: z.number().int().min(1).max(500).default(100),
      offset: z.number().int().min(0).max(10_000_000).default(0),
      /** Also list memories archived for going unused (each carries archived_at). */
      include_archived: z.boolean().default(false),
    })),
    lazySchema(() => z.object({
      items: z.array(MemorySchema),
      total: z.number().int(),
      /** With a query: where each listed memory matched, by memory id (absent for a match by meaning only). */
      matches: z.record(z.string(), MemoryMatchSchema).optional(),
    })),
  ),
  'memories.counts': defineRequest(
    lazySchema(() => z.object({})),
    lazySchema(() => z.object({ counts: z.record(MemoryTabSchema, z.number().int()) })),
  ),
  'memories.search': defineRequest(
    lazySchema(() => z.object({
      query: QueryText,
      kinds: z.array(MemoryKindSchema).max(6).optional(),
      since: IsoTime.optional(),
      until: IsoTime.optional(),
      /** Only memories from this app. */
      app: z.string().max(256).optional(),
      limit: z.number().int().min(1).max(200).default(30),
      /** Also search memories archived for going unused (skipped by default, as in chat). */
      include_archived: z.boolean().default(false),
    })),
    lazySchema(() => z.object({
      results: z.array(SearchResultSchema),
      /** True when the results are by keywords alone: the query's meaning (its vector) was still loading (a one-shot command's engine waits only briefly). */
      keyword_only: z.boolean().optional(),
    })),
  ),
  'memories.get': defineRequest(
    lazySchema(() => z.object({ id: IdSchema })),
    lazySchema(() => z.object({
      memory: MemorySchema,
      provenance: z.array(ProvenanceDetailSchema),
      history: z.array(MemoryHistoryEntrySchema),
      /** Memories that point at this one (superseded_by) or that this one supersedes. */
      supersedes: z.array(z.string()),
      /** People, projects and things this memory mentions (graph memory). */
      entities: z.array(EntityMentionSchema).default([]),
    })),
  ),
  /** Knowledge-vault secrets stay masked everywhere until the user asks for this one explicitly. */
  'memories.reveal': defineRequest(lazySchema(() => z.object({ id: IdSchema })), lazySchema(() => z.object({ secret: z.string() }))),
  'memories.update': defineRequest(
    lazySchema(() => z.object({ id: IdSchema, patch: MemoryEditSchema })),
    lazySchema(() => z.object({ memory: MemorySchema })),
  ),
  'memories.delete': defineRequest(lazySchema(() => z.object({ ids: IdListSchema })), lazySchema(() => z.object({ deleted: z.number().int() }))),
  /**
   * Memories the user or a client actually used: opened from a search hit, shown in the timeline's
   * detail, reached through a person or project, read by an MCP client. Moves their last use, which
   * ranking's half-life and the archive pass read. Unknown ids are skipped.
   */
  'memories.used': defineRequest(
    lazySchema(() => z.object({ ids: IdListSchema.max(200), via: MemoryUseSchema })),
    lazySchema(() => z.object({ recorded: z.number().int() })),
  ),
  /** Brings archived memories back into search and chat; restoring counts as a use. */
  'memories.restore': defineRequest(lazySchema(() => z.object({ ids: IdListSchema.max(1000) })), lazySchema(() => z.object({ restored: z.number().int() }))),
};
