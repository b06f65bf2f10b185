import type { EngramStore, FrameRecord, ObservationRecord } from '../../../agents/memory/index.js';
import type { DaySummary, ForgetReport, TimelineItem } from '../../../shared/api/index.js';
import { fail } from '../errors.js';
import { ZonedDays } from '../zoned-days.js';
import type { ApiDeps, FrameImageCodec } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';
import { sniffMime } from '../sharp-image-codec.js';
import { deleteObservations, timesInRange } from '../store-gaps.js';

type TimelineNames = 'timeline.range' | 'timeline.days' | 'timeline.delete' | 'frames.image';

// Two lines of a row and the start of the detail pane; the whole text of 10,000 moments would be megabytes.
const TEXT_EXCERPT = 180;
const PAGE = 10_000;
const THUMB = { maxWidth: 320, quality: 62 };
const FULL = { maxWidth: 1600, quality: 85 };

const iso = (ms: number) => new Date(ms).toISOString();
function excerpt(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > TEXT_EXCERPT ? `${t.slice(0, TEXT_EXCERPT - 1)}…` : t;
}

function pages<T>(fetch: (offset: number, limit: number) => T[], max: number): T[] {
  const out: T[] = [];
  while (out.length < max) {
    const batch = fetch(out.length, Math.min(PAGE, max - out.length));
    out.push(...batch);
    if (batch.length < PAGE) break;
  }
  return out;
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

/** Which memories cite each frame/observation of a window. */
function citations(store: EngramStore, frames: FrameRecord[], observations: ObservationRecord[]): Map<string, string[]> {
  const wanted = new Set<string>();
  for (const f of frames) wanted.add(`frame:${f.id}`);
  for (const o of observations) wanted.add(`observation:${o.id}`);
  const citing = new Set([
    ...store.memories.bySource('frame', frames.map((f) => f.id)),
    ...store.memories.bySource('observation', observations.map((o) => o.id)),
  ]);
  const out = new Map<string, string[]>();
  for (const memoryId of citing) {
    for (const p of store.memories.provenance(memoryId)) {
      const key = `${p.source_type}:${p.source_id}`;
      if (!wanted.has(key)) continue;
      const list = out.get(key);
      if (list) list.push(memoryId);
      else out.set(key, [memoryId]);
    }
  }
  return out;
}

export function timelineHandlers(deps: ApiDeps, codec: FrameImageCodec): HandlerGroup<TimelineNames> & { clearImageCache(): void } {
  const { store, events } = deps;
  const cache = new ImageCache(48 * 1024 * 1024);

  return {
    clearImageCache: () => cache.clear(),

    'timeline.range': (input) => {
      const from = Date.parse(input.range.from);
      const until = Date.parse(input.range.to) - 1;
      const limit = input.limit;
      const frames = pages((offset, l) => store.frames.list({ since: from, until, limit: l, offset, order: 'oldest' }), limit);
      const observations = pages((offset, l) => store.observations.list({ since: from, until, limit: l, offset, order: 'oldest' }), limit);
      const memories = pages((offset, l) => store.memories.list({ since: from, until, limit: l, offset, order: 'oldest' }), limit);
      const cites = citations(store, frames, observations);

      const framesById = new Map(frames.map((f) => [f.id, f]));
      const items: TimelineItem[] = [];
      const seenFrames = new Set<string>();
      for (const o of observations) {
        if (o.frame_id) seenFrames.add(o.frame_id);
        const frame = o.frame_id ? (framesById.get(o.frame_id) ?? store.frames.get(o.frame_id)) : null;
        const ids = new Set([...(cites.get(`observation:${o.id}`) ?? []), ...(o.frame_id ? (cites.get(`frame:${o.frame_id}`) ?? []) : [])]);
        items.push({
          type: 'observation',
          id: o.id,
          at: iso(o.observed_at),
          source: o.kind,
          app: o.app,
          title: o.title,
          url: o.url,
          text: excerpt(o.caption ? `${o.caption}. ${o.text}` : o.text),
          frame_id: frame && !frame.damaged ? frame.id : null,
          memory_ids: [...ids],
        });
      }
      for (const f of frames) {
        if (seenFrames.has(f.id)) continue;
        items.push({
          type: 'frame',
          id: f.id,
          at: iso(f.captured_at),
          app: f.app,
          title: f.title,
          url: f.url,
          width: f.width,
          height: f.height,
          damaged: f.damaged,
          memory_ids: cites.get(`frame:${f.id}`) ?? [],
        });
      }
      for (const m of memories) {
        items.push({
          type: 'memory',
          id: m.id,
          at: m.occurred_at ?? m.created_at,
          kind: m.kind,
          experience: m.kind === 'procedural' && m.fields['entry_type'] === 'experience',
          title: m.title,
          text: excerpt(m.text),
          app: m.app,
          ended_at: m.ended_at,
        });
      }
      items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
      const truncated = items.length > limit || frames.length >= limit || observations.length >= limit || memories.length >= limit;
      return { items: items.slice(0, limit), truncated };
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
      const frame = store.frames.get(input.id);
      if (!frame) fail('NOT_FOUND', 'That screenshot no longer exists.');
      const raw = store.frames.readImage(input.id);
      let out: { mime: string; data: string; width: number; height: number };
      if (input.size === 'full' && frame.width <= FULL.maxWidth && sniffMime(raw) !== 'application/octet-stream') {
        out = { mime: sniffMime(raw), data: raw.toString('base64'), width: frame.width, height: frame.height };
      } else {
        const r = await codec.render(raw, input.size === 'thumb' ? THUMB : FULL);
        out = { mime: r.mime, data: r.data.toString('base64'), width: r.width, height: r.height };
      }
      raw.fill(0);
      cache.set(key, out);
      return out;
    },
  };
}
