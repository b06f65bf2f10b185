import type { CaptureStatus } from '../../shared/api/index.js';
import type { CaptureDriver, CaptureControl } from './deps.js';

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

/** The part of CaptureService a host drives (structural, as above). */
export interface CaptureRunLike {
  start(): void;
  tick(): Promise<{ kept: boolean; reason: string; detail: string | null; forced: boolean; frame_ids: string[]; observations: Promise<string[]> }>;
  stop(): Promise<void>;
  drain(): Promise<void>;
  pipeline: {
    pipelineStats(): { kept: number; skipped: number; gated: number };
    on(event: 'tick', listener: () => void): unknown;
    off(event: 'tick', listener: () => void): unknown;
  };
}

export function captureDriverOf(service: CaptureRunLike): CaptureDriver {
  return {
    start: () => service.start(),
    tick: async () => {
      const r = await service.tick();
      return { kept: r.kept, reason: r.reason, detail: r.detail, forced: r.forced, frame_ids: r.frame_ids, observation_ids: await r.observations };
    },
    stop: () => service.stop(),
    drain: () => service.drain(),
    counts: () => {
      const s = service.pipeline.pipelineStats();
      return { kept: s.kept, skipped: s.skipped, gated: s.gated };
    },
    onTick: (listener) => {
      service.pipeline.on('tick', listener);
      return () => void service.pipeline.off('tick', listener);
    },
  };
}
