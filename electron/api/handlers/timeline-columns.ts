import type { TimelineRows } from '../../../agents/store/index.js';
import { TIMELINE_FLAGS, TIMELINE_KINDS, type TimelineDay, type TimelineItem, type TimelineItemRef, type TimelineKind } from '../../../shared/api/index.js';

// The timeline's wire encodings: a day in columns (timeline.day) and as one object per item
// (timeline.range), both from the store's three time-ordered lists.

// Two lines of a row and the start of the detail pane; the whole text of 10,000 moments would be megabytes.
const TEXT_EXCERPT = 180;
/** What the store reads of each text to make an excerpt (whitespace runs shrink to one space first). */
export const TEXT_PREFIX = 320;
const KIND_INDEX = new Map<TimelineKind, number>(TIMELINE_KINDS.map((k, i) => [k, i]));

export const iso = (ms: number) => new Date(ms).toISOString();

/** One line of text, cut to max characters; `cut`: the text given is already a prefix of a longer one. */
export function excerpt(s: string, max = TEXT_EXCERPT, cut = s.length >= TEXT_PREFIX): string {
  const t = s.replace(/\s+/g, ' ').trim();
  if (t.length > max) return `${t.slice(0, max - 1)}…`;
  return cut && t ? `${t}…` : t;
}

/** Memories citing an observation and its frame, each once. */
export function citingBoth(a: string[] | undefined, b: string[] | undefined): string[] {
  if (!b) return a ?? [];
  if (!a) return b;
  return [...new Set([...a, ...b])];
}

/**
 * The window's three lists in time order (ties: observations, then frames, then memories, as they
 * were listed), at most `limit` of them: 0 = observation, 1 = frame, 2 = memory, with the index in its list.
 */
function mergeByTime(rows: TimelineRows, limit: number): { list: Uint8Array; index: Int32Array; truncated: boolean } {
  const { observations: o, frames: f, memories: m } = rows;
  const total = o.length + f.length + m.length;
  const n = Math.min(total, limit);
  const list = new Uint8Array(n);
  const index = new Int32Array(n);
  let i = 0;
  let j = 0;
  let k = 0;
  for (let out = 0; out < n; out++) {
    const to = i < o.length ? o[i]!.observed_at : Infinity;
    const tf = j < f.length ? f[j]!.captured_at : Infinity;
    const tm = k < m.length ? m[k]!.at : Infinity;
    if (to <= tf && to <= tm) {
      list[out] = 0;
      index[out] = i++;
    } else if (tf <= tm) {
      list[out] = 1;
      index[out] = j++;
    } else {
      list[out] = 2;
      index[out] = k++;
    }
  }
  return { list, index, truncated: rows.truncated || total > limit };
}

