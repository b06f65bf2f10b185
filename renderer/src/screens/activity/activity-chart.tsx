import { useState } from 'react';
import type { ActivityDay } from '../../../../shared/api/index.js';
import { fmtMinutes, fmtShortDay, parseDayKey } from '../../lib/format.js';

export const APP_COLORS = ['#5b5bd6', '#1f9d8f', '#e06a3b', '#3f7fe0', '#d2457a', '#c98a12', '#8a63d2', '#3f9f4f'];
export const OTHER_COLOR = 'var(--text-3)';

interface ChartProps {
  days: ActivityDay[];
  apps: string[];
  colorOf(app: string): string;
}

const H = 260;
const PAD_L = 44;
const PAD_B = 28;
const PAD_T = 12;

/** Four gridlines at whole hours: the step is the smallest whole hour that fits the tallest day. */
function niceScale(minutes: number): { max: number; step: number } {
  const stepHours = Math.max(1, Math.ceil(minutes / 60 / 4));
  return { max: stepHours * 4 * 60, step: stepHours * 60 };
}

/** Stacked bars, one per day, one colour per app; hovering a bar shows its breakdown. */
export function ActivityChart({ days, apps, colorOf }: ChartProps) {
  const [hover, setHover] = useState<number | null>(null);
  const width = 880;
  const innerW = width - PAD_L - 8;
  const innerH = H - PAD_B - PAD_T;
  const { max, step } = niceScale(Math.max(60, ...days.map((d) => d.total_minutes)));
  const slot = innerW / Math.max(1, days.length);
  const barW = Math.min(38, slot * 0.62);
  const ticks = [0, 1, 2, 3, 4].map((i) => i * step);
  const top = new Set(apps);
  const labelEvery = days.length > 16 ? Math.ceil(days.length / 10) : 1;

  return (
    <div className="chart-wrap">
      <svg viewBox={`0 0 ${width} ${H}`} className="chart" role="img" aria-label={`Time per app per day for ${days.length} days`}>
        {ticks.map((t) => {
          const y = PAD_T + innerH - (t / max) * innerH;
          return (
            <g key={t}>
              <line x1={PAD_L} x2={width - 8} y1={y} y2={y} className="chart-grid" />
              <text x={PAD_L - 8} y={y + 4} className="chart-axis" textAnchor="end">
                {t === 0 ? '0' : `${Math.round(t / 60)}h`}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const x = PAD_L + i * slot + (slot - barW) / 2;
          let y = PAD_T + innerH;
          const segs: { app: string; minutes: number }[] = [];
          let other = 0;
          for (const a of d.apps) {
            if (top.has(a.app)) segs.push(a);
            else other += a.minutes;
          }
          segs.sort((a, b) => apps.indexOf(a.app) - apps.indexOf(b.app));
          if (other > 0) segs.push({ app: 'Other', minutes: other });
          return (
            <g key={d.date} onMouseEnter={() => setHover(i)} onMouseLeave={() => setHover(null)} className={hover === i ? 'bar hover' : 'bar'}>
              <rect x={PAD_L + i * slot} y={PAD_T} width={slot} height={innerH} fill="transparent" />
              {segs.map((s, si) => {
                const h = (s.minutes / max) * innerH;
                y -= h;
                const isTop = si === segs.length - 1;
                return <rect key={s.app} x={x} y={y} width={barW} height={Math.max(0, h - (isTop ? 0 : 1))} rx={isTop ? 4 : 1.5} fill={s.app === 'Other' ? OTHER_COLOR : colorOf(s.app)} />;
              })}
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={H - 8} textAnchor="middle" className="chart-axis">
                  {fmtShortDay(parseDayKey(d.date)).replace(/,.*$/, '')} {parseDayKey(d.date).getDate()}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {hover !== null && days[hover] && (
        <div className="chart-tip" role="status" style={{ left: `${((PAD_L + hover * slot + slot / 2) / width) * 100}%` }}>
          <strong>{fmtShortDay(parseDayKey(days[hover]!.date))}</strong>
          <span className="faint">{fmtMinutes(days[hover]!.total_minutes)}</span>
          {days[hover]!.apps.slice(0, 6).map((a) => (
            <span key={a.app} className="row">
              <span className="legend-swatch" style={{ background: top.has(a.app) ? colorOf(a.app) : OTHER_COLOR }} />
              <span className="grow truncate">{a.app}</span>
              <span className="tabular">{fmtMinutes(a.minutes)}</span>
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
