import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** What is stored and how much room it takes: `engram stats` and MCP's memory_stats read this. */
export const StoreStatsSchema = lazySchema(() => z.object({
  data_dir: z.string(),
  /** How the master key was obtained: "key file", "ENGRAM_KEY", "static", or the host's own. */
  key_kind: z.string(),
  counts: z.record(z.string(), z.number().int()),
  frame_bytes: z.number(),
  audio_bytes: z.number(),
  db_bytes: z.number(),
  /** Memories waiting for their vector. */
  pending_embeddings: z.number().int(),
  /** Screen passages waiting for their vector (their own queue). */
  pending_passage_embeddings: z.number().int(),
  counters: z.record(z.string(), z.number()),
  /** The newest and oldest moment any memory (superseded ones too) is about; null when there is none. */
  newest_memory_at: IsoTime.nullable(),
  oldest_memory_at: IsoTime.nullable(),
}));
export type StoreStatsOutput = z.infer<typeof StoreStatsSchema>;

export const statsRequests = {
  'store.stats': defineRequest(lazySchema(() => z.object({})), StoreStatsSchema),
};
