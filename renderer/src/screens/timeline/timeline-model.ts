import { TIMELINE_FLAGS, TIMELINE_KINDS, type HiddenCounts, type MemoryTab, type TimelineDay, type TimelineKind } from '../../../../shared/api/index.js';

/** Filter facets: 'screen' stands for frames and observations; the rest are memory tabs. */
export type Facet = 'screen' | MemoryTab;
export type ItemType = 'observation' | 'frame' | 'memory';

export interface TimelineFilters {
  facets: Set<Facet>;
  /** null = every app. */
  app: string | null;
  /** Ids the host found for the filter box's text (timeline.match); null = no text filter. */
  matches: Set<string> | null;
}

export const UNKNOWN_APP = 'Unknown app';

/** One moment as a row and the detail pane show it; made from the day's columns the first time it is drawn. */
export interface DayItem {
  /** Position in the day (oldest first). */
  index: number;
  type: ItemType;
  kind: TimelineKind;
  /** `${type}:${id}`: what selection holds and React keys rows by. */
  key: string;
  id: string;
  /** Epoch ms. */
  at: number;
  /** Epoch ms: when a memory that lasts ends; `at` otherwise. */
  end: number;
  app: string | null;
  title: string | null;
  url: string | null;
  /** The start of the text (what the row shows); null until it has come (timeline.texts). */
  text: string | null;
  /** What to ask frames.image for (the item's own id), or null: no picture, or a damaged one. */
  pictureId: string | null;
  /** Memories made from it. */
  memories: number;
  /** Its frame's file is damaged: no picture, the text stays. */
  damaged: boolean;
  /** Excluded windows the privacy gate filled in its frame, by reason; null when none. */
  hidden: HiddenCounts | null;
}

const TYPE_OF: ItemType[] = TIMELINE_KINDS.map((k) => (k === 'screen' || k === 'audio' ? 'observation' : k === 'frame' ? 'frame' : 'memory'));
const FACET_OF: Facet[] = TIMELINE_KINDS.map((k) => (k === 'screen' || k === 'audio' || k === 'frame' ? 'screen' : k));

/**
 * A day as the host sends it (TimelineDay: one array per field) with what the screen asks of it.
 * Grouping, filtering and counting read the number columns directly; an item object is made only
 * for a row that is drawn or opened, and made again only when its text arrives.
 */
export class Day {
  readonly count: number;
  private readonly items: (DayItem | undefined)[];
  private readonly texts: (string | undefined)[];
  /** Items whose text was asked for (and not failed). */
  private readonly asked: Uint8Array;
  /** The few items with masked windows in their frame. */
  private readonly hidden: Map<number, HiddenCounts>;

  constructor(readonly data: TimelineDay) {
    this.count = data.count;
    this.items = new Array<DayItem | undefined>(data.count);
    this.texts = new Array<string | undefined>(data.count);
    for (let i = 0; i < data.text.length && i < data.count; i++) this.texts[i] = data.text[i];
    this.asked = new Uint8Array(data.count);
    this.hidden = new Map(data.hidden);
  }

  time(i: number): number {
    return this.data.base + this.data.at[i]!;
  }
  type(i: number): ItemType {
    return TYPE_OF[this.data.kind[i]!]!;
  }
  facet(i: number): Facet {
    return FACET_OF[this.data.kind[i]!]!;
  }
  /** Index of item i's app in strings (-1: none). */
  appRef(i: number): number {
    return this.data.contexts[this.data.context[i]!]![0];
  }
  /** The app's name, or UNKNOWN_APP. */
  app(i: number): string {
    const a = this.appRef(i);
    return a >= 0 ? this.data.strings[a]! : UNKNOWN_APP;
  }
  key(i: number): string {
    return `${this.type(i)}:${this.data.id[i]!}`;
  }
  ref(i: number): { type: ItemType; id: string } {
    return { type: this.type(i), id: this.data.id[i]! };
  }

