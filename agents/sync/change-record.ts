import { z } from 'zod';
import { IsoTime, MemorySchema } from '../../shared/memory/index.js';
import { DIRECTIVE_SETTING_PREFIX, EXCLUSION_ITEM_PREFIX, EXCLUSIONS_SETTING, HlcSchema } from '../store/index.js';

const MemoryId = z.string().min(1).max(200);

/** What of a memory travels: its content, never its local bookkeeping (use counts, versions, archive). */
export const SyncedMemorySchema = MemorySchema.pick({
  kind: true,
  title: true,
  text: true,
  details: true,
  fields: true,
  app: true,
  occurred_at: true,
  ended_at: true,
  segment: true,
}).strict();
export type SyncedMemory = z.infer<typeof SyncedMemorySchema>;

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
const JsonSchema: z.ZodType<Json> = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonSchema), z.record(z.string(), JsonSchema)]));

/**
 * The settings that follow the user to every device: the capture exclusions, and each directive the
 * user decided on, by id; the rest (capture, models, paths) stay per machine.
 */
const DirectiveKey = z.custom<`${typeof DIRECTIVE_SETTING_PREFIX}${string}`>((k) => typeof k === 'string' && new RegExp(`^${DIRECTIVE_SETTING_PREFIX}[A-Za-z0-9_-]{1,120}$`).test(k), 'not a synced directive key');
const ExclusionItemKey = z.custom<`${typeof EXCLUSION_ITEM_PREFIX}${string}`>((k) => typeof k === 'string' && new RegExp(`^${EXCLUSION_ITEM_PREFIX}(apps|titles|urls):[0-9a-f]{32}$`).test(k), 'not a synced exclusion key');
/** 'exclusions' (the three lists as one value) is what earlier versions wrote; it is still applied. */
export const SyncedSettingSchema = z.union([z.literal(EXCLUSIONS_SETTING), DirectiveKey, ExclusionItemKey]);
export type SyncedSetting = z.infer<typeof SyncedSettingSchema>;

/**
 * One change, as it travels in a segment. `at` orders it (hybrid logical clock). A memory's content
 * is last-writer-wins by `at`; a forget is a tombstone that covers every put of that memory, or, for
 * a time range, of every memory that happened in it, whatever their clocks.
 */
export const ChangeRecordSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('memory.put'), id: MemoryId, at: HlcSchema, reason: z.enum(['created', 'edited']), memory: SyncedMemorySchema }).strict(),
  z.object({ op: z.literal('memory.supersede'), id: MemoryId, by: MemoryId, at: HlcSchema }).strict(),
  z.object({ op: z.literal('memory.forget'), id: MemoryId, at: HlcSchema }).strict(),
  z
    .object({ op: z.literal('range.forget'), from: IsoTime, to: IsoTime, at: HlcSchema })
    .strict()
    .refine((r) => Date.parse(r.from) <= Date.parse(r.to), 'a forgotten range ends after it starts'),
  z.object({ op: z.literal('setting.put'), key: SyncedSettingSchema, value: JsonSchema, at: HlcSchema }).strict(),
]);
export type ChangeRecord = z.infer<typeof ChangeRecordSchema>;
