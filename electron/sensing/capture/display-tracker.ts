import type { FrameSignature } from './dhash.js';
import type { OcrBaseHolder } from './ocr-stage.js';

/** What the pipeline remembers of one display between ticks. */
export interface DisplayState extends OcrBaseHolder {
  last: FrameSignature | null;
  /** Start of the current run of skipped ticks, null when the last tick kept a frame. */
  skipSince: number | null;
  /** Whether the current skip run already had its forced capture. */
  forcedThisRun: boolean;
}

/**
 * Change detection's memory per display: the last kept frame's signature, the run of skipped ticks,
 * and when a still display is due its one forced capture (force_after_s into the run).
 */
export class DisplayTracker {
  private readonly displays = new Map<string, DisplayState>();

  constructor(private readonly forceAfterS: () => number) {}

  state(id: string): DisplayState {
    let s = this.displays.get(id);
    if (!s) {
      s = { last: null, lastKeptAt: 0, skipSince: null, forcedThisRun: false, ocrBase: null };
      this.displays.set(id, s);
    }
    return s;
  }

  noteSkip(id: string, now: number): void {
    const s = this.state(id);
    if (s.skipSince === null) s.skipSince = now;
  }

  /** One forced capture per run of skipped ticks, once the run is force_after_s long. */
  forceDue(id: string, now: number): boolean {
    const s = this.state(id);
    if (s.last === null) return true;
    if (s.skipSince === null || s.forcedThisRun) return false;
    return now - s.skipSince >= this.forceAfterS() * 1000;
  }
}
