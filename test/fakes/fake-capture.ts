import type { CaptureControl, CaptureDriver } from '../../electron/api/index.js';
import type { CaptureCounts, CaptureStatus, CaptureTick } from '../../shared/api/index.js';

/** Capture as the API sees it, without a screen: pause/resume change the status, reloads are counted; a host drives its run (start, tick, stop). */
export class FakeCapture implements CaptureControl, CaptureDriver {
  s: CaptureStatus = { state: 'running', paused_until: null, last_frame_at: null, frames_kept: 0, frames_skipped: 0, frames_gated: 0, ocr_backlog: 0, audio: false, message: null };
  reloads = 0;
  status() {
    return this.s;
  }
  pause(minutes?: number) {
    this.s = { ...this.s, state: 'paused', paused_until: minutes ? new Date(Date.now() + minutes * 60_000).toISOString() : null };
    return this.s;
  }
  resume() {
    this.s = { ...this.s, state: 'running', paused_until: null };
    return this.s;
  }
  reloadSettings() {
    this.reloads++;
  }
  counted: CaptureCounts = { kept: 0, skipped: 0, gated: 0 };
  private tickListeners = new Set<() => void>();
  start() {
    this.s = { ...this.s, state: 'running' };
  }
  async tick(): Promise<CaptureTick> {
    this.counted = { ...this.counted, skipped: this.counted.skipped + 1 };
    for (const l of this.tickListeners) l();
    return { kept: false, reason: 'unchanged', detail: null, forced: false, frame_ids: [], observation_ids: [] };
  }
  async stop() {
    this.s = { ...this.s, state: 'stopped' };
  }
  async drain() {}
  counts() {
    return this.counted;
  }
  onTick(listener: () => void) {
    this.tickListeners.add(listener);
    return () => void this.tickListeners.delete(listener);
  }
}
