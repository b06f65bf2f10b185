import type { CaptureStatus } from '../../../shared/api/index.js';
import { fmtTime } from './format.js';

/**
 * The tray's one status line, for the window that has no tray (browser mode):
 * "Capturing — 412 frames today", "Paused until 14:30 — 3 frames today".
 */
export function captureStatusLine(status: CaptureStatus | null): string {
  if (!status) return 'Engram — starting…';
  const n = status.frames_kept;
  const frames = `${n.toLocaleString('en-US')} ${n === 1 ? 'frame' : 'frames'} today`;
  switch (status.state) {
    case 'running':
      return `Capturing — ${frames}`;
    case 'paused':
      return status.paused_until ? `Paused until ${fmtTime(status.paused_until)} — ${frames}` : `Paused until you resume — ${frames}`;
    case 'stopped':
      return status.message ? `Not capturing — ${status.message}` : `Capture off — ${frames}`;
    case 'unavailable':
      return 'Not capturing in this window';
    case 'error':
      return `Capture stopped — ${status.message ?? 'an error occurred'}`;
  }
}
