import type { CaptureStatus } from '../../shared/api/index.js';
import type { CaptureControl } from './deps.js';

/** The part of electron/sensing/capture's CaptureService the UI drives (structural, so this room need not load capture). */
export interface CaptureServiceLike {
  status(): CaptureStatus;
  pause(minutes?: number): CaptureStatus;
  resume(): CaptureStatus;
  pauseDisplay?(display: string, paused: boolean): CaptureStatus;
  /** Re-reads the stored settings and applies them at once (capture on/off, audio, transcriber). */
  reloadSettings(): unknown;
}

export function captureControlOf(service: CaptureServiceLike): CaptureControl {
  return {
    status: () => service.status(),
    pause: (minutes) => service.pause(minutes),
    resume: () => service.resume(),
    pauseDisplay: service.pauseDisplay ? (display, paused) => service.pauseDisplay!(display, paused) : undefined,
    reloadSettings: () => void service.reloadSettings(),
  };
}
