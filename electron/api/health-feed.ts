import { captureHealthOf, type CaptureHealth, type CaptureStatus } from '../../shared/api/index.js';
import type { ApiEventBus } from './event-bus.js';

/**
 * Every pushed capture.status is followed by a capture.health when the health it gives changed,
 * whoever pushed it (the feed, a handler, the tray): a window's banner and the tray read the same.
 */
export function followCaptureHealth(bus: ApiEventBus): () => void {
  let last = '';
  return bus.subscribe((name, payload) => {
    if (name !== 'capture.status') return;
    const health: CaptureHealth = captureHealthOf(payload as CaptureStatus);
    const key = JSON.stringify(health);
    if (key === last) return;
    last = key;
    bus.emit('capture.health', health);
  });
}
