import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { IdSchema, defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** Kinds of things the graph keeps (mirrors agents/store ENTITY_KINDS; shared stays pure). */
export const ENTITY_KIND_VALUES = ['person', 'organization', 'project', 'place', 'document', 'other'] as const;
export const EntityKindSchema = lazySchema(() => z.enum(ENTITY_KIND_VALUES));
export type EntityKindName = z.infer<typeof EntityKindSchema>;
/** How the window and the CLI name each kind (British spelling, as the page shows it). */
export const ENTITY_KIND_LABEL: Record<EntityKindName, string> = {
  person: 'Person',
  organization: 'Organisation',
  project: 'Project',
  place: 'Place',
  document: 'Document',
  other: 'Other',
};

const EntityName = lazySchema(() => z.string().trim().min(1).max(120));

export const EntitySchema = lazySchema(() => z.object({
  id: z.string(),
  kind: EntityKindSchema,
  name: z.string(),
  aliases: z.array(z.string()),
  summary: z.string(),
  first_seen: IsoTime,
  last_seen: IsoTime,
  /** Memories that mention it, and facts it takes part in. */
  mentions: z.number().int(),
  facts: z.number().int(),
}));
export type Entity = z.infer<typeof EntitySchema>;

/** An entity as a memory mentions it (chips in memory detail). */
export const EntityMentionSchema = lazySchema(() => EntitySchema.extend({ role: z.enum(['subject', 'mention']) }));
export type EntityMention = z.infer<typeof EntityMentionSchema>;

export const EntityFactSchema = lazySchema(() => z.object({
  id: z.string(),
  relation: z.string(),
  statement: z.string(),
  occurred_at: IsoTime.nullable(),
  confidence: z.number(),
  participants: z.array(z.object({ entity_id: z.string(), name: z.string(), kind: EntityKindSchema, role: z.string() })),
  /** Memory ids the fact rests on. */
  sources: z.array(z.string()),
}));
export type EntityFact = z.infer<typeof EntityFactSchema>;

/** One moment the entity appears in: a memory that mentions it. */
export const EntityMomentSchema = lazySchema(() => z.object({
  memory_id: z.string(),
  kind: z.string(),
  title: z.string(),
  snippet: z.string(),
  at: IsoTime,
  role: z.enum(['subject', 'mention']),
}));
export type EntityMoment = z.infer<typeof EntityMomentSchema>;

/** One change to an entity (rename, merge, split, a full name learned), newest first, as memory history is shown. */
export const EntityHistoryEntrySchema = lazySchema(() => z.object({
  changed_at: IsoTime,
  reason: z.string(),
  /** Who changed it: the user on the entity page, consolidation ("dream"), or Engram as it learned a full name. */
  by: z.enum(['user', 'dream', 'engram']),
  /** The entity's name before the change. */
  was: z.string(),
  /** For a merge: the entry folded in, with its other names. */
  merged: z.object({ name: z.string(), aliases: z.array(z.string()) }).nullable(),
}));
export type EntityHistoryEntry = z.infer<typeof EntityHistoryEntrySchema>;

/** An entity as the chat shows it beside an answer about it: who or what, and a few facts with their sources. */
export const EntityCardSchema = lazySchema(() => EntitySchema.extend({
  key_facts: z.array(z.object({ statement: z.string(), sources: z.array(z.string()) })),
}));
export type EntityCard = z.infer<typeof EntityCardSchema>;

/** A link to an entity page (chips under chat citations). */
export const EntityRefSchema = lazySchema(() => z.object({ id: z.string(), name: z.string(), kind: EntityKindSchema, role: z.enum(['subject', 'mention']) }));
export type EntityRef = z.infer<typeof EntityRefSchema>;

export const entityRequests = {
  /** People & projects, most recently seen first; documents (named by page and file titles) only when asked for by kind. */
  'entities.list': defineRequest(
    lazySchema(() => z.object({
      query: z.string().trim().max(200).optional(),
      kind: EntityKindSchema.optional(),
      limit: z.number().int().min(1).max(500).default(100),
    })),
    lazySchema(() => z.object({ items: z.array(EntitySchema) })),
  ),
  /** What Engram knows about one entity: facts with sources and the moments it appears in, oldest first. */
  'entities.get': defineRequest(
    lazySchema(() => z.object({ id: IdSchema })),
    lazySchema(() => z.object({
      entity: EntitySchema,
      facts: z.array(EntityFactSchema),
      moments: z.array(EntityMomentSchema),
      history: z.array(EntityHistoryEntrySchema).default([]),
    })),
  ),
  'entities.rename': defineRequest(lazySchema(() => z.object({ id: IdSchema, name: EntityName })), lazySchema(() => z.object({ entity: EntitySchema }))),
  /** `gone` folds into `keep`: aliases, mentions and facts move; the merge is kept in history. */
  'entities.merge': defineRequest(lazySchema(() => z.object({ keep: IdSchema, gone: IdSchema })), lazySchema(() => z.object({ entity: EntitySchema }))),
  /** Splits an alias off into an entity of its own; returns the new entity. */
  'entities.split': defineRequest(lazySchema(() => z.object({ id: IdSchema, alias: EntityName })), lazySchema(() => z.object({ entity: EntitySchema }))),
  /** Deletes the entity and the facts it takes part in; the memories stay. */
  'entities.delete': defineRequest(lazySchema(() => z.object({ id: IdSchema })), lazySchema(() => z.object({ deleted: z.boolean() }))),
  /**
   * What a chat turn is about: the entities its question names (cards), and the entities each cited
   * memory mentions (links to their pages). Unknown memory ids are skipped.
   */
  'entities.about': defineRequest(
    lazySchema(() => z.object({
      text: z.string().max(16_000).default(''),
      memory_ids: z.array(IdSchema).max(50).default([]),
    })),
    lazySchema(() => z.object({ named: z.array(EntityCardSchema), by_memory: z.record(z.string(), z.array(EntityRefSchema)) })),
  ),
};
