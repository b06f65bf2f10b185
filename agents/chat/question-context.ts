import { MEMORY_KINDS, type Memory, type MemoryKind, type SearchResult } from '../../shared/index.js';
import type { EngramStore } from '../store/index.js';
import type { Candidate, Retrieval, TimelineAnswer } from './retrieval-types.js';
import { ANCHOR_CANDIDATES, anchorScreen, dayWindows } from './anchor-screen.js';
import { answerMoments, dayAround, momentIndex, momentsOf, temporalAsk } from './temporal-question.js';
import type { QuestionTime, TimeRange } from '../../shared/time/index.js';
import { isWithheldFromModel } from '../../shared/vault/index.js';
import { askedForDay, dayReading, dayWordsOf, namesWholeDay, saysAskedValue } from './day-reading.js';
import { asksLooked, monthOfWindow, namesMonth } from './asked-period.js';

/** What retrieval needs from the store (observations and passages: for questions about the order of moments). */
export type MemorySource = Pick<EngramStore, 'search'> & {
  memories: Pick<EngramStore['memories'], 'list'>;
  observations?: Pick<EngramStore['observations'], 'list'>;
  passages?: Pick<EngramStore['passages'], 'search'>;
};

const HOUR = 3_600_000;

/**
 * A question about the order of moments: finds each anchor's moment (where its words were seen on
 * screen, else the best matching memory) and reads the moments around it off the timeline.
 */
async function timelineFor(source: MemorySource, rest: string, range: TimeRange | null, now: number, timeZone?: string): Promise<TimelineAnswer | null> {
  const ask = temporalAsk(rest);
  if (!ask || !source.observations) return null;
  const at: { observationId: string | null; time: number }[] = [];
  const observations = source.observations;
  // One listing of a stretch serves both the anchors' windows and the timeline when they are the same (an asked range).
  const listed = new Map<string, ReturnType<typeof observations.list>>();
  const list = (since: number, until: number) => {
    const key = `${since}:${until}`;
    if (!listed.has(key)) listed.set(key, observations.list({ since, until, order: 'oldest', limit: 10_000 }));
    return listed.get(key)!;
  };
  const found = ask.anchors.map((words) => source.passages?.search({ query: words, since: range?.from, until: range?.to, limit: ANCHOR_CANDIDATES }) ?? []);
  // The windows of that stretch (the asked one, else around what was found): how rare each anchor word is among them, and what each showed.
  const seenAt = found.flat().map((h) => Date.parse(h.seen_at));
  const day = ask.anchors.length
    ? dayWindows(list(range?.from ?? (seenAt.length ? Math.min(...seenAt) - 6 * HOUR : now - 18 * HOUR), range?.to ?? (seenAt.length ? Math.max(...seenAt) + 6 * HOUR : now)))
    : [];
  for (const [i, words] of ask.anchors.entries()) {
    const p = anchorScreen(found[i]!, words, day);
    if (p?.observation_id && p.seen_at) {
      at.push({ observationId: p.observation_id, time: Date.parse(p.seen_at) });
      continue;
    }
    const h = (await source.search({ query: words, since: range?.from, until: range?.to, limit: 1, now }))[0];
    if (!h) return null;
    at.push({ observationId: null, time: Date.parse(h.memory.occurred_at ?? h.memory.created_at) });
  }
  const times = at.map((a) => a.time);
  const since = range?.from ?? (times.length ? Math.min(...times) - 6 * HOUR : now - 18 * HOUR);
  const until = range?.to ?? (times.length ? Math.max(...times) + 6 * HOUR : now);
  let moments = momentsOf(list(since, until));
  // The first (last) thing of a part of the day that held none: that day's, said as such.
  let widened: string | undefined;
  const whole = !moments.length && range && !ask.anchors.length ? dayAround(range, timeZone) : null;
  if (whole) {
    moments = momentsOf(list(whole.from, Math.min(whole.to, Math.max(now, range!.to))));
    if (moments.length) widened = range!.label;
  }
  if (!moments.length) return null;
  const idx = at.map((a) => momentIndex(moments, a));
  if (idx.some((i) => i < 0)) return null;
  const picked = answerMoments(ask, moments, idx);
  return { relation: ask.relation, anchorWords: ask.anchors, moments: picked.moments, anchors: [...picked.anchors], ...(widened ? { widenedFrom: widened } : {}) };
}

export interface RetrievalQuotas {
  /** Search results kept per kind (MIRIX keeps 10). */
  perKind: number;
  /** Events in the asked-about window, added whatever the words of the question. */
  recentInWindow: number;
  /** Latest events added when the question names no time ("what was I just doing?"). */
  recentWithoutWindow: number;
  /** Search results scoring below this share of the best one are dropped (vector search always returns something). */
  minRelativeScore: number;
  /** Core blocks are few by design; a bound keeps a runaway import from flooding the prompt. */
  maxCoreBlocks: number;
}

