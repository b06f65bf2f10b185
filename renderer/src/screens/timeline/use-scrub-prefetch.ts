import { useCallback, useRef } from 'react';
import type { ScrubFrames } from '../../lib/scrub-frames.js';

/** Frames decoded ahead of the cursor (in the direction it moves) and behind it. */
const AHEAD = 48;
const BEHIND = 12;

/**
 * The scrubber's prefetch: the pictures around frame k, more of them in the direction the cursor
 * moves, asked for again only once the cursor has moved a few frames. `again()` forgets where the
 * last window was, so the next prefetch asks whatever it is.
 */
export function useScrubPrefetch(cache: ScrubFrames, idAt: (k: number) => string, n: number): { prefetch(k: number, dir: 1 | -1): void; again(): void } {
  const prefetchedAt = useRef<number | null>(null);
  const prefetch = useCallback(
    (k: number, dir: 1 | -1) => {
      if (n === 0) return;
      if (prefetchedAt.current !== null && Math.abs(prefetchedAt.current - k) < 6) return;
      prefetchedAt.current = k;
      const ids: string[] = [];
      for (let d = 1; d <= AHEAD; d++) {
        const a = k + d * dir;
        if (a >= 0 && a < n) ids.push(idAt(a));
        if (d <= BEHIND) {
          const b = k - d * dir;
          if (b >= 0 && b < n) ids.push(idAt(b));
        }
      }
      cache.prefetch(ids);
    },
    [cache, idAt, n],
  );
  const again = useCallback(() => {
    prefetchedAt.current = null;
  }, []);
  return { prefetch, again };
}
