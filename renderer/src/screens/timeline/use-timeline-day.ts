import { useEffect, useMemo, useState } from 'react';
import type { ApiClient, DaySummary, TimelineDay } from '../../../../shared/api/index.js';
import { addDays, startOfDay } from '../../lib/format.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Day } from './timeline-model.js';
import { markDayArrived } from './timeline-perf.js';
import { useLiveReload } from './use-live-reload.js';

/**
 * Asks for a day. Called while rendering (see below), so a render run twice in a row (StrictMode in
 * development) shares one request; the next task asks afresh.
 */
const pendingDay = new WeakMap<ApiClient, { key: string; promise: Promise<TimelineDay> }>();
function requestDay(api: ApiClient, date: Date, version: string): Promise<TimelineDay> {
  const key = `${date.toISOString()}|${version}`;
  const hit = pendingDay.get(api);
  if (hit?.key === key) return hit.promise;
  const promise = api.call('timeline.day', { range: { from: date.toISOString(), to: addDays(date, 1).toISOString() } });
  promise.catch(() => undefined); // handled where it is used; this keeps an abandoned request from being "unhandled"
  pendingDay.set(api, { key, promise });
  queueMicrotask(() => pendingDay.delete(api));
  return promise;
}

export interface TimelineDayState {
  /** The day's items, null while loading. */
  items: Day | null;
  /** True when the host sent only the first part of a very full day. */
  truncated: boolean;
  /** The last two weeks, for the day strip. */
  days: DaySummary[];
}

/** The day shown (and the fortnight around it), asked again after deletes and, for today, as capture goes on. */
export function useTimelineDay(api: ApiClient, date: Date, key: string, isToday: boolean): TimelineDayState {
  const toast = useAppStore((s) => s.toast);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const reload = useLiveReload(api, isToday);
  const [items, setItems] = useState<Day | null>(null);
  const [truncated, setTruncated] = useState(false);
  const [days, setDays] = useState<DaySummary[]>([]);

  // Load the day. The call starts while the screen renders, not once it is committed: React holds
  // the first commit of a lazily loaded screen back (about 300 ms) and the host can work meanwhile.
  // dataVersion and reload are not read: they say when to ask again (after deletes, for new captures).
  const dayRequest = useMemo(() => requestDay(api, date, `${dataVersion}:${reload}`), [api, date, dataVersion, reload]);
  useEffect(() => {
    let live = true;
    dayRequest
      .then((r) => {
        if (!live) return;
        markDayArrived(r.count);
        setItems(new Day(r));
        setTruncated(r.truncated);
      })
      .catch((e) => live && toast(errorText(e), 'error'));
    return () => {
      live = false;
    };
  }, [dayRequest, toast]);

  useEffect(() => setItems(null), [key]);

  useEffect(() => {
    const today = startOfDay(new Date());
    api
      .call('timeline.days', {
        range: { from: addDays(today, -13).toISOString(), to: addDays(today, 1).toISOString() },
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      })
      .then((r) => setDays(r.days))
      .catch(() => undefined);
  }, [api, dataVersion, reload]);

  return { items, truncated, days };
}