export const DEFAULT_QUOTAS: RetrievalQuotas = {
  perKind: 10,
  recentInWindow: 10,
  recentWithoutWindow: 3,
  minRelativeScore: 0.2,
  maxCoreBlocks: 12,
};

/** Searched kinds: core blocks are not searched, they are always in the prompt. */
export const SEARCHED_KINDS: MemoryKind[] = MEMORY_KINDS.filter((k) => k !== 'core');

/** A long event that started before the window still overlaps it: look back this far for its start. */
const EVENT_LOOKBACK_MS = 6 * 3_600_000;

/**
 * An episode about a chat conversation (the brain's summary of a thread): it records that a
 * question was asked, not what the answer is, so it ranks below every memory that may hold it.
 */
export function isChatEpisode(m: Memory): boolean {
  return m.kind === 'episodic' && typeof m.segment === 'string' && m.segment.startsWith('thr_');
}

/** Whether a search found the question's words (or a screen passage), not only nearest vectors. */
function lexical(h: SearchResult): boolean {
  return h.reasons.bm25_score != null || (h.passages?.length ?? 0) > 0;
}

function endOf(m: Memory): number {
  const start = Date.parse(m.occurred_at ?? m.created_at);
  return m.ended_at ? Date.parse(m.ended_at) : start;
}

function startOf(m: Memory): number {
  return Date.parse(m.occurred_at ?? m.created_at);
}

/** Events overlapping the window; for a moment ("yesterday at 3pm") the nearest first, else the newest first. */
function eventsInWindow(source: MemorySource, range: TimeRange, limit: number): Memory[] {
  const rows = source.memories.list({
    kinds: ['episodic'],
    since: range.from - EVENT_LOOKBACK_MS,
    until: range.to,
    order: 'newest',
    limit: Math.max(limit * 5, 50),
  });
  const overlapping = rows.filter((m) => startOf(m) <= range.to && endOf(m) >= range.from);
  if (range.focus !== null) {
    const f = range.focus;
    const distance = (m: Memory) => (startOf(m) <= f && endOf(m) >= f ? 0 : Math.min(Math.abs(startOf(m) - f), Math.abs(endOf(m) - f)));
    overlapping.sort((a, b) => distance(a) - distance(b));
  }
  return overlapping.slice(0, limit);
}

/** All a hit says: its memory's title and text, and its passages with their windows' titles. */
const hitText = (h: SearchResult) => [h.memory.title, h.memory.text, ...(h.passages ?? []).flatMap((p) => [p.window_title ?? '', p.text])].join('\n');

/** The window's hits and the screens naming the asked month, once each (the better score kept), best first. */
function withMonthScreens(hits: SearchResult[], about: SearchResult[]): SearchResult[] {
  if (!about.length) return hits;
  const by = new Map<string, SearchResult>();
  for (const h of [...hits, ...about]) if (!by.has(h.memory.id) || by.get(h.memory.id)!.score < h.score) by.set(h.memory.id, h);
  return [...by.values()].sort((a, b) => b.score - a.score);
}

/** The texts a hit was found by: its matched screen lines, else its own text. */
function foundText(h: SearchResult): string[] {
  return h.passages?.length ? h.passages.map((p) => p.text) : [h.memory.text];
}

/**
 * Gathers what a question needs: core blocks always; per kind, the best search matches (inside the
 * time window when the question names one); and the events of that window. High-sensitivity vault
 * matches are set aside so no prompt ever carries them.
 *
 * `asked` is the question as asked: a day it names that a screen is about ("who's on the late shift
 * on Thursday") is no window over when things were seen; the question keeps its day, which the
 * answer reads against the days the screens show.
 */
