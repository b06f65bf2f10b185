import { captureHealthLine, type CaptureHealth, type CaptureStatus } from '../../../shared/api/index.js';
import { fmtTime } from './format.js';

/**
 * The tray's one status line, for the window that has no tray (browser mode), from the host's
 * capture health (never the raw state: a running scheduler may keep nothing):
 * "Capturing — 412 frames today", "Paused until 14:30 — 3 frames today", "Not recording — …".
 */
export function captureStatusLine(health: CaptureHealth | null, status: CaptureStatus | null): string {
  if (!health) return 'Engram — starting…';
  return captureHealthLine(health, status?.frames_kept ?? 0, fmtTime);
}
