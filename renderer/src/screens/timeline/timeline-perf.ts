import { useLayoutEffect } from 'react';
import type { Day, RowModel } from './timeline-model.js';

declare global {
  interface Window {
    /** Timings the UI benchmark reads: when the day's data arrived and when its rows were on screen (painted). */
    __engramPerf?: { timelineData?: number; timelineRendered?: number; timelineItems?: number };
  }
}

/** Marks when the day's data arrived, for the UI benchmark. */
export function markDayArrived(items: number): void {
  window.__engramPerf = { ...window.__engramPerf, timelineData: performance.now(), timelineItems: items };
}

/** Marks when the day's rows are painted, for the UI benchmark. */
export function useMarkPainted(items: Day | null, model: RowModel): void {
  useLayoutEffect(() => {
    if (items === null) return;
    // After the next frame is painted: a message posted from requestAnimationFrame runs once it is.
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        window.__engramPerf = { ...window.__engramPerf, timelineRendered: performance.now() };
      };
      ch.port2.postMessage(0);
    });
  }, [items, model]);
}
