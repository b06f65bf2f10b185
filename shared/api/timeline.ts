import { z } from 'zod';
import { IsoTime, MemoryKindSchema } from '../memory/index.js';
import { IdSchema, TimeRangeSchema, TimeZoneSchema, defineRequest } from './common.js';
import { ForgetReportSchema } from './forget.js';

/** What the screen saw at one moment: the frame, and the text read from it once OCR caught up. */
export const TimelineObservationSchema = z.object({
  type: z.literal('observation'),
  id: z.string(),
  at: IsoTime,
  source: z.enum(['screen', 'audio']),
  app: z.string().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  /** OCR text or transcript, already redacted, cut to a readable excerpt. */
  text: z.string(),
  frame_id: z.string().nullable(),
  /** Memories that cite this observation or its frame. */
  memory_ids: z.array(z.string()),
});

/** A frame whose text has not been read yet (OCR backlog) or was never read. */
export const TimelineFrameSchema = z.object({
  type: z.literal('frame'),
  id: z.string(),
  at: IsoTime,
  app: z.string().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  damaged: z.boolean(),
  memory_ids: z.array(z.string()),
});

/** A memory placed at the moment it is about (occurred_at) or, failing that, when it was made. */
export const TimelineMemorySchema = z.object({
  type: z.literal('memory'),
  id: z.string(),
  at: IsoTime,
  kind: MemoryKindSchema,
  experience: z.boolean(),
  title: z.string(),
  text: z.string(),
  app: z.string().nullable(),
  ended_at: IsoTime.nullable(),
});

export const TimelineItemSchema = z.discriminatedUnion('type', [
  TimelineObservationSchema,
  TimelineFrameSchema,
  TimelineMemorySchema,
]);
export type TimelineItem = z.infer<typeof TimelineItemSchema>;
export type TimelineObservation = z.infer<typeof TimelineObservationSchema>;
export type TimelineFrame = z.infer<typeof TimelineFrameSchema>;
export type TimelineMemory = z.infer<typeof TimelineMemorySchema>;

export const TimelineItemRefSchema = z.object({
  type: z.enum(['observation', 'frame', 'memory']),
  id: IdSchema,
});
export type TimelineItemRef = z.infer<typeof TimelineItemRefSchema>;

export const DaySummarySchema = z.object({
  /** Local calendar date in the requested time zone, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  frames: z.number().int(),
  observations: z.number().int(),
  memories: z.number().int(),
});
export type DaySummary = z.infer<typeof DaySummarySchema>;

export const FrameImageSizeSchema = z.enum(['thumb', 'full']);
export type FrameImageSize = z.infer<typeof FrameImageSizeSchema>;

export const timelineRequests = {
  /** Everything in one window (a day as the user sees it), oldest first. Filtering is done by the viewer. */
  'timeline.range': defineRequest(
    z.object({ range: TimeRangeSchema, limit: z.number().int().min(1).max(50_000).default(20_000) }),
    z.object({ items: z.array(TimelineItemSchema), truncated: z.boolean() }),
  ),
  /** Which days hold anything, for the day picker. */
  'timeline.days': defineRequest(
    z.object({ range: TimeRangeSchema, timeZone: TimeZoneSchema }),
    z.object({ days: z.array(DaySummarySchema) }),
  ),
  /** Delete chosen items: frames and observations with the memories citing them, memories themselves. */
  'timeline.delete': defineRequest(
    z.object({ items: z.array(TimelineItemRefSchema).min(1).max(50_000) }),
    z.object({ report: ForgetReportSchema }),
  ),
  /**
   * A frame image, decrypted in memory on demand and sent as base64 (both transports carry JSON).
   * Thumbnails are downscaled by the host. Nothing is written to disk on the way.
   */
  'frames.image': defineRequest(
    z.object({ id: IdSchema, size: FrameImageSizeSchema.default('thumb') }),
    z.object({ mime: z.string(), data: z.string(), width: z.number().int(), height: z.number().int() }),
  ),
};
