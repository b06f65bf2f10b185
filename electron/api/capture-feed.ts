import type { CaptureStatus } from '../../shared/api/index.js';
import type { CaptureControl } from './deps.js';
import type { ApiEventBus } from './event-bus.js';
import type { ProgressTracker } from './progress-tracker.js';

function sameStatus(a: CaptureStatus | null, b: CaptureStatus): boolean {
  return !!a && a.state === b.state && a.paused_until === b.paused_until && a.last_frame_at === b.last_frame_at && a.ocr_backlog === b.ocr_backlog && a.message === b.message && a.auto_pause === b.auto_pause && JSON.stringify(a.blocked) === JSON.stringify(b.blocked);
}

/**
 * Watches capture for what changes by itself (a timed pause ending, a new frame, the OCR backlog)
 * and pushes it: the sidebar and the tray stay right without polling from every window.
 */
export function startCaptureFeed(capture: CaptureControl, bus: ApiEventBus, progress: ProgressTracker, intervalMs = 2000): () => void {
  let last: CaptureStatus | null = null;
  const tick = () => {
    let s: CaptureStatus;
    try {
      s = capture.status();
    } catch {
      return;
    }
    if (!sameStatus(last, s)) bus.emit('capture.status', s);
    const wasBacklogged = (last?.ocr_backlog ?? 0) > 0;
    if (s.ocr_backlog > 0) {
      progress.set('ocr', { label: 'Reading text on screen', state: 'running', done: null, total: null, detail: `${s.ocr_backlog} ${s.ocr_backlog === 1 ? 'screen' : 'screens'} waiting` });
    } else if (wasBacklogged) {
      progress.set('ocr', { state: 'done', detail: null });
    }
    last = s;
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
