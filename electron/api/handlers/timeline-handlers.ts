import { StoreError, type TimelineRows } from '../../../agents/store/index.js';
import {
  TIMELINE_FLAGS,
  TIMELINE_INLINE_TEXTS,
  TIMELINE_KINDS,
  type DaySummary,
  type ForgetReport,
  type Memory,
  type TimelineDay,
  type TimelineItem,
  type TimelineItemRef,
  type TimelineKind,
  type TimelineMemoryRef,
} from '../../../shared/api/index.js';
import { fail } from '../errors.js';
import { ZonedDays } from '../zoned-days.js';
import type { ApiDeps, FrameImageCodec } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';
import { sniffMime } from '../sharp-image-codec.js';
import { deleteObservations, timesInRange } from '../store-gaps.js';

type TimelineNames = 'timeline.day' | 'timeline.texts' | 'timeline.match' | 'timeline.item' | 'timeline.range' | 'timeline.days' | 'timeline.delete' | 'frames.image';

// Two lines of a row and the start of the detail pane; the whole text of 10,000 moments would be megabytes.
const TEXT_EXCERPT = 180;
// What the store reads of each text to make an excerpt (whitespace runs shrink to one space first).
const TEXT_PREFIX = 320;
// The detail pane shows a moment's text whole, up to this.
const DETAIL_TEXT = 20_000;
const DETAIL_MEMORIES = 50;
const THUMB = { maxWidth: 320, quality: 62 };
const FULL = { maxWidth: 1600, quality: 85 };
const KIND_INDEX = new Map<TimelineKind, number>(TIMELINE_KINDS.map((k, i) => [k, i]));

const iso = (ms: number) => new Date(ms).toISOString();

/** One line of text, cut to max characters; `cut`: the text given is already a prefix of a longer one. */
function excerpt(s: string, max = TEXT_EXCERPT, cut = s.length >= TEXT_PREFIX): string {
  const t = s.replace(/\s+/g, ' ').trim();
  if (t.length > max) return `${t.slice(0, max - 1)}…`;
  return cut && t ? `${t}…` : t;
}

/** Memories citing an observation and its frame, each once. */
function citingBoth(a: string[] | undefined, b: string[] | undefined): string[] {
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
function dayColumns(rows: TimelineRows, base: number, limit: number): TimelineDay {
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
    } else if (list[i] === 1) {
      const f = rows.frames[at]!;
      day.kind[i] = frame;
      day.at[i] = f.captured_at - base;
      day.id[i] = f.id;
      day.context[i] = context(f.app, f.title, f.url);
      day.memories[i] = citing.get(f.id)?.length ?? 0;
      day.span[i] = 0;
      day.flags[i] = f.damaged ? damaged : picture;
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

const TYPE_OF_KIND = TIMELINE_KINDS.map((k): TimelineItemRef['type'] => (k === 'screen' || k === 'audio' ? 'observation' : k === 'frame' ? 'frame' : 'memory'));

/** The window as one object per item (timeline.range). */
function itemObjects(rows: TimelineRows, limit: number): { items: TimelineItem[]; truncated: boolean } {
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
        memory_ids: citingBoth(citing.get(o.id), o.frame_id ? citing.get(o.frame_id) : undefined),
      };
    } else if (list[i] === 1) {
      const f = rows.frames[at]!;
      items[i] = { type: 'frame', id: f.id, at: iso(f.captured_at), app: f.app, title: f.title, url: f.url, width: f.width, height: f.height, damaged: f.damaged, memory_ids: citing.get(f.id) ?? [] };
    } else {
      const m = rows.memories[at]!;
      items[i] = { type: 'memory', id: m.id, at: iso(m.at), kind: m.kind, experience: m.experience, title: m.title, text: excerpt(m.text), app: m.app, ended_at: m.ended_at === null ? null : iso(m.ended_at) };
    }
  }
  return { items, truncated };
}

/** An image decoder's complaint about its input (as opposed to the decoder itself failing to load). */
function decodeFailure(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return !/Could not load|Cannot find module|ERR_DLOPEN|dlopen/i.test(message);
}

/** "frames file frm_… is damaged (authentication failed)" as a line for the detail pane. */
function damageLine(message: string): string {
  if (/\bmissing\b/.test(message)) return 'The screenshot file is missing from the data folder.';
  const why = /damaged \(([^)]+)\)/.exec(message)?.[1];
  return why ? `The screenshot file is damaged (${why}).` : 'The screenshot file is damaged.';
}

function memoryTab(m: Memory): TimelineMemoryRef['tab'] {
  return m.kind === 'procedural' && m.fields['entry_type'] === 'experience' ? 'experience' : m.kind;
}

/** Thumbnails decoded recently, kept in memory (bounded by bytes) so scrolling back costs nothing. */
class ImageCache {
  private readonly map = new Map<string, { mime: string; data: string; width: number; height: number }>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string) {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: { mime: string; data: string; width: number; height: number }) {
    this.map.set(key, v);
    this.bytes += v.data.length;
    while (this.bytes > this.maxBytes && this.map.size > 1) {
      const [k, old] = this.map.entries().next().value as [string, { data: string }];
      this.map.delete(k);
      this.bytes -= old.data.length;
    }
  }
  clear() {
    this.map.clear();
    this.bytes = 0;
  }
}

