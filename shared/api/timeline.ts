import { z } from 'zod';
import { IsoTime, MEMORY_TABS, MemoryKindSchema } from '../memory/index.js';
import { IdSchema, TimeRangeSchema, TimeZoneSchema, defineRequest } from './common.js';
import { HiddenCountsSchema } from './capture.js';
import { ForgetReportSchema } from './forget.js';
import { MemoryTabSchema } from './memories.js';
import { lazySchema } from './lazy-schema.js';

/** What the screen saw at one moment: the frame, and the text read from it once OCR caught up. */
export const TimelineObservationSchema = lazySchema(() => z.object({
  type: z.literal('observation'),
  id: z.string(),
  at: IsoTime,
  source: z.enum(['screen', 'audio']),
  app: z.string().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  /** OCR text or transcript, already redacted: an excerpt in timeline.range, whole in timeline.item. */
  text: z.string(),
  /** null when there is no frame (audio, recycled) or its file is damaged. */
  frame_id: z.string().nullable(),
  /** Its frame's file is damaged (failed to decrypt or decode): the text stays, the picture is gone. */
  damaged: z.boolean(),
  /** Excluded windows masked (filled) in its frame, by reason; null when none (or no frame). */
  hidden: HiddenCountsSchema.nullable(),
  /** Memories that cite this observation or its frame. */
  memory_ids: z.array(z.string()),
}));

/** A frame whose text has not been read yet (OCR backlog) or was never read. */
export const TimelineFrameSchema = lazySchema(() => z.object({
  type: z.literal('frame'),
  id: z.string(),
  at: IsoTime,
  app: z.string().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  damaged: z.boolean(),
  /** Excluded windows masked (filled) in it, by reason; null when none. */
  hidden: HiddenCountsSchema.nullable(),
  memory_ids: z.array(z.string()),
}));

/** A memory placed at the moment it is about (occurred_at) or, failing that, when it was made. */
export const TimelineMemorySchema = lazySchema(() => z.object({
  type: z.literal('memory'),
  id: z.string(),
  at: IsoTime,
  kind: MemoryKindSchema,
  experience: z.boolean(),
  title: z.string(),
  text: z.string(),
  app: z.string().nullable(),
  ended_at: IsoTime.nullable(),
}));

export const TimelineItemSchema = lazySchema(() => z.discriminatedUnion('type', [
  TimelineObservationSchema,
  TimelineFrameSchema,
  TimelineMemorySchema,
]));
export type TimelineItem = z.infer<typeof TimelineItemSchema>;
export type TimelineObservation = z.infer<typeof TimelineObservationSchema>;
export type TimelineFrame = z.infer<typeof TimelineFrameSchema>;
export type TimelineMemory = z.infer<typeof TimelineMemorySchema>;

export const TimelineItemRefSchema = lazySchema(() => z.object({
  type: z.enum(['observation', 'frame', 'memory']),
  id: IdSchema,
}));
export type TimelineItemRef = z.infer<typeof TimelineItemRefSchema>;

/**
 * What a day item is, in the compact day (`kind` holds an index into this list): a screen or heard
 * moment (observation), a frame not read yet, or a memory of one of the tabs.
 */
export const TIMELINE_KINDS = ['screen', 'audio', 'frame', ...MEMORY_TABS] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** Bits of the compact day's `flags` column. */
export const TIMELINE_FLAGS = {
  /** The frame's file is damaged: no picture can be made of it. */
  damaged: 1,
  /** There is a picture to show: frames.image takes the item's id (a frame's, or an observation's for its frame). */
  picture: 2,
} as const;

/** How many items of a day come with their text in timeline.day (the rows first in view); the rest come with timeline.texts. */
export const TIMELINE_INLINE_TEXTS = 200;

const StringRef = lazySchema(() => z.number().int().min(-1));
const Column = <T extends z.ZodType>(cell: T) => z.array(cell);

/**
 * A day of the timeline in columns (item i is the i-th cell of every column), oldest first: what the
 * window needs to lay out, group and filter ten thousand rows, and nothing more. That is about half
 * a megabyte of JSON that parses into a few arrays instead of 10,000 objects. Texts come for the
 * first rows only; the others with timeline.texts as they scroll into view, and everything else
 * about an item (its whole text, its memories) with timeline.item.
 */
