import type { CaptureHealth, CaptureStatus, HealthAction } from '../../../shared/api/index.js';
import { fmtRelative, fmtTime } from './format.js';

/** What the window's capture card shows: the host's capture health, with the counts the status adds. */
export interface CaptureBanner {
  /** Drives the dot's colour. */
  tone: 'capturing' | 'paused' | 'off' | 'starting';
  title: string;
  detail: string;
  /** The one button the health carries (Resume included). */
  action: { kind: HealthAction; label: string } | null;
  /** Only while capturing: pausing something that keeps nothing would be a lie. */
  canPause: boolean;
}

export function captureBanner(health: CaptureHealth | null, status: CaptureStatus | null): CaptureBanner {
  if (!health || health.state === 'starting') return { tone: 'starting', title: 'Starting…', detail: 'Checking capture', action: null, canPause: false };
  const action = health.action && health.action_label ? { kind: health.action, label: health.action_label } : null;
  switch (health.state) {
    case 'capturing':
      return {
        tone: 'capturing',
        title: health.title,
        detail: status?.last_frame_at ? `Last frame ${fmtRelative(status.last_frame_at)}` : 'Waiting for the first frame',
        action: null,
        canPause: true,
      };
    case 'paused':
      return {
        tone: 'paused',
        title: health.paused_until ? `Paused until ${fmtTime(health.paused_until)}` : health.title,
        detail: health.detail ?? (health.paused_until ? `Resumes at ${fmtTime(health.paused_until)}` : 'Until you resume'),
        action,
        canPause: false,
      };
    case 'not_recording':
      return { tone: 'off', title: health.title, detail: health.detail ?? 'See Privacy for details', action, canPause: false };
  }
}
