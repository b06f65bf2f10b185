import type { EngramStore, ObservationRecord } from '../store/index.js';
import type { DayDocument, DayHour, DayMeeting, DayPerson, DayReport } from '../../shared/api/index.js';
import { ZonedCalendar } from '../../shared/time/index.js';
import { activeSpans, DEFAULT_ACTIVE_TIME, type ActiveSpan, type ActiveTimeOptions, type ScreenMoment } from './active-time.js';
import { subjectOf } from './subject.js';

const PAGE = 5_000;
/** Audio chunks further apart than this are two meetings. */
const MEETING_GAP_MS = 5 * 60_000;
const MAX_LIST = 50;

const round = (ms: number) => Math.round(ms / 6_000) / 10;
const iso = (ms: number) => new Date(ms).toISOString();

export interface DayReportInput {
  /** Local calendar date YYYY-MM-DD in timeZone. */
  date: string;
  timeZone: string;
  active?: ActiveTimeOptions;
}

function observationsBetween(store: EngramStore, since: number, until: number): ObservationRecord[] {
  const out: ObservationRecord[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const batch = store.observations.list({ since, until, order: 'oldest', limit: PAGE, offset });
    out.push(...batch);
    if (batch.length < PAGE) return out;
  }
}

function sumBy<K>(spans: readonly ActiveSpan[], key: (s: ActiveSpan) => K | null): Map<K, number> {
  const m = new Map<K, number>();
  for (const s of spans) {
    const k = key(s);
    if (k !== null) m.set(k, (m.get(k) ?? 0) + (s.end - s.start));
  }
  return m;
}

const sorted = <K>(m: Map<K, number>) => [...m].sort((a, b) => b[1] - a[1]);

/**
 * One local day, readable: active time per app and per subject (site or document) from capture
 * times and idle detection (see active-time.ts), the documents and links used, the people the
 * day's memories name, the meetings (runs of speech heard) and the active minutes of each hour.
 * Deterministic: no model is asked anything here.
 */
export function dayReport(store: EngramStore, input: DayReportInput): DayReport {
  const cal = ZonedCalendar.for(input.timeZone);
  const [y, mo, d] = input.date.split('-').map(Number) as [number, number, number];
  const from = cal.at(y, mo, d);
  const to = cal.startOfDay(from, 1);
  const opts = input.active ?? DEFAULT_ACTIVE_TIME;
  // A moment just before midnight is credited its time after it.
  const obs = observationsBetween(store, from - opts.maxGapMs, to - 1);
  const screen: ScreenMoment[] = obs.filter((o) => o.kind === 'screen').map((o) => ({ at: o.observed_at, display: o.display, app: o.app, title: o.title, url: o.url, text: o.text }));
  const spans = activeSpans(screen, from, to, opts);
  const active = spans.reduce((n, s) => n + (s.end - s.start), 0);

  const byApp = sorted(sumBy(spans, (s) => s.moment.app?.trim() || 'Other')).map(([app, ms]) => ({ app, minutes: round(ms) }));
  const bySubject = sorted(sumBy(spans, (s) => subjectOf(s.moment)?.name ?? null)).map(([subject, ms]) => ({ subject, minutes: round(ms) }));

  return {
    date: input.date,
    time_zone: input.timeZone,
    active_minutes: round(active),
    by_app: byApp,
    by_subject: bySubject.slice(0, MAX_LIST),
    documents: documentsOf(store, spans, from, to),
    people: peopleOf(store, from, to),
    meetings: meetingsOf(store, obs.filter((o) => o.kind === 'audio' && o.observed_at >= from)),
    hours: hoursOf(cal, spans),
    first_seen: spans.length ? iso(spans[0]!.start) : null,
    last_seen: spans.length ? iso(spans[spans.length - 1]!.end) : null,
  };
}