export function timelineHandlers(deps: ApiDeps, codec: FrameImageCodec): HandlerGroup<TimelineNames> & { clearImageCache(): void } {
  const { store, events } = deps;
  const cache = new ImageCache(48 * 1024 * 1024);

  /** The file decrypts but holds nothing an image decoder can read: damaged all the same. */
  function undecodable(id: string): never {
    store.frames.markDamaged(id);
    fail('IO', `frames file ${id} is damaged (its image cannot be decoded)`);
  }

  /** What rows show of each item's text ('' for frames, and for items gone since). */
  function textsOf(refs: TimelineItemRef[]): string[] {
    return refs.map((r) => {
      if (r.type === 'observation') {
        const o = store.observations.get(r.id);
        return o ? excerpt(o.caption ? `${o.caption}. ${o.text.slice(0, TEXT_PREFIX)}` : o.text.slice(0, TEXT_PREFIX)) : '';
      }
      if (r.type === 'memory') {
        const m = store.memories.get(r.id);
        return m ? excerpt(m.text.slice(0, TEXT_PREFIX)) : '';
      }
      return '';
    });
  }

  /** Why a frame's picture cannot be shown, or null when it can (reads and wipes the file once). */
  function frameDamage(id: string): string | null {
    let raw: Buffer;
    try {
      raw = store.frames.readImage(id);
    } catch (err) {
      if (err instanceof StoreError && err.code === 'IO') return damageLine(err.message);
      if (err instanceof StoreError && err.code === 'NOT_FOUND') return null;
      throw err;
    }
    const image = sniffMime(raw) !== 'application/octet-stream';
    raw.fill(0);
    if (!image) {
      store.frames.markDamaged(id);
      return 'The screenshot file is damaged (its image cannot be decoded).';
    }
    // Marked before (an image the decoder refused): the file reads, the picture still cannot be made.
    return store.frames.get(id)?.damaged ? 'The screenshot file is damaged.' : null;
  }

  return {
    clearImageCache: () => cache.clear(),

    'timeline.day': (input) => {
      const from = Date.parse(input.range.from);
      // No texts from the store: 10,000 of them would be most of the answer and most of its cost.
      const rows = store.timelineRows(from, Date.parse(input.range.to), { limit: input.limit, textChars: 0 });
      const day = dayColumns(rows, from, input.limit);
      const first = Math.min(day.count, TIMELINE_INLINE_TEXTS);
      day.text = textsOf(Array.from({ length: first }, (_, i) => ({ type: TYPE_OF_KIND[day.kind[i]!]!, id: day.id[i]! })));
      return day;
    },

    'timeline.texts': (input) => ({ texts: textsOf(input.items) }),

    'timeline.match': (input) => ({
      ids: store.timelineMatch(Date.parse(input.range.from), Date.parse(input.range.to), input.text.toLowerCase(), input.limit),
    }),

    'timeline.item': (input) => {
      if (input.type === 'memory') {
        const m = store.memories.get(input.id);
        if (!m) fail('NOT_FOUND', 'That memory no longer exists.');
        const item: TimelineItem = {
          type: 'memory',
          id: m.id,
          at: m.occurred_at ?? m.created_at,
          kind: m.kind,
          experience: memoryTab(m) === 'experience',
          title: m.title,
          text: m.text.slice(0, DETAIL_TEXT),
          app: m.app,
          ended_at: m.ended_at,
        };
        return { item, damage: null, memories: [] };
      }
      let item: TimelineItem;
      let frameId: string | null;
      let cites: string[];
      if (input.type === 'observation') {
        const o = store.observations.get(input.id);
        if (!o) fail('NOT_FOUND', 'That moment no longer exists.');
        frameId = o.frame_id;
        cites = citingBoth(store.memories.bySource('observation', [o.id]), frameId ? store.memories.bySource('frame', [frameId]) : undefined);
        const text = o.caption ? `${o.caption}. ${o.text}` : o.text;
        item = { type: 'observation', id: o.id, at: iso(o.observed_at), source: o.kind, app: o.app, title: o.title, url: o.url, text: text.slice(0, DETAIL_TEXT), frame_id: frameId, damaged: false, memory_ids: cites };
      } else {
        const f = store.frames.get(input.id);
        if (!f) fail('NOT_FOUND', 'That screenshot no longer exists.');
        frameId = f.id;
        cites = store.memories.bySource('frame', [f.id]);
        item = { type: 'frame', id: f.id, at: iso(f.captured_at), app: f.app, title: f.title, url: f.url, width: f.width, height: f.height, damaged: false, memory_ids: cites };
      }
      // Opening a moment reads its picture once (decrypted in memory, then wiped): a damaged file is
      // found and explained here, before the pane asks for an image that cannot come.
      const damage = frameId ? frameDamage(frameId) : null;
      if (damage) {
        if (item.type === 'observation') item = { ...item, frame_id: null, damaged: true };
        else if (item.type === 'frame') item = { ...item, damaged: true };
      }
      // Current memories only: a memory merged into another (superseded) is not "made from this" any more.
      const current = cites.map((id) => store.memories.get(id)).filter((m): m is Memory => m !== null && m.superseded_by === null);
      item = { ...item, memory_ids: current.map((m) => m.id) };
      const memories: TimelineMemoryRef[] = current.slice(0, DETAIL_MEMORIES).map((m) => ({ id: m.id, tab: memoryTab(m), title: m.title || excerpt(m.text, 120, false) }));
      return { item, damage, memories };
    },

    'timeline.range': (input) => {
      const rows = store.timelineRows(Date.parse(input.range.from), Date.parse(input.range.to), { limit: input.limit, textChars: TEXT_PREFIX });
      return itemObjects(rows, input.limit);
    },

    'timeline.days': (input) => {
      const cal = new ZonedDays(input.timeZone);
      const from = cal.startOfDay(Date.parse(input.range.from));
      const to = Date.parse(input.range.to);
      const starts: number[] = [];
      for (let t = from; t < to && starts.length < 400; t = cal.addDays(t, 1)) starts.push(t);
      if (starts.length === 0) return { days: [] };
      const times = timesInRange(store, from, to);
      const days: DaySummary[] = starts.map((t) => {
        return { date: cal.dayKey(t), frames: 0, observations: 0, memories: 0 };
      });
      // Bucket by binary search over the day starts: one Intl call per day instead of per row.
      const bucket = (ms: number) => {
        let lo = 0;
        let hi = starts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (starts[mid]! <= ms) lo = mid;
          else hi = mid - 1;
        }
        return days[lo]!;
      };
      for (const t of times.frames) bucket(t).frames++;
      for (const t of times.observations) bucket(t).observations++;
      for (const t of times.memories) bucket(t).memories++;
      return { days };
    },

    'timeline.delete': (input) => {
      const ids = (type: string) => [...new Set(input.items.filter((i) => i.type === type).map((i) => i.id))];
      const obsIds = ids('observation');
      const report: ForgetReport = { memories: 0, frames: 0, observations: 0, messages: 0, audio: 0 };
      // An observation is a moment: its text, its frame (pixels) and its recording go together.
      const frameIds = new Set(ids('frame'));
      const audioIds: string[] = [];
      for (const id of obsIds) {
        const o = store.observations.get(id);
        if (o?.frame_id) frameIds.add(o.frame_id);
        if (o?.audio_id) audioIds.push(o.audio_id);
      }
      const memoryIds = ids('memory');
      const before = store.stats().counts;
      const obs = deleteObservations(store, obsIds);
      report.observations = obs.observations;
      report.frames = store.frames.delete([...frameIds]);
      if (audioIds.length) {
        report.audio = store.transaction(() => {
          store.memories.delete(store.memories.bySource('audio', audioIds));
          return store.audio.deleteRows(audioIds);
        });
        store.audio.removeFiles(audioIds);
      }
      store.memories.delete(memoryIds);
      const after = store.stats().counts;
      report.memories = (['core', 'episodic', 'semantic', 'procedural', 'resource', 'knowledge_vault', 'experience'] as const).reduce(
        (n, k) => n + Math.max(0, before[k] - after[k]),
        0,
      );
      cache.clear();
      events.emit('data.forgotten', { report, wiped: false });
      return { report };
    },

    'frames.image': async (input) => {
      const key = `${input.size}:${input.id}`;
      const hit = cache.get(key);
      if (hit) return hit;
      // A frame's id, or an observation's: the frame it was read from (the timeline's rows carry only the latter).
      let frame = store.frames.get(input.id);
      if (!frame) {
        const frameId = store.observations.get(input.id)?.frame_id;
        frame = frameId ? store.frames.get(frameId) : null;
      }
      if (!frame) fail('NOT_FOUND', 'That screenshot no longer exists.');
      // A file that fails to decrypt marks the frame damaged and throws IO with the reason (StoreError).
      const raw = store.frames.readImage(frame.id);
      try {
        const mime = sniffMime(raw);
        if (mime === 'application/octet-stream') undecodable(frame.id);
        let out: { mime: string; data: string; width: number; height: number };
        if (input.size === 'full' && frame.width <= FULL.maxWidth) {
          out = { mime, data: raw.toString('base64'), width: frame.width, height: frame.height };
        } else {
          let r;
          try {
            r = await codec.render(raw, input.size === 'thumb' ? THUMB : FULL);
          } catch (err) {
            if (decodeFailure(err)) undecodable(frame.id);
            fail('UNAVAILABLE', 'Screenshots cannot be shown right now: the image library failed.');
          }
          out = { mime: r.mime, data: r.data.toString('base64'), width: r.width, height: r.height };
        }
        cache.set(key, out);
        return out;
      } finally {
        raw.fill(0);
      }
    },
  };
}
