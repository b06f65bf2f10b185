import type { CaptureControl } from '../../electron/api/index.js';
import type { CaptureStatus } from '../../shared/api/index.js';

/** Capture as the API sees it, without a screen: pause/resume change the status, reloads are counted. */
export class FakeCapture implements CaptureControl {
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
}