/** Pages visited (by address) and the resource memories of the day, most used first. */
function documentsOf(store: EngramStore, spans: readonly ActiveSpan[], from: number, to: number): DayDocument[] {
  const docs = new Map<string, DayDocument>();
  for (const s of spans) {
    const url = s.moment.url;
    if (!url || !/^https?:\/\//i.test(url)) continue;
    const doc = docs.get(url) ?? { title: s.moment.title?.trim() || url, location: url, minutes: 0, memory_id: null };
    doc.minutes += (s.end - s.start) / 60_000;
    docs.set(url, doc);
  }
  for (const m of store.memories.list({ kinds: ['resource'], since: from, until: to - 1, limit: 500, order: 'oldest' })) {
    const raw = m.fields['location'];
    const location = typeof raw === 'string' && raw.trim() ? raw.trim() : null;
    const key = location ?? `memory:${m.id}`;
    const known = docs.get(key);
    if (known) known.memory_id ??= m.id;
    else docs.set(key, { title: m.title || location || m.text.slice(0, 80), location, minutes: 0, memory_id: m.id });
  }
  return [...docs.values()]
    .map((d) => ({ ...d, minutes: Math.round(d.minutes * 10) / 10 }))
    .sort((a, b) => b.minutes - a.minutes || a.title.localeCompare(b.title))
    .slice(0, MAX_LIST);
}

/** People the day's memories name (graph entities of kind person), most named first. */
function peopleOf(store: EngramStore, from: number, to: number): DayPerson[] {
  const people = new Map<string, DayPerson>();
  for (const m of store.memories.list({ since: from, until: to - 1, limit: 2_000, order: 'oldest' })) {
    for (const e of store.graph.entitiesOf(m.id)) {
      if (e.kind !== 'person') continue;
      const p = people.get(e.id) ?? { id: e.id, name: e.name, mentions: 0 };
      p.mentions++;
      people.set(e.id, p);
    }
  }
  return [...people.values()].sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name)).slice(0, MAX_LIST);
}

/** Runs of speech: transcribed audio chunks no more than MEETING_GAP_MS apart. */
function meetingsOf(store: EngramStore, audio: readonly ObservationRecord[]): DayMeeting[] {
  const out: DayMeeting[] = [];
  let cur: { start: number; end: number; ids: string[] } | null = null;
  for (const o of audio) {
    const rec = o.audio_id ? store.audio.get(o.audio_id) : null;
    const start = rec?.started_at ?? o.observed_at;
    const end = start + (rec?.duration_ms ?? 0);
    if (cur && start - cur.end <= MEETING_GAP_MS) {
      cur.end = Math.max(cur.end, end);
      cur.ids.push(o.id);
    } else {
      if (cur) out.push({ start: iso(cur.start), end: iso(cur.end), minutes: round(cur.end - cur.start), observation_ids: cur.ids });
      cur = { start, end, ids: [o.id] };
    }
  }
  if (cur) out.push({ start: iso(cur.start), end: iso(cur.end), minutes: round(cur.end - cur.start), observation_ids: cur.ids });
  return out;
}

/** Active minutes in each local hour of the day, by app (spans cut at hour boundaries). */
function hoursOf(cal: ZonedCalendar, spans: readonly ActiveSpan[]): DayHour[] {
  const hours = new Map<number, Map<string, number>>();
  for (const s of spans) {
    const app = s.moment.app?.trim() || 'Other';
    for (let t = s.start; t < s.end; ) {
      const w = cal.wall(t);
      const hourEnd = t - ((w.minute * 60 + w.second) * 1000 + (t % 1000)) + 3_600_000;
      const cut = Math.min(s.end, hourEnd);
      const apps = hours.get(w.hour) ?? new Map<string, number>();
      apps.set(app, (apps.get(app) ?? 0) + (cut - t));
      hours.set(w.hour, apps);
      t = cut;
    }
  }
  return [...hours]
    .sort((a, b) => a[0] - b[0])
    .map(([hour, apps]) => {
      const list = sorted(apps).map(([app, ms]) => ({ app, minutes: round(ms) }));
      return { hour, minutes: round([...apps.values()].reduce((a, b) => a + b, 0)), apps: list };
    });
}
