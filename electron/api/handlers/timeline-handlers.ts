import { TIMELINE_INLINE_TEXTS, type DaySummary, type ForgetReport, type Memory, type TimelineItem, type TimelineItemRef, type TimelineMemoryRef } from '../../../shared/api/index.js';
import { MEMORY_TABS } from '../../../shared/index.js';
import { fail } from '../errors.js';
import { zonedCalendar } from '../zoned-calendar.js';
import type { ApiDeps, FrameImageCodec } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';
import { FramePictures } from './frame-pictures.js';
import { citingBoth, dayColumns, excerpt, iso, itemObjects, TEXT_PREFIX, TYPE_OF_KIND } from './timeline-columns.js';

type TimelineNames = 'timeline.day' | 'timeline.texts' | 'timeline.match' | 'timeline.item' | 'timeline.range' | 'timeline.days' | 'timeline.delete' | 'frames.image';

// The detail pane shows a moment's text whole, up to this.
const DETAIL_TEXT = 20_000;
const DETAIL_MEMORIES = 50;
function memoryTab(m: Memory): TimelineMemoryRef['tab'] {
  return m.kind === 'procedural' && m.fields['entry_type'] === 'experience' ? 'experience' : m.kind;
}

export function timelineHandlers(deps: ApiDeps, codec: FrameImageCodec): HandlerGroup<TimelineNames> & { clearImageCache(): void } {
  const { store, events } = deps;
  const pictures = new FramePictures(store, codec);

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

  return {
    clearImageCache: () => pictures.clearCache(),

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

    'timeline.item': async (input) => {
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
        item = { type: 'observation', id: o.id, at: iso(o.observed_at), source: o.kind, app: o.app, title: o.title, url: o.url, text: text.slice(0, DETAIL_TEXT), frame_id: frameId, damaged: false, hidden: frameId ? (store.frames.get(frameId)?.hidden ?? null) : null, memory_ids: cites };
      } else {
        const f = store.frames.get(input.id);
        if (!f) fail('NOT_FOUND', 'That screenshot no longer exists.');
        frameId = f.id;
        cites = store.memories.bySource('frame', [f.id]);
        item = { type: 'frame', id: f.id, at: iso(f.captured_at), app: f.app, title: f.title, url: f.url, width: f.width, height: f.height, damaged: false, hidden: f.hidden, memory_ids: cites };
      }
      // Opening a moment reads its picture once (decrypted in memory, then wiped): a damaged file is
      // found and explained here, before the pane asks for an image that cannot come.
      const damage = frameId ? await pictures.damage(frameId) : null;
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
      const cal = zonedCalendar(input.timeZone);
      const from = cal.startOfDay(Date.parse(input.range.from));
      const to = Date.parse(input.range.to);
      const starts: number[] = [];
      for (let t = from; t < to && starts.length < 400; t = cal.startOfDay(t, 1)) starts.push(t);
      if (starts.length === 0) return { days: [] };
      const times = store.timesInRange(from, to);
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
      const obs = store.observations.delete(obsIds);
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
      report.memories = MEMORY_TABS.reduce(
        (n, k) => n + Math.max(0, before[k] - after[k]),
        0,
      );
      pictures.clearCache();
      events.emit('data.forgotten', { report, wiped: false });
      return { report };
    },

    'frames.image': (input) => pictures.image(input),
  };
}
