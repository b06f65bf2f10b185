import { useCallback, useEffect, useRef, type MutableRefObject } from 'react';

/** Holding an arrow flips at most this many frames a second: video speed, slow enough to read a title. */
const HOLD_FPS = 30;
/** A tap moves one frame; held longer than this, the arrow starts flipping (as a key repeats). */
const HOLD_DELAY_MS = 220;
/** A frame whose picture has not come after this long is passed while holding (the title still shows). */
const WAIT_MS = 400;

/**
 * The scrubber's held arrow: after HOLD_DELAY_MS, flips a frame per animation frame, no faster than
 * HOLD_FPS, waiting (a little) for a picture not yet decoded. `settled(k)` says frame k's picture is
 * drawn (or will never come); `show(k, dir)` moves the cursor. Stops at either end and on unmount.
 */
export function useScrubHold(cursor: MutableRefObject<number>, n: number, settled: (k: number) => boolean, show: (k: number, dir: 1 | -1) => void): { startHold(dir: 1 | -1): void; stopHold(): void } {
  const hold = useRef<{ dir: 1 | -1; raf: number; timer: ReturnType<typeof setTimeout> | null; last: number } | null>(null);

  const stopHold = useCallback(() => {
    const h = hold.current;
    if (!h) return;
    cancelAnimationFrame(h.raf);
    if (h.timer) clearTimeout(h.timer);
    hold.current = null;
  }, []);
  useEffect(() => stopHold, [stopHold]);

  const startHold = (dir: 1 | -1) => {
    stopHold();
    const h = { dir, raf: 0, timer: null as ReturnType<typeof setTimeout> | null, last: 0 };
    hold.current = h;
    const tick = (ts: number) => {
      if (hold.current !== h) return;
      const at = cursor.current;
      const ready = settled(at) || ts - h.last > WAIT_MS;
      if (ready && ts - h.last >= 1000 / HOLD_FPS - 2) {
        const next = at + dir;
        if (next < 0 || next >= n) return stopHold();
        h.last = ts;
        show(next, dir);
      }
      h.raf = requestAnimationFrame(tick);
    };
    h.timer = setTimeout(() => {
      h.timer = null;
      h.last = performance.now();
      h.raf = requestAnimationFrame(tick);
    }, HOLD_DELAY_MS);
  };

  return { startHold, stopHold };
}