  item(i: number): DayItem {
    let it = this.items[i];
    if (it) return it;
    const d = this.data;
    const str = (n: number) => (n >= 0 ? d.strings[n]! : null);
    const [app, title, url] = d.contexts[d.context[i]!]!;
    const kind = TIMELINE_KINDS[d.kind[i]!]!;
    const type = TYPE_OF[d.kind[i]!]!;
    const at = d.base + d.at[i]!;
    const flags = d.flags[i]!;
    it = {
      index: i,
      type,
      kind,
      key: `${type}:${d.id[i]!}`,
      id: d.id[i]!,
      at,
      end: at + d.span[i]!,
      app: str(app),
      title: str(title),
      url: str(url),
      text: type === 'frame' ? '' : (this.texts[i] ?? null),
      pictureId: flags & TIMELINE_FLAGS.picture ? d.id[i]! : null,
      memories: d.memories[i]!,
      damaged: (flags & TIMELINE_FLAGS.damaged) !== 0,
      hidden: this.hidden.get(i) ?? null,
    };
    this.items[i] = it;
    return it;
  }

  hasText(i: number): boolean {
    return this.texts[i] !== undefined || this.type(i) === 'frame';
  }

  /**
   * Of the items at the given positions, those whose text has neither come nor been asked for;
   * they count as asked from now on (forgetTexts undoes it when the call fails).
   */
  takeMissingTexts(indexes: Iterable<number>, max: number): number[] {
    const out: number[] = [];
    for (const i of indexes) {
      if (out.length >= max) break;
      if (this.asked[i] || this.hasText(i)) continue;
      this.asked[i] = 1;
      out.push(i);
    }
    return out;
  }
  forgetTexts(indexes: number[]): void {
    for (const i of indexes) this.asked[i] = 0;
  }
  setTexts(indexes: number[], texts: string[]): void {
    indexes.forEach((i, k) => {
      this.texts[i] = texts[k] ?? '';
      this.items[i] = undefined;
    });
  }
}

/** Indexes of the items the filters let through, in order; null when nothing is filtered (every item). */
export function filterDay(day: Day, f: TimelineFilters): Int32Array | null {
  const all = f.facets.size === 0;
  if (all && f.app === null && f.matches === null) return null;
  const out = new Int32Array(day.count);
  const ids = day.data.id;
  let n = 0;
  for (let i = 0; i < day.count; i++) {
    if (!all && !f.facets.has(day.facet(i))) continue;
    if (f.app !== null && day.app(i) !== f.app) continue;
    if (f.matches !== null && !f.matches.has(ids[i]!)) continue;
    out[n++] = i;
  }
  return out.subarray(0, n);
}

export interface HourHeader {
  type: 'hour';
  key: string;
  hour: number;
  start: number;
  count: number;
  apps: number;
}
export interface AppHeader {
  type: 'app';
  key: string;
  app: string;
  start: number;
  end: number;
  count: number;
}
export type Header = HourHeader | AppHeader;

export const ROW_HEIGHT = { hour: 52, app: 38, item: 78 } as const;

export interface RowModel {
  /** Number of rows. */
  count: number;
  /** Row r is item ref[r] of the day when ref[r] >= 0, else header -1 - ref[r]. */
  ref: Int32Array;
  headers: Header[];
  /** offsets[r] = top of row r in px; offsets[count] = total height. */
  offsets: Float64Array;
  /** Rows holding items, in order (keyboard moves). */
  itemRows: Int32Array;
}

/**
 * Lays a day out as rows: an hour header, then runs of the same app under an app header, then the
 * moments themselves. Items come sorted oldest first. Apps compare as string-table indexes and
 * local time (the slow part of Date) is worked out once per hour, so 10,000 items take a few
 * milliseconds and make a few hundred header objects, nothing per item.
 */
