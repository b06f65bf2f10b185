import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { AutoPauseSchema, CaptureHealthSchema, NotRecordingReasonSchema } from './capture-health.js';
import { defineRequest, IdSchema } from './common.js';
import { lazySchema } from './lazy-schema.js';

/**
 * What capture is doing right now. `unavailable` means this host runs without a capture service
 * (e.g. `engram serve` without --capture); the UI says so instead of offering a dead switch.
 */
export const CaptureStateSchema = lazySchema(() => z.enum(['running', 'paused', 'stopped', 'unavailable', 'error']));
export type CaptureState = z.infer<typeof CaptureStateSchema>;

/** Why an excluded window was hidden: the rule that matched (never its title or app). */
export const HiddenReasonSchema = lazySchema(() => z.enum(['excluded_app', 'excluded_title', 'excluded_url', 'engram_window']));
export type HiddenReason = z.infer<typeof HiddenReasonSchema>;

/** How many excluded windows a kept frame has masked, by reason: counts only, never a title, app or place. */
export const HiddenCountsSchema = lazySchema(() => z.partialRecord(HiddenReasonSchema, z.number().int().min(1)));
export type HiddenCounts = z.infer<typeof HiddenCountsSchema>;

/**
 * The privacy gate's state for the Privacy screen and the tray: whether every window on screen
 * can be checked (and why not), today's counters by reason, and the displays with their pause.
 */
export const CapturePrivacySchema = lazySchema(() => z.object({
  /** ok: every visible window is checked; unavailable: frames are not kept (fail closed); degraded: kept, exclusions by active window only. */
  window_list: z.enum(['ok', 'unavailable', 'degraded', 'unknown']),
  /** Why the windows cannot be listed, in words for the user. */
  problem: z.string().nullable(),
  /** Excluded windows hidden today, each counted once, by the rule that hid it. */
  windows_hidden: z.record(HiddenReasonSchema, z.number().int()),
  /** Frames kept today with at least one window masked. */
  frames_masked: z.number().int(),
  /** Frames dropped today: an excluded window changed during the grab / windows unreadable / mostly hidden. */
  frames_dropped_race: z.number().int(),
  frames_failed_closed: z.number().int(),
  frames_mostly_hidden: z.number().int(),
  displays: z.array(z.object({ id: z.string(), name: z.string(), paused: z.boolean() })),
}));
export type CapturePrivacy = z.infer<typeof CapturePrivacySchema>;

export const CaptureStatusSchema = lazySchema(() => z.object({
  state: CaptureStateSchema,
  /** When a timed pause ends; null for "until I resume" or when not paused. */
  paused_until: IsoTime.nullable(),
  last_frame_at: IsoTime.nullable(),
  frames_kept: z.number().int(),
  frames_skipped: z.number().int(),
  frames_gated: z.number().int(),
  ocr_backlog: z.number().int(),
  audio: z.boolean(),
  /** One line for the user when state is error or stopped. */
  message: z.string().nullable(),
  /** Absent where the host has no capture service. */
  privacy: CapturePrivacySchema.optional(),
  /**
   * Set while ticks run but keep nothing for a reason the user must act on (no Screen Recording
   * grant, windows that cannot be listed, no display, capture off in Settings): see capture-health.ts.
   */
  blocked: z.object({ reason: NotRecordingReasonSchema, message: z.string().nullable() }).nullable().optional(),
  /** Paused by the computer (locked, asleep, user away) rather than by the user; hosts without power events leave it out. */
  auto_pause: AutoPauseSchema.nullable().optional(),
  /**
   * Set while the machine runs on battery with the battery saver on (issue 34): a screen half as
   * often, and text read once on AC or when the user steps away; `ocr_waiting` frames wait for it.
   * Null on AC or with the saver off; hosts without a power source leave it out.
   */
  battery_saver: z.object({ ocr_waiting: z.number().int().min(0) }).nullable().optional(),
}));
export type CaptureStatus = z.infer<typeof CaptureStatusSchema>;

