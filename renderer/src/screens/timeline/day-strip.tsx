import type { DaySummary } from '../../../../shared/api/index.js';
import { addDays, dayKey, startOfDay } from '../../lib/format.js';
import { hrefFor } from '../../lib/route.js';

const wd = new Intl.DateTimeFormat(undefined, { weekday: 'narrow' });

/** The last two weeks at a glance: one bar per day, its height the amount captured that day. */
export function DayStrip({ days, selected }: { days: DaySummary[]; selected: string }) {
  const today = startOfDay(new Date());
  const byDate = new Map(days.map((d) => [d.date, d]));
  const list = Array.from({ length: 14 }, (_, i) => addDays(today, i - 13));
  const max = Math.max(1, ...days.map((d) => d.observations + d.frames + d.memories));
  return (
    <nav className="day-strip" aria-label="Recent days">
      {list.map((d) => {
        const key = dayKey(d);
        const s = byDate.get(key);
        const n = s ? s.observations + s.frames + s.memories : 0;
        const h = n === 0 ? 0 : 4 + Math.round((n / max) * 22);
        return (
          <a
            key={key}
            href={hrefFor('timeline', key)}
            className="day-pill"
            aria-current={key === selected ? 'date' : undefined}
            aria-label={`${d.toDateString()}: ${n === 0 ? 'nothing captured' : `${n.toLocaleString()} items`}`}
          >
            <span className="day-bar-track">
              <span className="day-bar" style={{ height: h }} />
            </span>
            <span className="day-wd">{wd.format(d)}</span>
            <span className="day-num">{d.getDate()}</span>
          </a>
        );
      })}
    </nav>
  );
}
