import type { DayHour } from '../../../../shared/api/index.js';
import { fmtMinutes } from '../../lib/format.js';

const W = 880;
const H = 180;
const PAD_L = 36;
const PAD_B = 24;
const PAD_T = 10;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

const label = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * Active minutes in each hour of the day (0-60), one bar per hour. The picture is hidden from
 * screen readers; the table beside it says the same in words.
 */
export function DayHoursChart({ hours }: { hours: DayHour[] }) {
  const byHour = new Map(hours.map((h) => [h.hour, h]));
  const innerW = W - PAD_L - 8;
  const innerH = H - PAD_B - PAD_T;
  const slot = innerW / 24;
  const barW = slot * 0.7;
  return (
    <div className="chart-wrap">
      <svg viewBox={`0 0 ${W} ${H}`} className="chart" aria-hidden="true" data-testid="day-hours-chart">
        {[0, 30, 60].map((t) => {
          const y = PAD_T + innerH - (t / 60) * innerH;
          return (
            <g key={t}>
              <line x1={PAD_L} x2={W - 8} y1={y} y2={y} className="chart-grid" />
              <text x={PAD_L - 6} y={y + 4} className="chart-axis" textAnchor="end">
                {t === 0 ? '0' : `${t}m`}
              </text>
            </g>
          );
        })}
        {HOURS.map((h) => {
          const minutes = Math.min(60, byHour.get(h)?.minutes ?? 0);
          const bh = (minutes / 60) * innerH;
          const x = PAD_L + h * slot + (slot - barW) / 2;
          return (
            <g key={h}>
              {minutes > 0 && (
                <rect x={x} y={PAD_T + innerH - bh} width={barW} height={bh} rx={2} fill="var(--accent)" data-testid="day-hour-bar" data-hour={h} data-minutes={minutes}>
                  <title>{`${label(h)}: ${fmtMinutes(minutes)}`}</title>
                </rect>
              )}
              {h % 3 === 0 && (
                <text x={x + barW / 2} y={H - 6} textAnchor="middle" className="chart-axis">
                  {label(h)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only" data-testid="day-hours-table">
        <caption>Active minutes per hour</caption>
        <thead>
          <tr>
            <th scope="col">Hour</th>
            <th scope="col">Active</th>
            <th scope="col">Apps</th>
          </tr>
        </thead>
        <tbody>
          {hours.map((h) => (
            <tr key={h.hour}>
              <th scope="row">{label(h.hour)}</th>
              <td>{fmtMinutes(h.minutes)}</td>
              <td>{h.apps.map((a) => `${a.app} ${fmtMinutes(a.minutes)}`).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