/** One capture tick as a host that ticks by itself sees it (engram capture --once). */
export const CaptureTickSchema = lazySchema(() => z.object({
  kept: z.boolean(),
  /** Why nothing (or what) was kept: 'kept', 'unchanged', 'idle', a privacy rule's reason, 'error', … */
  reason: z.string().min(1).max(60),
  detail: z.string().max(2000).nullable(),
  /** Kept after a still period although the screen had not changed. */
  forced: z.boolean(),
  frame_ids: z.array(IdSchema).max(64),
  /** The observations its frames became once their text was read (empty when OCR dropped them). */
  observation_ids: z.array(IdSchema).max(64),
}));
export type CaptureTick = z.infer<typeof CaptureTickSchema>;

/** Ticks since this capture started (not today's counts, which status carries): engram capture --watch's live line. */
export const CaptureCountsSchema = lazySchema(() => z.object({ kept: z.number().int().min(0), skipped: z.number().int().min(0), gated: z.number().int().min(0) }));
export type CaptureCounts = z.infer<typeof CaptureCountsSchema>;

/** What the audio stream a host gave with its capture sources came to (engram capture --audio). */
export const CaptureAudioReportSchema = lazySchema(() => z.object({
  chunks: z.number().int().min(0),
  speech_ms: z.number().min(0),
  observation_ids: z.array(IdSchema),
}));
export type CaptureAudioReport = z.infer<typeof CaptureAudioReportSchema>;

export const captureRequests = {
  'capture.status': defineRequest(lazySchema(() => z.object({})), CaptureStatusSchema),
  /** Capturing, paused (until when), or not recording (why, and what to do): what the tray and the banner show. */
  'capture.health': defineRequest(lazySchema(() => z.object({})), CaptureHealthSchema),
  /** Without minutes: paused until resumed. */
  'capture.pause': defineRequest(
    lazySchema(() => z.object({ minutes: z.number().int().min(1).max(60 * 24 * 30).optional() })),
    CaptureStatusSchema,
  ),
  'capture.resume': defineRequest(lazySchema(() => z.object({})), CaptureStatusSchema),
  /** Opens the system's Screen Recording settings (macOS desktop app); UNAVAILABLE where the host cannot. */
  'capture.openScreenSettings': defineRequest(lazySchema(() => z.object({})), lazySchema(() => z.object({ opened: z.boolean() }))),
  /** Pauses or resumes one display (ids from status.privacy.displays); persisted in the capture settings. */
  'capture.pauseDisplay': defineRequest(lazySchema(() => z.object({ display: z.string().min(1).max(200), paused: z.boolean() })), CaptureStatusSchema),
  // The run of capture, for a host that starts and stops it itself (engram capture, engram serve
  // --capture); elsewhere UNAVAILABLE. Before the first-run consent (browser mode) start and tick are refused.
  /** Starts ticking on the interval in settings. */
  'capture.start': defineRequest(lazySchema(() => z.object({}).strict()), CaptureStatusSchema),
  /** One tick now; answers once the kept frames' text is read and stored. */
  'capture.tick': defineRequest(lazySchema(() => z.object({}).strict()), CaptureTickSchema),
  /** No new frames (waits for the tick in flight); frames already taken keep waiting for their text. */
  'capture.stop': defineRequest(lazySchema(() => z.object({}).strict()), CaptureStatusSchema),
  /** Answers once the frames already taken have their text read and stored. */
  'capture.drain': defineRequest(lazySchema(() => z.object({}).strict()), CaptureStatusSchema),
  'capture.counts': defineRequest(lazySchema(() => z.object({}).strict()), CaptureCountsSchema),
  /** Records the audio stream the host gave with its sources until it ends or the host stops; UNAVAILABLE without one. */
  'capture.audio': defineRequest(lazySchema(() => z.object({}).strict()), CaptureAudioReportSchema),
};
