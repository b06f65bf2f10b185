import type { MemoryTab, TimelineItem } from '../../../../shared/api/index.js';

/** Filter facets: 'screen' stands for frames and observations; the rest are memory tabs. */
export type Facet = 'screen' | MemoryTab;

export interface TimelineFilters {
  text: string;
  facets: Set<Facet>;
  /** null = every app. */
  app: string | null;
}

export type Row =
  | { type: 'hour'; key: string; hour: number; start: number; count: number; apps: number }
  | { type: 'app'; key: string; app: string; start: number; end: number; count: number }
  | { type: 'item'; key: string; item: TimelineItem; index: number };

export const ROW_HEIGHT: Record<Row['type'], number> = { hour: 52, app: 38, item: 78 };

export function itemKey(item: { type: string; id: string }): string {
  return `${item.type}:${item.id}`;
}

export function facetOf(item: TimelineItem): Facet {
  if (item.type !== 'memory') return 'screen';
  return item.experience ? 'experience' : item.kind;
}

function matchesText(item: TimelineItem, needle: string): boolean {
  if (!needle) return true;
  const hay =
    item.type === 'memory'
      ? `${item.title}\n${item.text}\n${item.app ?? ''}`
      : `${item.title ?? ''}\n${item.app ?? ''}\n${item.url ?? ''}\n${item.type === 'observation' ? item.text : ''}`;
  return hay.toLowerCase().includes(needle);
}

export function filterItems(items: TimelineItem[], f: TimelineFilters): TimelineItem[] {
  const needle = f.text.trim().toLowerCase();
  const all = f.facets.size === 0;
  // No filter: the same array, so a day of 10,000 moments is not copied on every render.
  if (all && f.app === null && !needle) return items;
  return items.filter((it) => (all || f.facets.has(facetOf(it))) && (f.app === null || (it.app ?? 'Unknown app') === f.app) && matchesText(it, needle));
}

export interface RowModel {
  rows: Row[];
  /** offsets[i] = top of row i in px; offsets[rows.length] = total height. */
  offsets: Float64Array;
  /** Indexes (into rows) of the item rows, for keyboard moves. */
  itemRows: number[];
}

/**
 * Flattens a day into rows: an hour header, then runs of the same app under an app header, then
 * the moments themselves. Items must be sorted oldest first. Local-time work (the slow part of
 * Date) happens once per hour, not once per item, so 10,000 items take a few milliseconds.
 */
export function buildRows(items: TimelineItem[]): RowModel {
  const rows: Row[] = [];
  const itemRows: number[] = [];
  let hourRow: Extract<Row, { type: 'hour' }> | null = null;
  let appRow: Extract<Row, { type: 'app' }> | null = null;
  let hourEnd = -Infinity;
  let hourApps = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const t = Date.parse(item.at);
    if (!hourRow || t >= hourEnd || t < hourRow.start) {
      const d = new Date(t);
      d.setMinutes(0, 0, 0);
      const start = d.getTime();
      hourEnd = start + 3_600_000;
      hourRow = { type: 'hour', key: `h:${start}`, hour: d.getHours(), start, count: 0, apps: 0 };
      rows.push(hourRow);
      appRow = null;
      hourApps = new Set();
    }
    const app = item.app ?? 'Unknown app';
    if (!appRow || appRow.app !== app) {
      appRow = { type: 'app', key: `a:${t}:${i}`, app, start: t, end: t, count: 0 };
      rows.push(appRow);
      hourApps.add(app);
      hourRow.apps = hourApps.size;
    }
    const end = item.type === 'memory' && item.ended_at ? Date.parse(item.ended_at) : t;
    if (end > appRow.end) appRow.end = end;
    appRow.count++;
    hourRow.count++;
    itemRows.push(rows.length);
    rows.push({ type: 'item', key: itemKey(item), item, index: i });
  }
  const offsets = new Float64Array(rows.length + 1);
  for (let i = 0; i < rows.length; i++) offsets[i + 1] = offsets[i]! + ROW_HEIGHT[rows[i]!.type];
  return { rows, offsets, itemRows };
}

export function appsOf(items: TimelineItem[]): { app: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const it of items) {
    const app = it.app ?? 'Unknown app';
    counts.set(app, (counts.get(app) ?? 0) + 1);
  }
  return [...counts].map(([app, count]) => ({ app, count })).sort((a, b) => b.count - a.count);
}

/** Span covered by the screen moments of a day, in minutes (gaps over 10 minutes are not counted). */
export function activeMinutes(items: TimelineItem[]): number {
  // Items come sorted by time, so one pass over the screen moments is enough.
  let total = 0;
  let prev = NaN;
  for (const it of items) {
    if (it.type === 'memory') continue;
    const t = Date.parse(it.at);
    const gap = t - prev;
    if (gap > 0 && gap <= 10 * 60_000) total += gap;
    prev = t;
  }
  return total / 60_000;
}

export interface DaySummaryView {
  apps: { app: string; count: number }[];
  screens: number;
  memories: number;
  activeMinutes: number;
}

/** Everything the day's header shows, in one pass over the items (they come sorted by time). */
export function summarizeDay(items: TimelineItem[]): DaySummaryView {
  const counts = new Map<string, number>();
  let screens = 0;
  let total = 0;
  let prev = NaN;
  for (const it of items) {
    const app = it.app ?? 'Unknown app';
    counts.set(app, (counts.get(app) ?? 0) + 1);
    if (it.type === 'memory') continue;
    screens++;
    const t = Date.parse(it.at);
    const gap = t - prev;
    if (gap > 0 && gap <= 10 * 60_000) total += gap;
    prev = t;
  }
  const apps = [...counts].map(([app, count]) => ({ app, count })).sort((a, b) => b.count - a.count);
  return { apps, screens, memories: items.length - screens, activeMinutes: total / 60_000 };
}
