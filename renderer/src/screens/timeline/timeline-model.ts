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
  return items.filter((it) => (all || f.facets.has(facetOf(it))) && (f.app === null || (it.app ?? 'Unknown app') === f.app) && matchesText(it, needle));
}

/**
 * Flattens a day into rows: an hour header, then runs of the same app under an app header, then
 * the moments themselves. Items must be sorted oldest first.
 */
export function buildRows(items: TimelineItem[]): Row[] {
  const rows: Row[] = [];
  let hourRow: Extract<Row, { type: 'hour' }> | null = null;
  let appRow: Extract<Row, { type: 'app' }> | null = null;
  let hourApps = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const t = Date.parse(item.at);
    const d = new Date(t);
    const hourStart = new Date(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()).getTime();
    if (!hourRow || hourRow.start !== hourStart) {
      hourRow = { type: 'hour', key: `h:${hourStart}`, hour: d.getHours(), start: hourStart, count: 0, apps: 0 };
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
    appRow.end = Math.max(appRow.end, item.type === 'memory' && item.ended_at ? Date.parse(item.ended_at) : t);
    appRow.count++;
    hourRow.count++;
    rows.push({ type: 'item', key: itemKey(item), item, index: i });
  }
  return rows;
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
  const times = items.filter((i) => i.type !== 'memory').map((i) => Date.parse(i.at)).sort((a, b) => a - b);
  let total = 0;
  for (let i = 1; i < times.length; i++) {
    const gap = times[i]! - times[i - 1]!;
    if (gap <= 10 * 60_000) total += gap;
  }
  return total / 60_000;
}
