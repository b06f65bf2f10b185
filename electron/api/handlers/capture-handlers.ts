import { captureHealthOf, type CaptureStatus } from '../../../shared/api/index.js';
import { fail } from '../errors.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';

/** What the UI shows when this host has no capture service: a state, not an error. */
export const NO_CAPTURE: CaptureStatus = {
  state: 'unavailable',
  paused_until: null,
  last_frame_at: null,
  frames_kept: 0,
  frames_skipped: 0,
  frames_gated: 0,
  ocr_backlog: 0,
  audio: false,
  message: 'Capture runs in the desktop app or with `engram serve --capture`.',
};

type CaptureRequest = 'capture.status' | 'capture.health' | 'capture.pause' | 'capture.resume' | 'capture.pauseDisplay' | 'capture.openScreenSettings';
type CaptureRunRequest = 'capture.start' | 'capture.tick' | 'capture.stop' | 'capture.drain' | 'capture.counts' | 'capture.audio';

export function captureHandlers(deps: ApiDeps): HandlerGroup<CaptureRequest | CaptureRunRequest> {
  const { capture, events } = deps;
  // Every change is pushed too, so other windows (and the tray) follow without polling.
  const pushed = (s: CaptureStatus): CaptureStatus => {
    events.emit('capture.status', s);
    return s;
  };
  return {
    'capture.status': () => capture?.status() ?? NO_CAPTURE,
    'capture.health': () => captureHealthOf(capture?.status() ?? NO_CAPTURE),
    'capture.pause': async (input) => (capture ? pushed(await capture.pause(input.minutes)) : NO_CAPTURE),
    'capture.resume': async () => (capture ? pushed(await capture.resume()) : NO_CAPTURE),
    'capture.openScreenSettings': async () => {
      if (!deps.openScreenSettings) fail('UNAVAILABLE', 'Open System Settings → Privacy & Security → Screen Recording yourself: this window cannot open it.');
      return { opened: await deps.openScreenSettings() };
    },
    'capture.pauseDisplay': async (input) => {
      if (!capture) return NO_CAPTURE;
      if (!capture.pauseDisplay) fail('UNAVAILABLE', 'this host cannot pause one display');
      const known = capture.status().privacy?.displays ?? [];
      if (!input.paused || known.some((d) => d.id === input.display)) return pushed(await capture.pauseDisplay(input.display, input.paused));
      fail('NOT_FOUND', `no display "${input.display}"`);
    },
    ...captureRunHandlers(deps),
  };
}

/** The run of capture, for the host that drives it; the consent gate (browser mode) is asked through the status it wraps. */
function captureRunHandlers(deps: ApiDeps): HandlerGroup<CaptureRunRequest> {
  const driver = () => deps.captureDriver ?? fail('UNAVAILABLE', 'this host starts and stops capture itself');
  const status = () => deps.capture?.status() ?? NO_CAPTURE;
  const consented = () => {
    const blocked = status().blocked;
    if (blocked?.reason === 'no_consent') fail('CONFLICT', blocked.message ?? 'capture waits for the first-run consent');
  };
  return {
    'capture.start': () => {
      const d = driver();
      consented();
      d.start();
      return status();
    },
    'capture.tick': () => {
      const d = driver();
      consented();
      return d.tick();
    },
    'capture.stop': async () => {
      await driver().stop();
      return status();
    },
    'capture.drain': async () => {
      await driver().drain();
      return status();
    },
    'capture.counts': () => driver().counts(),
    'capture.audio': () => {
      const d = driver();
      consented();
      return d.audio ? d.audio() : fail('UNAVAILABLE', 'no audio stream was given with this capture');
    },
  };
}
