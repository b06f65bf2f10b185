import { useEffect, useMemo, useState } from 'react';
import type { ActivityDay, AppMinutes } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { addDays, fmtDay, fmtMinutes, localTimeZone, parseDayKey, startOfDay } from '../../lib/format.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { EmptyState } from '../../ui/empty-state.js';
import { MinutesTable } from '../../ui/minutes-table.js';
import { IconActivity } from '../../ui/icons.js';
import { ActivityChart, APP_COLORS } from './activity-chart.js';

const RANGES = [7, 14, 30] as const;

export function ActivityScreen() {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const [range, setRange] = useState<(typeof RANGES)[number]>(14);
  const [data, setData] = useState<{ days: ActivityDay[]; totals: AppMinutes[] } | null>(null);

  useEffect(() => {
    let live = true;
    const today = startOfDay(new Date());
    api
      .call('activity.daily', {
        range: { from: addDays(today, -(range - 1)).toISOString(), to: addDays(today, 1).toISOString() },
        timeZone: localTimeZone(),
      })
      .then((r) => live && setData(r))
      .catch((e) => live && toast(errorText(e), 'error'));
    return () => {
      live = false;
    };
  }, [api, range, dataVersion, toast]);

  const topApps = useMemo(() => (data?.totals ?? []).slice(0, APP_COLORS.length).map((a) => a.app), [data]);
  const colorOf = (app: string) => APP_COLORS[topApps.indexOf(app)] ?? 'var(--text-3)';
  const total = data?.totals.reduce((a, b) => a + b.minutes, 0) ?? 0;
  const activeDays = data?.days.filter((d) => d.total_minutes > 0) ?? [];
  const busiest = activeDays.reduce<ActivityDay | null>((a, d) => (!a || d.total_minutes > a.total_minutes ? d : a), null);

  return (
    <div className="activity-page">
      <header className="page-header">
        <div className="grow">
          <h1>Activity</h1>
          <div className="subtitle">Where your time went, from the events Engram remembers.</div>
        </div>
        <div className="segmented" role="radiogroup" aria-label="Period">
          {RANGES.map((r) => (
            <button key={r} type="button" role="radio" aria-checked={range === r} onClick={() => setRange(r)}>
              {r} days
            </button>
          ))}
        </div>
      </header>
      <div className="page-body">
        {data === null ? (
          <div className="skeleton" style={{ height: 320 }} />
        ) : total === 0 ? (
          <EmptyState icon={<IconActivity size={22} />} title="No activity yet">
            As Engram turns what you do into events, a chart of your time per app appears here.
          </EmptyState>
        ) : (
          <>
            <div className="stat-grid">
              <Stat label="Tracked time" value={fmtMinutes(total)} />
              <Stat label="Daily average" value={fmtMinutes(total / Math.max(1, activeDays.length))} note={`over ${activeDays.length} active ${activeDays.length === 1 ? 'day' : 'days'}`} />
              <Stat label="Most used" value={data.totals[0]?.app ?? '—'} note={data.totals[0] ? fmtMinutes(data.totals[0].minutes) : undefined} />
              <Stat label="Busiest day" value={busiest ? fmtDay(parseDayKey(busiest.date)) : '—'} note={busiest ? fmtMinutes(busiest.total_minutes) : undefined} />
            </div>
            <section className="card chart-card" aria-label="Time per app per day">
              <div className="card-body">
                <ActivityChart days={data.days} apps={topApps} colorOf={colorOf} />
              </div>
            </section>
            <section className="card" aria-labelledby="apps-heading">
              <div className="card-header">
                <div className="card-title" id="apps-heading">
                  Apps
                </div>
              </div>
              <div className="card-body">
                <MinutesTable
                  rows={data.totals.slice(0, 12).map((a) => ({ name: a.app, minutes: a.minutes }))}
                  caption={`Time per app over the last ${range} days`}
                  nameHeader="App"
                  color={colorOf}
                  swatch
                />
              </div>
            </section>
          </>
        )}
      </div>
    </div>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="stat">
      <div className="stat-label">{label}</div>
      <div className="stat-value truncate">{value}</div>
      {note && <div className="stat-note faint">{note}</div>}
    </div>
  );
}
