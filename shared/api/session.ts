import { z } from 'zod';
import { defineRequest, OkOutput } from './common.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The host's side of a session that the window drives itself in browser mode: the first-run
 * consent (the desktop app asks in its own page before any window opens) and quitting.
 */
export const ConsentStatusSchema = lazySchema(() => z.object({
  /** This window asks for consent (browser mode); false where the host asked before the window opened. */
  asked_here: z.boolean(),
  granted: z.boolean(),
  /** Why consent is needed: first run, what is captured changed, or the record could not be read. */
  reason: z.enum(['first-run', 'changed', 'unreadable']).nullable(),
  data_dir: z.string(),
  /** Whether this host captures the screen at all (no display, or --no-capture: it does not). */
  captures: z.boolean(),
  /** A platform note for the consent page (screen-recording permission, Wayland), or null. */
  permission_hint: z.string().nullable(),
}));
export type ConsentStatus = z.infer<typeof ConsentStatusSchema>;

/**
 * Start Engram when the user logs in (desktop app only; it then starts in the tray, window hidden).
 * Elsewhere `available` is false and `reason` says why, so the toggle is shown disabled.
 */
export const StartAtLoginSchema = lazySchema(() => z.object({
  available: z.boolean(),
  /** What the OS says it will do at the next login (read back where it can tell), not only the choice. */
  enabled: z.boolean(),
  reason: z.string().max(300).nullable(),
  /**
   * Where the OS disagrees with the choice: macOS waiting for approval in Login Items, Windows'
   * Task Manager having turned it off. `action` opens the place to fix it (app.openLoginItems).
   */
  attention: z
    .object({ text: z.string().max(300), action: z.enum(['open_login_items', 'open_startup_apps']).nullable() })
    .nullable()
    .default(null),
}));
export type StartAtLogin = z.infer<typeof StartAtLoginSchema>;

export const sessionRequests = {
  'consent.status': defineRequest(lazySchema(() => z.object({})), ConsentStatusSchema),
  /** Accept what the consent page described; capture starts right after. Browser mode records no microphone. */
  'consent.accept': defineRequest(lazySchema(() => z.object({}).strict()), ConsentStatusSchema),
  /**
   * Withdraw consent (browser mode): capture stops at once (frames already taken keep their text),
   * the record is removed, and nothing is captured until the welcome page is accepted again, here
   * or at the next start of either host.
   */
  'consent.withdraw': defineRequest(lazySchema(() => z.object({}).strict()), ConsentStatusSchema),
  /** Stop Engram (browser mode's "Quit"): capture stops cleanly, the host exits. */
  'app.quit': defineRequest(lazySchema(() => z.object({}).strict()), OkOutput),
  'app.startAtLogin': defineRequest(lazySchema(() => z.object({}).strict()), StartAtLoginSchema),
  /** Turns start at login on or off now; the consent record keeps the choice. */
  'app.setStartAtLogin': defineRequest(lazySchema(() => z.object({ enabled: z.boolean() }).strict()), StartAtLoginSchema),
  /** Opens System Settings → Login Items (macOS) or Startup apps (Windows); false where there is none. */
  'app.openLoginItems': defineRequest(lazySchema(() => z.object({}).strict()), lazySchema(() => z.object({ opened: z.boolean() }))),
};
