import { z } from 'zod';

/**
 * A hybrid logical clock stamp (Kulkarni et al.): wall milliseconds, a counter for events within
 * one millisecond or behind a clock that ran ahead, and the device that made it. Stamps order
 * totally by (t, c, d), so two devices always agree which of two changes is later: the device id is
 * the stable tie-break.
 */
export const HlcSchema = z.object({
  t: z.number().int().nonnegative(),
  c: z.number().int().nonnegative(),
  d: z.string().regex(/^[0-9a-f]{32}$/, 'a device id is 32 hex digits'),
});
export type Hlc = z.infer<typeof HlcSchema>;

export function compareHlc(a: Hlc, b: Hlc): number {
  if (a.t !== b.t) return a.t < b.t ? -1 : 1;
  if (a.c !== b.c) return a.c < b.c ? -1 : 1;
  return a.d < b.d ? -1 : a.d > b.d ? 1 : 0;
}

export function maxHlc(a: Hlc, b: Hlc): Hlc {
  return compareHlc(a, b) >= 0 ? a : b;
}

/** How far ahead of our wall clock a remote stamp may be before we refuse to follow it (a broken clock elsewhere). */
export const MAX_DRIFT_MS = 24 * 60 * 60 * 1000;

/**
 * One device's clock. `now()` stamps a local change; `receive()` folds in a stamp read from another
 * device, so every later local change orders after everything this device has seen.
 */
export class HybridClock {
  private last: Hlc;

  constructor(
    readonly device: string,
    private readonly wall: () => number = Date.now,
    last?: Hlc,
  ) {
    HlcSchema.shape.d.parse(device);
    this.last = last ?? { t: 0, c: 0, d: device };
  }

  now(): Hlc {
    const w = this.wall();
    const t = Math.max(w, this.last.t);
    const c = t === this.last.t ? this.last.c + 1 : 0;
    this.last = { t, c, d: this.device };
    return this.last;
  }

  receive(remote: Hlc): void {
    // A stamp far in the future would drag every later change with it; order by it, do not adopt it.
    if (remote.t > this.wall() + MAX_DRIFT_MS) return;
    if (remote.t > this.last.t || (remote.t === this.last.t && remote.c > this.last.c)) {
      this.last = { t: remote.t, c: remote.c, d: this.device };
    }
  }

  /** The last stamp handed out or seen, to keep across restarts. */
  get current(): Hlc {
    return this.last;
  }
}
