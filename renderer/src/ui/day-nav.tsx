import type { ReactNode } from 'react';
import { addDays, dayKey } from '../lib/format.js';
import { hrefFor, navigate, type Screen } from '../lib/route.js';
import { IconChevronLeft, IconChevronRight } from './icons.js';

/**
 * A day page's navigation (the Timeline's and the Day page's): previous day, a date picker up to today,
 * next day (disabled on today), and Today when another day is shown. `children` follow in the same row.
 */
export function DayNav({ screen, date, inputId, label, children }: { screen: Screen; date: Date; inputId: string; label: string; children?: ReactNode }) {
  const key = dayKey(date);
  const isToday = key === dayKey(new Date());
  return (
    <div className="row">
      <a className="btn btn-icon" href={hrefFor(screen, dayKey(addDays(date, -1)))} aria-label="Previous day">
        <IconChevronLeft />
      </a>
      <label className="sr-only" htmlFor={inputId}>
        {label}
      </label>
      <input id={inputId} type="date" className="input date-input" value={key} max={dayKey(new Date())} onChange={(e) => e.target.value && navigate(screen, e.target.value)} />
      <a className="btn btn-icon" href={hrefFor(screen, dayKey(addDays(date, 1)))} aria-label="Next day" aria-disabled={isToday} onClick={(e) => isToday && e.preventDefault()}>
        <IconChevronRight />
      </a>
      {!isToday && (
        <a className="btn" href={hrefFor(screen)}>
          Today
        </a>
      )}
      {children}
    </div>
  );
}
