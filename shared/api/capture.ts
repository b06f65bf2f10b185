import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { defineRequest } from './common.js';

/**
 * What capture is doing right now. `unavailable` means this host runs without a capture service
 * (e.g. `engram serve` without --capture); the UI says so instead of offering a dead switch.
 */
export const CaptureStateSchema = z.enum(['running', 'paused', 'stopped', 'unavailable', 'error']);
export type CaptureState = z.infer<typeof CaptureStateSchema>;

export const CaptureStatusSchema = z.object({
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
});
export type CaptureStatus = z.infer<typeof CaptureStatusSchema>;

export const captureRequests = {
  'capture.status': defineRequest(z.object({}), CaptureStatusSchema),
  /** Without minutes: paused until resumed. */
  'capture.pause': defineRequest(
    z.object({ minutes: z.number().int().min(1).max(60 * 24 * 30).optional() }),
    CaptureStatusSchema,
  ),
  'capture.resume': defineRequest(z.object({}), CaptureStatusSchema),
};
