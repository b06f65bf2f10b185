import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { CaptureCountsSchema, CaptureStatusSchema } from './capture.js';
import { CaptureHealthSchema } from './capture-health.js';
import { ForgetReportSchema } from './forget.js';
import { ProgressTaskSchema } from './system.js';
import { SyncStatusSchema } from './sync.js';
import { lazySchema } from './lazy-schema.js';

/** The screens the host may send the window to (from a capture-health action). */
export const WindowScreenSchema = lazySchema(() => z.enum(['privacy', 'settings']));
export type WindowScreen = z.infer<typeof WindowScreenSchema>;

/**
 * Everything the host pushes to the UI without being asked: event name -> payload schema.
 * Payloads stay small; the UI refetches what it shows when something it shows changed.
 */
export const coreEvents = {
  'memory.changed': lazySchema(() => z.object({ op: z.enum(['insert', 'update', 'delete']), ids: z.array(z.string()) })),
  'frame.added': lazySchema(() => z.object({ id: z.string(), at: IsoTime, app: z.string().nullable() })),
  'observation.added': lazySchema(() => z.object({ id: z.string(), at: IsoTime, app: z.string().nullable() })),
  'capture.status': CaptureStatusSchema,
  /** Pushed with every capture.status whose health changed (the banner follows it). */
  'capture.health': CaptureHealthSchema,
  /** After each tick of a capture its host drives (capture.start): the counts since it started (engram capture --watch's line). */
  'capture.ticked': CaptureCountsSchema,
  'progress.changed': lazySchema(() => z.object({ tasks: z.array(ProgressTaskSchema) })),
  /** After a forget or a wipe: views drop what they hold and reload. */
  'data.forgotten': lazySchema(() => z.object({ report: ForgetReportSchema.nullable(), wiped: z.boolean() })),
  'settings.changed': lazySchema(() => z.object({ keys: z.array(z.string()) })),
  /** After each continuous sync pass (serve, the app, capture): Settings → Sync follows it. */
  'sync.status': SyncStatusSchema,
  /** The desktop app asks its window to show a screen (the tray's or a notification's "Open Privacy"). */
  'window.navigate': lazySchema(() => z.object({ screen: WindowScreenSchema })),
};
