import { ZonedCalendar } from '../../shared/calendar/index.js';
import type { ObservationRecord } from '../store/index.js';

/**
 * Questions about the order of what was seen: "what did I look at before the hotel booking",
 * "between the recipe and the train tickets", "the first thing I opened today". They are answered
 * from the timeline (moments in the order they happened), not from relevance.
 */
export type TemporalRelation = 'before' | 'after' | 'between' | 'first' | 'last';

export interface TemporalAsk {
  relation: TemporalRelation;
  /** What the moment(s) asked about are relative to ("the hotel booking"); empty for first/last. */
  anchors: string[];
}

/** A stretch of time on one window: consecutive observations of the same app and title. */
export interface Moment {
  title: string;
  app: string | null;
  from: number;
  to: number;
  observationIds: string[];
}

/** The question is about what the user looked at or did, not about a fact that has "before" in it. */
const ACTIVITY =
  /\b(?:look(?:ed|ing)?|open(?:ed|ing)?|saw|see(?:n|ing)?|read(?:ing)?|view(?:ed|ing)?|visit(?:ed|ing)?|brows(?:e|ed|ing)|check(?:ed|ing)?|was I|did I|have open|had open|on (?:my )?screen|doing|switch(?:ed)?|went)\b/i;
const ANCHOR_LEAD =
  /^(?:i\s+(?:had\s+|have\s+)?(?:switched|went|moved|opened|looked|checked|read|saw|visited|browsed|got|came)\s*(?:back\s+)?(?:to|at|over\s+to|into)?\s+)?(?:the|my|that|this|a|an)\s+/i;

function anchorOf(text: string): string {
  let a = text.replace(/[?.!]+$/g, '').trim();
  for (let i = 0; i < 2; i++) a = a.replace(ANCHOR_LEAD, '').trim();
  a = a.replace(/^i\s+(?:switched|went|moved|opened|looked|checked|read|saw|visited|browsed|got|came)\s*(?:back\s+)?(?:to|at|over\s+to|into)?\s+/i, '');
  return a.replace(/^(?:the|my|that|this|a|an)\s+/i, '').trim();
}

/** Reads a temporal-order question; null when the question is not one. `rest` is the question without its time expression. */
export function temporalAsk(rest: string): TemporalAsk | null {
  const q = rest.trim();
  if (!ACTIVITY.test(q)) return null;
  const between = /\bbetween\s+(.+?)\s+and\s+(.+?)(?:[,?.!]|\s+(?:what|which|did|do|was|were)\b|$)/i.exec(q);
  if (between) {
    const a = anchorOf(between[1]!);
    const b = anchorOf(between[2]!);
    if (a && b) return { relation: 'between', anchors: [a, b] };
  }
  const rel = /\b(?:just|right|shortly|immediately|straight)?\s*(before|after|prior to)\s+(.+)$/i.exec(q);
  if (rel) {
    const anchor = anchorOf(rel[2]!);
    if (anchor && !/^(?:that|this|it|then|lunch|work)$/i.test(anchor)) {
      return { relation: rel[1]!.toLowerCase() === 'after' ? 'after' : 'before', anchors: [anchor] };
    }
  }
  if (/\b(?:first|earliest)\s+(?:thing|page|site|window|app|screen|tab|document|one)\b|\b(?:open(?:ed)?|look(?:ed)?(?: at)?|saw|see|read|do|did)\s+first\b|\bfirst\s+(?:did\s+)?I\b/i.test(q)) {
    return { relation: 'first', anchors: [] };
  }
  if (/\b(?:last|latest|most recent)\s+(?:thing|page|site|window|app|screen|tab|document|one)\b|\b(?:open(?:ed)?|look(?:ed)?(?: at)?|saw|see|read|do|did)\s+last\b|\blast\s+(?:did\s+)?I\b/i.test(q)) {
    return { relation: 'last', anchors: [] };
  }
  return null;
}

/** A title replaced by the next one in the same app this soon was a page still loading, not something looked at. */
const TRANSIENT_MS = 5_000;

/**
 * Screen observations in time order, as moments: consecutive sightings of one window are one moment.
 * Nothing focused (no title, no app) is no moment, and a title seen once and replaced in the same app
 * within a capture tick or two (a browser window showing its file path before the page's title) is
 * dropped, so "what did I open first" names a page, not "screen" or a path.
 */