export const TimelineDaySchema = lazySchema(() => z
  .object({
    /** Epoch ms that `at` counts from (the range's start). */
    base: z.number().int(),
    count: z.number().int().min(0),
    /** Apps, window titles, URLs and memory titles, each once. */
    strings: z.array(z.string()),
    /** Where an item happened: [app, title, url] as indexes into strings (-1: none); items share them. */
    contexts: z.array(z.tuple([StringRef, StringRef, StringRef])),
    /** Index into TIMELINE_KINDS. */
    kind: Column(z.number().int().min(0).max(TIMELINE_KINDS.length - 1)),
    /** ms after base. */
    at: Column(z.number().int()),
    id: Column(z.string()),
    /** Index into contexts. */
    context: Column(z.number().int().min(0)),
    /** How many memories were made from it (observations and frames). */
    memories: Column(z.number().int().min(0)),
    /** Memories that last: ms from `at` to their end (0: none). */
    span: Column(z.number().int().min(0)),
    /** TIMELINE_FLAGS bits. */
    flags: Column(z.number().int().min(0)),
    /** What the first rows show (items 0 … text.length - 1): the start of the OCR text or transcript (redacted), or of a memory's text. */
    text: z.array(z.string()).max(TIMELINE_INLINE_TEXTS),
    /** Items whose frame has excluded windows masked: [item index, counts by reason], the few there are (a row's "1 window hidden"). */
    hidden: z.array(z.tuple([z.number().int().min(0), HiddenCountsSchema])),
    truncated: z.boolean(),
  })
  .superRefine((d, ctx) => {
    for (const col of ['kind', 'at', 'id', 'context', 'memories', 'span', 'flags'] as const) {
      if (d[col].length !== d.count) ctx.addIssue({ code: 'custom', path: [col], message: `${d[col].length} cells for ${d.count} items` });
    }
    if (d.text.length > d.count) ctx.addIssue({ code: 'custom', path: ['text'], message: 'more texts than items' });
    if (d.hidden.some(([i]) => i >= d.count)) ctx.addIssue({ code: 'custom', path: ['hidden'], message: 'points past the items' });
    if (d.context.some((c) => c >= d.contexts.length)) ctx.addIssue({ code: 'custom', path: ['context'], message: 'points past the contexts' });
    if (d.contexts.some((c) => c.some((n) => n >= d.strings.length))) ctx.addIssue({ code: 'custom', path: ['contexts'], message: 'points past the strings' });
  }));
export type TimelineDay = z.infer<typeof TimelineDaySchema>;

/** A memory made from a moment, as the detail pane lists and links it. */
export const TimelineMemoryRefSchema = lazySchema(() => z.object({ id: z.string(), tab: MemoryTabSchema, title: z.string() }));
export type TimelineMemoryRef = z.infer<typeof TimelineMemoryRefSchema>;

export const DaySummarySchema = lazySchema(() => z.object({
  /** Local calendar date in the requested time zone, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  frames: z.number().int(),
  observations: z.number().int(),
  memories: z.number().int(),
}));
export type DaySummary = z.infer<typeof DaySummarySchema>;

export const FrameImageSizeSchema = lazySchema(() => z.enum(['thumb', 'full']));
export type FrameImageSize = z.infer<typeof FrameImageSizeSchema>;

export const timelineRequests = {
  /**
   * Everything in one window (a day as the user sees it), oldest first, as the window draws it: in
   * columns (TimelineDay). Kinds and apps are filtered by the viewer, text with timeline.match.
   */
  'timeline.day': defineRequest(
    lazySchema(() => z.object({ range: TimeRangeSchema, limit: z.number().int().min(1).max(50_000).default(20_000) })),
    TimelineDaySchema,
  ),
  /** The start of each item's text (what its row shows), in the order asked; '' for an item gone since. */
  'timeline.texts': defineRequest(lazySchema(() => z.object({ items: z.array(TimelineItemRefSchema).min(1).max(500) })), lazySchema(() => z.object({ texts: z.array(z.string()) }))),
  /**
   * The filter box: ids of the window's items whose title, app, URL or text (all of it, not only what
   * rows show) contains `text`, ignoring case (of ASCII letters).
   */
  'timeline.match': defineRequest(
    lazySchema(() => z.object({ range: TimeRangeSchema, text: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(50_000).default(20_000) })),
    lazySchema(() => z.object({ ids: z.array(z.string()) })),
  ),
  /** One item in full, for the detail pane: its whole text, the memories made from it, and whether its picture can be shown. */
  'timeline.item': defineRequest(
    TimelineItemRefSchema,
    lazySchema(() => z.object({
      item: TimelineItemSchema,
      /** Why its screenshot cannot be shown (the file is damaged or missing), in one line; null when it can (or there is none). */
      damage: z.string().nullable(),
      /** Memories made from it (at most 50). */
      memories: z.array(TimelineMemoryRefSchema),
    })),
  ),
  /** The same window as objects, one per item, texts cut to an excerpt (scripts and tests; the window uses timeline.day). */
  'timeline.range': defineRequest(
    lazySchema(() => z.object({ range: TimeRangeSchema, limit: z.number().int().min(1).max(50_000).default(20_000) })),
    lazySchema(() => z.object({ items: z.array(TimelineItemSchema), truncated: z.boolean() })),
  ),
  /** Which days hold anything, for the day picker. */
  'timeline.days': defineRequest(
    lazySchema(() => z.object({ range: TimeRangeSchema, timeZone: TimeZoneSchema })),
    lazySchema(() => z.object({ days: z.array(DaySummarySchema) })),
  ),
  /** Delete chosen items: frames and observations with the memories citing them, memories themselves. */
  'timeline.delete': defineRequest(
    lazySchema(() => z.object({ items: z.array(TimelineItemRefSchema).min(1).max(50_000) })),
    lazySchema(() => z.object({ report: ForgetReportSchema })),
  ),
  /**
   * A frame image, decrypted in memory on demand and sent as base64 (both transports carry JSON).
   * Thumbnails are downscaled by the host. Nothing is written to disk on the way. `id` is a frame's,
   * or an observation's (the frame it was read from). A damaged file answers IO, never INTERNAL.
   */
  'frames.image': defineRequest(
    lazySchema(() => z.object({ id: IdSchema, size: FrameImageSizeSchema.default('thumb') })),
    lazySchema(() => z.object({ mime: z.string(), data: z.string(), width: z.number().int(), height: z.number().int() })),
  ),
};