/** The window in columns (TimelineDay): strings and contexts once, numbers for the rest, no object per item. */
export function dayColumns(rows: TimelineRows, base: number, limit: number): TimelineDay {
  const { list, index, truncated } = mergeByTime(rows, limit);
  const n = list.length;
  const strings: string[] = [];
  const stringIds = new Map<string, number>();
  const str = (s: string | null): number => {
    if (!s) return -1;
    let id = stringIds.get(s);
    if (id === undefined) {
      id = strings.length;
      strings.push(s);
      stringIds.set(s, id);
    }
    return id;
  };
  const contexts: [number, number, number][] = [];
  const contextIds = new Map<string, number>();
  // Moments come in runs of one window: most items have the context of the one before.
  let last = { app: '' as string | null, title: '' as string | null, url: '' as string | null, id: -1 };
  const context = (app: string | null, title: string | null, url: string | null): number => {
    if (last.id >= 0 && app === last.app && title === last.title && url === last.url) return last.id;
    const c: [number, number, number] = [str(app), str(title), str(url)];
    const k = `${c[0]},${c[1]},${c[2]}`;
    let id = contextIds.get(k);
    if (id === undefined) {
      id = contexts.length;
      contexts.push(c);
      contextIds.set(k, id);
    }
    last = { app, title, url, id };
    return id;
  };
  const day: TimelineDay = {
    base,
    count: n,
    strings,
    contexts,
    kind: new Array<number>(n),
    at: new Array<number>(n),
    id: new Array<string>(n),
    context: new Array<number>(n),
    memories: new Array<number>(n),
    span: new Array<number>(n),
    flags: new Array<number>(n),
    text: [],
    hidden: [],
    truncated,
  };
  const { citing } = rows;
  const screen = KIND_INDEX.get('screen')!;
  const audio = KIND_INDEX.get('audio')!;
  const frame = KIND_INDEX.get('frame')!;
  const experience = KIND_INDEX.get('experience')!;
  const { damaged, picture } = TIMELINE_FLAGS;
  for (let i = 0; i < n; i++) {
    const at = index[i]!;
    if (list[i] === 0) {
      const o = rows.observations[at]!;
      const cites = citing.get(o.id);
      const frameCites = o.frame_id ? citing.get(o.frame_id) : undefined;
      day.kind[i] = o.kind === 'audio' ? audio : screen;
      day.at[i] = o.observed_at - base;
      day.id[i] = o.id;
      day.context[i] = context(o.app, o.title, o.url);
      day.memories[i] = frameCites ? citingBoth(cites, frameCites).length : (cites?.length ?? 0);
      day.span[i] = 0;
      day.flags[i] = o.frame_id ? (o.frame_damaged ? damaged : picture) : 0;
      if (o.frame_id && o.frame_hidden) day.hidden.push([i, o.frame_hidden]);
    } else if (list[i] === 1) {
      const f = rows.frames[at]!;
      day.kind[i] = frame;
      day.at[i] = f.captured_at - base;
      day.id[i] = f.id;
      day.context[i] = context(f.app, f.title, f.url);
      day.memories[i] = citing.get(f.id)?.length ?? 0;
      day.span[i] = 0;
      day.flags[i] = f.damaged ? damaged : picture;
      if (f.hidden) day.hidden.push([i, f.hidden]);
    } else {
      const m = rows.memories[at]!;
      day.kind[i] = m.experience ? experience : KIND_INDEX.get(m.kind)!;
      day.at[i] = m.at - base;
      day.id[i] = m.id;
      day.context[i] = context(m.app, m.title, null);
      day.memories[i] = 0;
      day.span[i] = m.ended_at !== null && m.ended_at > m.at ? m.ended_at - m.at : 0;
      day.flags[i] = 0;
    }
  }
  return day;
}

/** Which kind of reference (observation, frame, memory) each timeline kind is. */
export const TYPE_OF_KIND = TIMELINE_KINDS.map((k): TimelineItemRef['type'] => (k === 'screen' || k === 'audio' ? 'observation' : k === 'frame' ? 'frame' : 'memory'));

/** The window as one object per item (timeline.range). */
export function itemObjects(rows: TimelineRows, limit: number): { items: TimelineItem[]; truncated: boolean } {
  const { list, index, truncated } = mergeByTime(rows, limit);
  const { citing } = rows;
  const items: TimelineItem[] = new Array<TimelineItem>(list.length);
  for (let i = 0; i < list.length; i++) {
    const at = index[i]!;
    if (list[i] === 0) {
      const o = rows.observations[at]!;
      items[i] = {
        type: 'observation',
        id: o.id,
        at: iso(o.observed_at),
        source: o.kind,
        app: o.app,
        title: o.title,
        url: o.url,
        text: excerpt(o.text),
        frame_id: o.frame_id && !o.frame_damaged ? o.frame_id : null,
        damaged: o.frame_id !== null && o.frame_damaged,
        hidden: o.frame_id ? o.frame_hidden : null,
        memory_ids: citingBoth(citing.get(o.id), o.frame_id ? citing.get(o.frame_id) : undefined),
      };
    } else if (list[i] === 1) {
      const f = rows.frames[at]!;
      items[i] = { type: 'frame', id: f.id, at: iso(f.captured_at), app: f.app, title: f.title, url: f.url, width: f.width, height: f.height, damaged: f.damaged, hidden: f.hidden, memory_ids: citing.get(f.id) ?? [] };
    } else {
      const m = rows.memories[at]!;
      items[i] = { type: 'memory', id: m.id, at: iso(m.at), kind: m.kind, experience: m.experience, title: m.title, text: excerpt(m.text), app: m.app, ended_at: m.ended_at === null ? null : iso(m.ended_at) };
    }
  }
  return { items, truncated };
}
