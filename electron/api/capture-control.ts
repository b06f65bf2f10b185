import type { CaptureStatus } from '../../shared/api/index.js';
import type { CaptureControl } from './deps.js';

/** The part of electron/sensing/capture's CaptureService the UI drives (structural, so this room need not load capture). */
export interface CaptureServiceLike {
  status(): CaptureStatus;
  pause(minutes?: number): CaptureStatus;
  resume(): CaptureStatus;
  pipeline: { reloadSettings(): unknown };
}

export function captureControlOf(service: CaptureServiceLike): CaptureControl {
  return {
    status: () => service.status(),
    pause: (minutes) => service.pause(minutes),
    resume: () => service.resume(),
    reloadSettings: () => void service.pipeline.reloadSettings(),
  };
}
