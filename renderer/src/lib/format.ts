/** Human formatting for times, sizes and durations, in the viewer's locale and time zone. */
import { formatMinutes } from '../../../shared/calendar/index.js';

const timeFmt = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const timeSecFmt = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
const shortTimeFmt = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayFmt = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
const shortDayFmt = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const hourFmt = new Intl.DateTimeFormat(undefined, { hour: 'numeric' });

/** The viewer's zone: the one rule, from shared/calendar (light: no chrono-node in the window's bundle). */
export { localTimeZone } from '../../../shared/calendar/index.js';

export function fmtTime(iso: string | number): string {
  return timeFmt.format(new Date(iso));
}
/** "9:05 AM": compact, for dense lists. */
export function fmtShortTime(iso: string | number): string {
  return shortTimeFmt.format(new Date(iso));
}
export function fmtTimeSec(iso: string | number): string {
  return timeSecFmt.format(new Date(iso));
}
export function fmtHour(date: Date): string {
  return hourFmt.format(date);
}
export function fmtDateTime(iso: string | number): string {
  return dateTimeFmt.format(new Date(iso));
}
export function fmtShortDay(date: Date): string {
  return shortDayFmt.format(date);
}

/** "Today", "Yesterday" or "Monday, March 3". */
export function fmtDay(date: Date, now = new Date()): string {
  const d = startOfDay(date).getTime();
  const today = startOfDay(now).getTime();
  if (d === today) return 'Today';
  if (d === addDays(startOfDay(now), -1).getTime()) return 'Yesterday';
  return dayFmt.format(date);
}

export function fmtRelative(iso: string | number, now = Date.now()): string {
  const diff = now - new Date(iso).getTime();
  const min = Math.round(diff / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  if (d < 30) return `${d} d ago`;
  return fmtDateTime(iso);
}

export function fmtBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

/** Minutes as the window's tables and charts write them ("<1 min", "1 h 5 min"): shared/calendar's rule. */
export function fmtMinutes(min: number): string {
  return formatMinutes(min, 'compact');
}

export function fmtCount(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export function startOfDay(date: Date): Date {
  const d = new Date(date);
  d.setHours(0, 0, 0, 0);
  return d;
}
export function addDays(date: Date, n: number): Date {
  const d = new Date(date);
  d.setDate(d.getDate() + n);
  return d;
}
/** YYYY-MM-DD of a local date. */
export function dayKey(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
export function parseDayKey(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}
