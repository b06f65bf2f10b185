import { z } from 'zod';
import { IsoTime, MemoryKindSchema } from '../memory/index.js';
import { defineRequest } from './common.js';

/** Long work the user may want to watch: OCR backlog, consolidation, export. */
export const ProgressTaskSchema = z.object({
  id: z.string(),
  label: z.string(),
  state: z.enum(['idle', 'running', 'done', 'error']),
  /** null when the amount of work is not known (indeterminate bar). */
  done: z.number().nullable(),
  total: z.number().nullable(),
  detail: z.string().nullable(),
  updated_at: IsoTime,
});
export type ProgressTask = z.infer<typeof ProgressTaskSchema>;

export const FeaturesSchema = z.object({
  capture: z.boolean(),
  chat: z.boolean(),
  consolidation: z.boolean(),
  export: z.boolean(),
});
export type Features = z.infer<typeof FeaturesSchema>;

export const AppInfoSchema = z.object({
  version: z.string(),
  host: z.enum(['electron', 'headless']),
  data_dir: z.string(),
  /** No model key configured: chat answers extractively and agents use the offline rules. */
  offline: z.boolean(),
  features: FeaturesSchema,
  now: IsoTime,
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const EncryptionStatusSchema = z.object({
  database: z.string(),
  frames: z.string(),
  key_source: z.string(),
});

export const StorageStatusSchema = z.object({
  data_dir: z.string(),
  db_bytes: z.number(),
  frame_bytes: z.number(),
  audio_bytes: z.number(),
  counts: z.record(z.string(), z.number().int()),
  pending_embeddings: z.number().int(),
});

export const systemRequests = {
  'app.info': defineRequest(z.object({}), AppInfoSchema),
  'progress.get': defineRequest(z.object({}), z.object({ tasks: z.array(ProgressTaskSchema) })),
  'privacy.status': defineRequest(
    z.object({}),
    z.object({ encryption: EncryptionStatusSchema, storage: StorageStatusSchema }),
  ),
  /** Run consolidation now; progress arrives as events. dry_run: the summary says what would change; nothing changes. */
  'consolidation.run': defineRequest(
    z.object({ kinds: z.array(MemoryKindSchema).optional(), dry_run: z.boolean().optional() }),
    z.object({ started: z.boolean() }),
  ),
  /** Export memories (with provenance and history) to a file in the data dir; progress arrives as events. */
  'export.run': defineRequest(
    z.object({ format: z.enum(['json', 'markdown']).default('json') }),
    z.object({ started: z.boolean(), path: z.string().nullable() }),
  ),
};
