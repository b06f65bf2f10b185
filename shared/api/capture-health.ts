import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import type { CaptureStatus } from './capture.js';
import { lazySchema } from './lazy-schema.js';

/**
 * One answer to "is Engram recording, and if not, why and what do I do?", computed from the
 * capture status alone, so the tray icon, the tray line, the window banner (desktop and browser
 * mode) and the one notification can never disagree. `running` in the status means the scheduler
 * ticks; it does not mean anything is kept: a tick that cannot check the windows, has no Screen
 * Recording grant or finds no display keeps nothing, and the health says so.
 */
export const NotRecordingReasonSchema = lazySchema(() => z.enum([
  /** macOS Screen Recording not granted (or blocked by a profile). */
  'no_permission',
  /** Wayland: the windows cannot be listed, and with the default settings nothing is kept. */
  'wayland',
  /** Any other window system that cannot list the windows (no X display, an X error): fail closed. */
  'window_list',
  'no_display',
  /** "Capture" is off in Settings. */
  'disabled',
  /** Capture stopped on an error (the disk, the database, the grab). */
  'error',
  /** This host has no capture at all (engram serve without --capture). */
  'no_capture',
  /** Browser mode before the welcome page is accepted: the first thing to do, so it outranks the others. */
  'no_consent',
]));
export type NotRecordingReason = z.infer<typeof NotRecordingReasonSchema>;

/** Why capture is paused without the user asking (screen locked, computer asleep, user away). */
export const AutoPauseSchema = lazySchema(() => z.enum(['locked', 'suspended', 'idle']));
export type AutoPause = z.infer<typeof AutoPauseSchema>;

/** What the banner's button (and a click on the notification) does. */
export const HealthActionSchema = lazySchema(() => z.enum(['open_screen_settings', 'open_privacy', 'open_settings', 'resume']));
export type HealthAction = z.infer<typeof HealthActionSchema>;

export const CaptureHealthSchema = lazySchema(() => z.object({
  state: z.enum(['starting', 'capturing', 'paused', 'not_recording']),
  /** Set when state is not_recording. */
  reason: NotRecordingReasonSchema.nullable(),
  /** A timed pause's end (state paused). */
  paused_until: IsoTime.nullable(),
  /** Set when paused by the computer, not the user. */
  auto_pause: AutoPauseSchema.nullable(),
  /** One short line: "Capturing", "Paused", "Not recording — grant Screen Recording". */
  title: z.string(),
  /** What is going on and what to do, for the banner and the notification. */
  detail: z.string().nullable(),
  action: HealthActionSchema.nullable(),
  /** The button's words for `action`. */
  action_label: z.string().nullable(),
}));
export type CaptureHealth = z.infer<typeof CaptureHealthSchema>;

const ACTION_LABELS: Record<HealthAction, string> = {
  open_screen_settings: 'Open Screen Recording settings',
  open_privacy: 'Open Privacy',
  open_settings: 'Open Settings',
  resume: 'Resume',
};

const AUTO_PAUSE_TEXT: Record<AutoPause, string> = {
  locked: 'screen locked',
  suspended: 'computer asleep',
  idle: 'you are away',
};

function notRecording(reason: NotRecordingReason, title: string, detail: string | null, action: HealthAction | null): CaptureHealth {
  return { state: 'not_recording', reason, paused_until: null, auto_pause: null, title: `Not recording — ${title}`, detail, action, action_label: action ? ACTION_LABELS[action] : null };
}

/** Why capture keeps nothing, for each reason: the title's tail, and what to do. */
function blockedHealth(reason: NotRecordingReason, message: string | null): CaptureHealth {
  switch (reason) {
    case 'no_permission':
      return notRecording(
        reason,
        'grant Screen Recording',
        message ?? 'Allow Engram in System Settings → Privacy & Security → Screen Recording, then quit and reopen Engram.',
        'open_screen_settings',
      );
    case 'wayland':
      return notRecording(
        reason,
        'Wayland hides the windows',
        'On Wayland Engram cannot see which windows are open, so it cannot hide the ones you excluded and keeps nothing. Log in to an X11 (Xorg) session to record, or read Privacy → Window list for the choices.',
        'open_privacy',
      );
    case 'window_list':
      return notRecording(reason, 'windows cannot be checked', `${message ?? 'The windows on screen cannot be listed'}. Engram keeps nothing it cannot check; see Privacy → Window list.`, 'open_privacy');
    case 'no_display':
      return notRecording(reason, 'no display found', 'Connect or wake a display; capture goes on by itself when one is there.', null);
    case 'disabled':
      return notRecording(reason, 'capture is off in Settings', 'Turn Capture on in Settings to record again.', 'open_settings');
    case 'no_consent':
      return notRecording(reason, 'waiting for your consent', message ?? 'Capture starts once you accept the welcome page.', null);
    case 'no_capture':
      return notRecording(reason, 'capture does not run here', message ?? 'Capture runs in the desktop app or with `engram serve --capture`.', null);
    case 'error':
      // The message is the news here (the disk is full, the grab failed): it is the title's tail.
      return notRecording(reason, message ?? 'capture stopped', 'Choose Resume to try again.', 'resume');
  }
}

/** The one capture-health decision (see the schema above). `autoPause` overrides the status's own, for hosts that know better. */
export function captureHealthOf(status: CaptureStatus | null, autoPause?: AutoPause | null): CaptureHealth {
  if (!status) return { state: 'starting', reason: null, paused_until: null, auto_pause: null, title: 'Starting…', detail: null, action: null, action_label: null };
  if (status.state === 'unavailable') return blockedHealth('no_capture', status.message);
  // A setting or a missing grant outranks a pause: resuming would not record anything either.
  if (status.blocked) return blockedHealth(status.blocked.reason, status.blocked.message);
  switch (status.state) {
    case 'error':
      return blockedHealth('error', status.message);
    case 'stopped':
      return blockedHealth('error', status.message ?? 'capture is stopped');
    case 'paused':
      return {
        state: 'paused',
        reason: null,
        paused_until: status.paused_until,
        auto_pause: null,
        title: 'Paused',
        detail: status.paused_until ? null : 'Until you resume.',
        action: 'resume',
        action_label: ACTION_LABELS.resume,
      };
    case 'running': {
      const auto = autoPause === undefined ? (status.auto_pause ?? null) : autoPause;
      if (auto) return { state: 'paused', reason: null, paused_until: null, auto_pause: auto, title: `Paused (${AUTO_PAUSE_TEXT[auto]})`, detail: 'Capture goes on by itself when you are back.', action: null, action_label: null };
      return { state: 'capturing', reason: null, paused_until: null, auto_pause: null, title: 'Capturing', detail: null, action: null, action_label: null };
    }
  }
}

/**
 * The tray's one line and the browser-mode window's: "Capturing — 412 frames today",
 * "Paused until 14:30 — 3 frames today", "Not recording — grant Screen Recording".
 * `formatTime` is the caller's (the tray's locale, the window's), so tests pin it.
 */
export function captureHealthLine(health: CaptureHealth, framesToday: number, formatTime: (iso: string) => string): string {
  const frames = `${framesToday.toLocaleString('en-US')} ${framesToday === 1 ? 'frame' : 'frames'} today`;
  switch (health.state) {
    case 'starting':
      return 'Engram — starting…';
    case 'not_recording':
      return health.title;
    case 'capturing':
      return `${health.title} — ${frames}`;
    case 'paused':
      if (health.auto_pause) return `${health.title} — ${frames}`;
      return `${health.paused_until ? `Paused until ${formatTime(health.paused_until)}` : 'Paused until you resume'} — ${frames}`;
  }
}
