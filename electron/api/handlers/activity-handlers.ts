import type { ActivityDay, AppMinutes } from '../../../shared/api/index.js';
import { zonedCalendar } from '../zoned-calendar.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';

/** A point event (no end) still took some time: count it as one minute. */
const POINT_MS = 60_000;
const PAGE = 10_000;

/** Merges overlapping [start, end) intervals so an hour summary and its segments are not counted twice. */
export function mergeIntervals(list: [number, number][]): [number, number][] {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export function activityHandlers(deps: ApiDeps): HandlerGroup<'activity.daily'> {
  const { store } = deps;
  return {
    'activity.daily': (input) => {
      const cal = zonedCalendar(input.timeZone);
      const from = cal.startOfDay(Date.parse(input.range.from));
      const to = Date.parse(input.range.to);
      const starts: number[] = [];
      for (let t = from; t < to && starts.length < 400; t = cal.startOfDay(t, 1)) starts.push(t);
      starts.push(to);

      const byApp = new Map<string, [number, number][]>();
      // Episodes that started before the window but ran into it count for their part inside it.
      for (let offset = 0; ; offset += PAGE) {
        const batch = store.memories.list({ kinds: ['episodic'], since: from - 24 * 3600_000, until: to, limit: PAGE, offset, order: 'oldest' });
        for (const m of batch) {
          if (!m.occurred_at) continue;
          const s = Date.parse(m.occurred_at);
          const e = m.ended_at ? Math.max(s, Date.parse(m.ended_at)) : s + POINT_MS;
          const app = m.app?.trim() || 'Other';
          const list = byApp.get(app);
          if (list) list.push([s, Math.max(e, s + POINT_MS)]);
          else byApp.set(app, [[s, Math.max(e, s + POINT_MS)]]);
        }
        if (batch.length < PAGE) break;
      }

      const days: ActivityDay[] = starts.slice(0, -1).map((t) => {
        return { date: cal.dayKey(t), apps: [], total_minutes: 0 };
      });
      const totals = new Map<string, number>();
      for (const [app, intervals] of byApp) {
        for (const [s, e] of mergeIntervals(intervals)) {
          for (let d = 0; d < days.length; d++) {
            const lo = Math.max(s, starts[d]!);
            const hi = Math.min(e, starts[d + 1]!);
            if (hi <= lo) continue;
            const minutes = (hi - lo) / 60_000;
            const day = days[d]!;
            const existing = day.apps.find((a) => a.app === app);
            if (existing) existing.minutes += minutes;
            else day.apps.push({ app, minutes });
            day.total_minutes += minutes;
            totals.set(app, (totals.get(app) ?? 0) + minutes);
          }
        }
      }
      const round = (n: number) => Math.round(n * 10) / 10;
      for (const d of days) {
        d.apps.sort((a, b) => b.minutes - a.minutes);
        d.apps = d.apps.map((a) => ({ app: a.app, minutes: round(a.minutes) }));
        d.total_minutes = round(d.total_minutes);
      }
      const totalList: AppMinutes[] = [...totals].map(([app, minutes]) => ({ app, minutes: round(minutes) })).sort((a, b) => b.minutes - a.minutes);
      return { days, totals: totalList };
    },
  };
}
