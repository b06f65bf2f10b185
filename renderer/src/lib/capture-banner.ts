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
        detail: `${status?.battery_saver ? 'Battery saver on · ' : ''}${status?.last_frame_at ? `Last frame ${fmtRelative(status.last_frame_at)}` : 'Waiting for the first frame'}`,
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

/** The Privacy screen's capture card: its heading, and a line that leads with the banner's own words. */
export interface PrivacyCaptureState {
  heading: string;
  line: string;
  banner: CaptureBanner;
}

/**
 * What the Privacy screen says about capture, from the same capture health as the sidebar's card,
 * the tray and the notification (no second opinion from the raw state): its line starts with the
 * banner's title, then says what that means here.
 */
export function privacyCaptureState(health: CaptureHealth | null, status: CaptureStatus | null): PrivacyCaptureState {
  const banner = captureBanner(health, status);
  switch (banner.tone) {
    case 'starting':
      return { banner, heading: 'Checking capture', line: `${banner.title} ${banner.detail}.` };
    case 'capturing': {
      const n = (v: number | undefined) => (v ?? 0).toLocaleString();
      return {
        banner,
        heading: 'Engram is watching your screen',
        line: `${banner.title} — ${n(status?.frames_kept)} screens kept today, ${n(status?.frames_skipped)} unchanged skipped, ${n(status?.frames_gated)} blocked by your rules.${batterySaverLine(status)}`,
      };
    }
    case 'paused': {
      const until = health?.auto_pause ? banner.detail : health?.paused_until ? 'Nothing is recorded until then.' : 'Nothing is recorded until you resume.';
      return { banner, heading: 'Capture is paused', line: `${banner.title}. ${until}` };
    }
    case 'off':
      return { banner, heading: 'Engram is not recording', line: `${banner.title}. ${banner.detail}` };
  }
}

/** On battery with the saver on: what changes, and how many screens wait for their text. */
function batterySaverLine(status: CaptureStatus | null): string {
  const saver = status?.battery_saver;
  if (!saver) return '';
  const waiting = saver.ocr_waiting > 0 ? ` (${saver.ocr_waiting.toLocaleString()} waiting)` : '';
  return ` Battery saver on: a screen half as often, and text read once on power or when you step away${waiting}.`;
}