export async function retrieveMemories(
  source: MemorySource,
  input: { rest: string; query: string; timeRange: TimeRange | null; now: number; asked?: string; ahead?: QuestionTime['ahead']; timeZone?: string },
  quotas: RetrievalQuotas = DEFAULT_QUOTAS,
): Promise<Retrieval> {
  const started = performance.now();
  let { query, rest } = input;
  let timeRange = input.timeRange;
  let widenedFrom: TimeRange | null = null;
  const reading = input.asked && timeRange && namesWholeDay(timeRange.label) ? dayReading(input.asked) : 'seen';
  if (reading === 'said' && timeRange) {
    // A rota, a calendar or a delivery list seen on any day says what happens that day.
    query = `${query} ${dayWordsOf(timeRange.label)}`.trim();
    rest = input.asked!;
    timeRange = null;
  }
  // A day to come is searched by its date's words, and read on screens as the user said it ("on
  // Thursday": the Thursday of the week the rota shows) or as its weekday and date ("tomorrow").
  if (input.asked && input.ahead) rest = askedForDay(input.asked, input.ahead);

  const core = source.memories
    .list({ kinds: ['core'], order: 'oldest', limit: quotas.maxCoreBlocks })
    .filter((m) => m.text.trim() !== '');

  // One pooled search, then a quota per kind: one BM25 pass and one vector pass instead of one per
  // kind. No kind filter either: excluding only the few core blocks would push the store onto its
  // filtered (exact-scan) vector path; core hits are dropped below instead.
  let hits: SearchResult[] = [];
  const search = (range: TimeRange | null) =>
    source.search({
      query,
      asked: rest,
      since: range?.from,
      until: range?.to,
      limit: Math.min(200, quotas.perKind * SEARCHED_KINDS.length),
      now: input.now,
    });
  if (query.trim() !== '') {
    hits = await search(timeRange);
    // A month the question names may be what a screen is about, not when it was seen ("how many hours
    // did Priya log in October": the sheet "Contractors Oct 2026" seen in December): screens seen at
    // any time whose text names that month join the window's, unless the question asks what the user looked at.
    const month = timeRange && input.asked && !asksLooked(input.asked) ? monthOfWindow(timeRange) : null;
    if (month) hits = withMonthScreens(hits, (await search(null)).filter((h) => lexical(h) && !isChatEpisode(h.memory) && namesMonth(hitText(h), month)));
    // Nothing in the window holds the question's words: look again over all time and say so,
    // rather than answer "nothing" (the window may be a misread of the question). A day that may be
    // when it was seen or what a screen is about: also when nothing found that day says a value of
    // the asked kind (no time in the window for "what time was the dentist on Monday").
    const found = hits.filter((h) => lexical(h) && !isChatEpisode(h.memory));
    if (timeRange && (!found.length || (reading === 'either' && !saysAskedValue(input.asked!, found.flatMap(foundText))))) {
      const wide = await search(null);
      const wideFound = wide.filter((h) => lexical(h) && !isChatEpisode(h.memory));
      if (wideFound.length && (!found.length || saysAskedValue(input.asked!, wideFound.flatMap(foundText)))) {
        hits = wide;
        widenedFrom = timeRange;
        timeRange = null;
      }
    }
  }
  const best = hits.reduce((mx, h) => (SEARCHED_KINDS.includes(h.memory.kind) ? Math.max(mx, h.score) : mx), 0);
  const floor = best * quotas.minRelativeScore;

  const candidates: Candidate[] = [];
  const withheld: Memory[] = [];
  const seen = new Set<string>();
  const rankInKind = new Map<MemoryKind, number>();
  for (const h of hits) {
    if (h.score < floor || seen.has(h.memory.id) || !SEARCHED_KINDS.includes(h.memory.kind)) continue;
    if (isWithheldFromModel(h.memory)) {
      if (withheld.length < 3) withheld.push(h.memory);
      seen.add(h.memory.id);
      continue;
    }
    const rank = rankInKind.get(h.memory.kind) ?? 0;
    if (rank >= quotas.perKind) continue;
    rankInKind.set(h.memory.kind, rank + 1);
    seen.add(h.memory.id);
    // Round-robin across kinds: the 2nd best fact outranks the 5th best event when the budget is short.
    // An episode about a chat only says a question was asked: it comes after everything else.
    const priority = isChatEpisode(h.memory) ? quotas.perKind * 3 + rank : rank;
    candidates.push({ memory: h.memory, score: h.score, source: 'search', priority, ...(h.passages?.length ? { passages: h.passages } : {}) });
  }

  const timeline = await timelineFor(source, rest, reading === 'said' ? null : input.timeRange, input.now, input.timeZone);

  const recent = timeRange
    ? eventsInWindow(source, timeRange, quotas.recentInWindow)
    : source.memories.list({ kinds: ['episodic'], order: 'newest', limit: quotas.recentWithoutWindow });
  recent.forEach((m, i) => {
    if (seen.has(m.id)) return;
    seen.add(m.id);
    // With a window, its events are the answer to "what was I doing"; without one they are background.
    const priority = isChatEpisode(m) ? quotas.perKind * 3 + i : timeRange ? i : quotas.perKind + i;
    candidates.push({ memory: m, score: null, source: 'recent', priority });
  });

  candidates.sort((a, b) => a.priority - b.priority || (b.score ?? 0) - (a.score ?? 0));
  return { rest, query, timeRange, widenedFrom, timeline, core, candidates, withheld, elapsedMs: performance.now() - started };
}
