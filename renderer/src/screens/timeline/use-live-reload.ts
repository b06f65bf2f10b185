import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../../shared/api/index.js';

/** How long after a capture event the day is asked for again: capture ticks every 3 s. */
const RELOAD_DELAY_MS = 4000;

/**
 * Today's timeline follows capture: new frames and memories show up within a few seconds. At most
 * one reload per few seconds, and none while the window is hidden. Returns a counter that moves on
 * each reload; a day other than today never reloads by itself.
 */
export function useLiveReload(api: ApiClient, live: boolean): number {
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const soon = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        if (document.visibilityState === 'visible') setReload((n) => n + 1);
        else document.addEventListener('visibilitychange', () => setReload((n) => n + 1), { once: true });
      }, RELOAD_DELAY_MS);
    };
    const offs = [api.on('frame.added', soon), api.on('observation.added', soon), api.on('memory.changed', soon)];
    return () => {
      offs.forEach((o) => o());
      if (timer) clearTimeout(timer);
    };
  }, [api, live]);
  return reload;
}
