import type { EngramStore } from '../../../agents/store/index.js';
import type { RetentionSettings } from '../../../shared/settings/index.js';

export interface RetentionReport {
  frames: number;
  audio: number;
}

/**
 * Applies the storage budget and maximum age to frame and audio files: the oldest go first, and
 * what was learned from them (observations, memories) stays. Audio counts against the same budget.
 */
export function applyRetention(store: EngramStore, settings: RetentionSettings, now = Date.now()): RetentionReport {
  const maxAgeMs = settings.max_age_days * 86_400_000;
  const audio = store.audio.recycle({ maxAgeMs, now });
  const budget = settings.max_gb * 1024 ** 3;
  const audioBytes = store.stats().audio_bytes;
  const frames = store.frames.recycle({ maxBytes: Math.max(0, budget - audioBytes), maxAgeMs, now });
  return { frames, audio };
}

/** Runs applyRetention at start and then periodically (default every 10 minutes). */
export class RetentionJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: EngramStore,
    private readonly settings: () => RetentionSettings,
    private readonly opts: { everyMs?: number; onReport?: (r: RetentionReport) => void; onError?: (e: unknown) => void } = {},
  ) {}

  start(): void {
    if (this.timer) return;
    this.runOnce();
    this.timer = setInterval(() => this.runOnce(), this.opts.everyMs ?? 10 * 60_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  runOnce(): RetentionReport | null {
    try {
      // Frame files a crash left without their row (a capture killed mid-frame, a forget or a
      // recycle killed before its files went) would otherwise stay on disk for good. A minute's
      // grace spares a frame another process is storing right now.
      this.store.repairOrphans({ minAgeMs: 60_000 });
      // The page cache follows the memories learned meanwhile (it starts small: see page-cache.ts).
      this.store.growPageCache();
      const r = applyRetention(this.store, this.settings());
      this.opts.onReport?.(r);
      return r;
    } catch (err) {
      this.opts.onError?.(err);
      return null;
    }
  }
}