export function momentsOf(observations: readonly Pick<ObservationRecord, 'id' | 'kind' | 'observed_at' | 'app' | 'title'>[]): Moment[] {
  const sorted = observations.filter((o) => o.kind === 'screen' && ((o.title ?? '').trim() || o.app)).sort((a, b) => a.observed_at - b.observed_at);
  const raw: Moment[] = [];
  for (const o of sorted) {
    const title = (o.title ?? '').trim() || (o.app ?? 'screen');
    const last = raw[raw.length - 1];
    if (last && last.title === title && last.app === (o.app ?? null)) {
      last.to = o.observed_at;
      last.observationIds.push(o.id);
    } else {
      raw.push({ title, app: o.app ?? null, from: o.observed_at, to: o.observed_at, observationIds: [o.id] });
    }
  }
  // Transient: far shorter than the moments around it usually last (the capture's own cadence), and a few seconds at most.
  const spans = raw.slice(0, -1).map((m, i) => raw[i + 1]!.from - m.from).sort((a, b) => a - b);
  const typical = spans.length ? spans[Math.floor(spans.length / 2)]! : 0;
  const kept = raw.filter((m, i) => {
    const next = raw[i + 1];
    if (!next || m.observationIds.length > 1 || next.app !== m.app) return true;
    const span = next.from - m.from;
    return !(span <= TRANSIENT_MS && span * 3 < typical);
  });
  const out: Moment[] = [];
  for (const m of kept) {
    const last = out[out.length - 1];
    if (last && last.title === m.title && last.app === m.app) {
      last.to = m.to;
      last.observationIds.push(...m.observationIds);
    } else out.push(m);
  }
  return out;
}

/** The moment an anchor was seen in: the one holding its observation, else the one nearest its time. */
export function momentIndex(moments: readonly Moment[], at: { observationId: string | null; time: number }): number {
  if (at.observationId) {
    const i = moments.findIndex((m) => m.observationIds.includes(at.observationId!));
    if (i >= 0) return i;
  }
  let best = -1;
  let dist = Infinity;
  moments.forEach((m, i) => {
    const d = at.time < m.from ? m.from - at.time : at.time > m.to ? at.time - m.to : 0;
    if (d < dist) {
      dist = d;
      best = i;
    }
  });
  return best;
}

/** How many moments an answer names on the asked-about side. */
export const MOMENTS_SHOWN = 3;

/** The moments that answer, in timeline order, and which of them is an anchor (shown as such). */
export function answerMoments(ask: TemporalAsk, moments: readonly Moment[], anchorIdx: number[]): { moments: Moment[]; anchors: Set<number> } {
  if (!moments.length) return { moments: [], anchors: new Set() };
  let from = 0;
  let to = moments.length;
  const anchors = new Set<number>();
  switch (ask.relation) {
    case 'first':
      to = Math.min(moments.length, MOMENTS_SHOWN);
      break;
    case 'last':
      from = Math.max(0, moments.length - MOMENTS_SHOWN);
      break;
    case 'before': {
      const a = anchorIdx[0]!;
      from = Math.max(0, a - MOMENTS_SHOWN);
      to = a + 1;
      break;
    }
    case 'after': {
      const a = anchorIdx[0]!;
      from = a;
      to = Math.min(moments.length, a + 1 + MOMENTS_SHOWN);
      break;
    }
    case 'between': {
      const [a, b] = [Math.min(anchorIdx[0]!, anchorIdx[1]!), Math.max(anchorIdx[0]!, anchorIdx[1]!)];
      from = a;
      to = b + 1;
      break;
    }
  }
  const list = moments.slice(from, to);
  for (const i of anchorIdx) if (i >= from && i < to) anchors.add(i - from);
  return { moments: list, anchors };
}

/**
 * The whole day an asked part of it lies in ("this morning": that day, midnight to midnight, in the
 * user's time zone): where "the first thing I looked at this morning" is read when that morning held
 * no window, rather than nothing or a search's guess. Null when the range is a day or more already.
 */
export function dayAround(range: { from: number; to: number }, timeZone?: string): { from: number; to: number } | null {
  const cal = ZonedCalendar.for(timeZone);
  const from = cal.startOfDay(range.from);
  const to = cal.startOfDay(range.from, 1);
  if (range.to > to || (range.from <= from && range.to >= to)) return null;
  return { from, to };
}