export function buildRows(day: Day, only: Int32Array | null = null): RowModel {
  const n = only ? only.length : day.count;
  const { base, at, span, context, contexts } = day.data;
  // App of each context, and per app (+1: none) the last hour header that counted it.
  const appOf = new Int32Array(contexts.length);
  for (let c = 0; c < contexts.length; c++) appOf[c] = contexts[c]![0];
  const countedIn = new Int32Array(day.data.strings.length + 1).fill(-1);
  const ref = new Int32Array(n * 3);
  const offsets = new Float64Array(n * 3 + 1);
  const itemRows = new Int32Array(n);
  const headers: Header[] = [];
  let rows = 0;
  let hour: HourHeader | null = null;
  let hourIndex = -1;
  let app: AppHeader | null = null;
  let appIndex = -2;
  let hourStart = Infinity;
  let hourEnd = -Infinity;
  for (let k = 0; k < n; k++) {
    const i = only ? only[k]! : k;
    const t = base + at[i]!;
    if (t >= hourEnd || t < hourStart) {
      const d = new Date(t);
      d.setMinutes(0, 0, 0);
      hourStart = d.getTime();
      hourEnd = hourStart + 3_600_000;
      hour = { type: 'hour', key: `h:${hourStart}`, hour: d.getHours(), start: hourStart, count: 0, apps: 0 };
      hourIndex = headers.length;
      headers.push(hour);
      offsets[rows + 1] = offsets[rows]! + ROW_HEIGHT.hour;
      ref[rows++] = -1 - hourIndex;
      app = null;
    }
    const a = appOf[context[i]!]!;
    if (!app || appIndex !== a) {
      app = { type: 'app', key: `a:${t}:${i}`, app: day.app(i), start: t, end: t, count: 0 };
      appIndex = a;
      offsets[rows + 1] = offsets[rows]! + ROW_HEIGHT.app;
      ref[rows++] = -1 - headers.length;
      headers.push(app);
      if (countedIn[a + 1] !== hourIndex) {
        countedIn[a + 1] = hourIndex;
        hour!.apps++;
      }
    }
    const end = t + span[i]!;
    if (end > app.end) app.end = end;
    app.count++;
    hour!.count++;
    itemRows[k] = rows;
    offsets[rows + 1] = offsets[rows]! + ROW_HEIGHT.item;
    ref[rows++] = i;
  }
  return { count: rows, ref: ref.subarray(0, rows), headers, offsets: offsets.subarray(0, rows + 1), itemRows };
}

/** The row r's header, or null for an item row. */
export function headerAt(model: RowModel, r: number): Header | null {
  const x = model.ref[r]!;
  return x >= 0 ? null : model.headers[-1 - x]!;
}

export interface DaySummaryView {
  apps: { app: string; count: number }[];
  screens: number;
  memories: number;
  /** Span covered by the screen moments, in minutes (gaps over 10 minutes are not counted). */
  activeMinutes: number;
}

/** Everything the day's header shows, in one pass over the number columns. */
export function summarizeDay(day: Day): DaySummaryView {
  const { at, kind, context, contexts, strings } = day.data;
  const perContext = new Int32Array(contexts.length);
  let screens = 0;
  let total = 0;
  let prev = NaN;
  for (let i = 0; i < day.count; i++) {
    perContext[context[i]!]!++;
    if (TYPE_OF[kind[i]!] === 'memory') continue;
    screens++;
    const t = at[i]!;
    const gap = t - prev;
    if (gap > 0 && gap <= 10 * 60_000) total += gap;
    prev = t;
  }
  const counts = new Map<string, number>();
  for (let c = 0; c < contexts.length; c++) {
    if (perContext[c] === 0) continue;
    const a = contexts[c]![0];
    const name = a >= 0 ? strings[a]! : UNKNOWN_APP;
    counts.set(name, (counts.get(name) ?? 0) + perContext[c]!);
  }
  const apps = [...counts].map(([app, count]) => ({ app, count })).sort((a, b) => b.count - a.count);
  return { apps, screens, memories: day.count - screens, activeMinutes: total / 60_000 };
}

/** Position of `row` in the sorted itemRows (-1 when it is not an item row). */
export function itemPosition(itemRows: Int32Array, row: number): number {
  let lo = 0;
  let hi = itemRows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = itemRows[mid]!;
    if (v === row) return mid;
    if (v < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
