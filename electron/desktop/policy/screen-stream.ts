import { z } from 'zod';

/**
 * Screen capture on Wayland. There desktopCapturer.getSources goes through the desktop portal,
 * and every call opens a new ScreenCast session: the portal's picker again, on every capture tick.
 * So on Wayland Engram asks once (one getSources), opens that source as a video stream in a
 * hidden window and keeps it open, taking each frame from the stream. The user picks once per
 * run; if they stop the share from the desktop, capture stops until they choose Resume.
 */
export function usesScreenStream(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  if (platform !== 'linux') return false;
  // ENGRAM_SCREEN_STREAM=0/1 overrides the guess (e.g. Electron forced onto XWayland with --ozone-platform=x11).
  const forced = env.ENGRAM_SCREEN_STREAM?.trim();
  if (forced === '0' || forced === '1') return forced === '1';
  return env.XDG_SESSION_TYPE === 'wayland' || !!env.WAYLAND_DISPLAY;
}

/** A frame may be as large as an 8K screen (RGBA), not larger. */
const MAX_SIDE = 8192;

export const ScreenStreamCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('open'), source_id: z.string().min(1).max(512) }),
  z.object({ type: z.literal('grab'), id: z.number().int().nonnegative() }),
  z.object({ type: z.literal('close') }),
]);
export type ScreenStreamCommand = z.infer<typeof ScreenStreamCommandSchema>;

export const ScreenStreamFrameSchema = z
  .object({
    id: z.number().int().nonnegative(),
    width: z.number().int().min(1).max(MAX_SIDE),
    height: z.number().int().min(1).max(MAX_SIDE),
    rgba: z.instanceof(Uint8Array),
  })
  .strict()
  .refine((f) => f.rgba.byteLength === f.width * f.height * 4, 'frame size does not match its width and height');
export type ScreenStreamFrame = z.infer<typeof ScreenStreamFrameSchema>;

export const ScreenStreamStateSchema = z
  .object({
    /** open: the stream runs; ended: the user stopped sharing from the desktop; error: it failed. */
    state: z.enum(['open', 'ended', 'error']),
    message: z.string().max(500).nullable(),
    /** The grab this answers, for a failed grab. */
    id: z.number().int().nonnegative().nullable(),
  })
  .strict();
export type ScreenStreamState = z.infer<typeof ScreenStreamStateSchema>;

export const SCREEN_STREAM_ENDED = 'Screen sharing was stopped from the desktop, so capture stopped. Choose Resume in the tray menu to pick a screen again.';
export const SCREEN_STREAM_REFUSED = 'No screen was chosen in the desktop’s screen-sharing dialog, so capture stopped. Choose Resume in the tray menu to be asked again.';
export const SCREEN_STREAM_NOTICE = 'On Wayland your desktop asks which screen Engram may record, once each time Engram starts. Stopping the share from the desktop stops capture until you choose Resume.';
