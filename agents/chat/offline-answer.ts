import type { Memory, MemoryKind } from '../../shared/index.js';
import { isChatEpisode } from './question-context.js';
import { clip, collapse, isExperience, memoryTime, withTitle } from '../../shared/memory/index.js';
import { answerLines } from './passage-answer.js';
import { factSentence, type FrameLayout } from './fact-sentence.js';
import type { Meaning } from './label-meaning.js';
import type { ScreenOf } from './unmatched-screen.js';
import type { NumberedMemory, TimelineAnswer } from './retrieval-types.js';
import type { Moment } from './temporal-question.js';
import type { TimeFormatter, TimeRange } from '../../shared/time/index.js';
import type { Citation } from './citations.js';
import type { AnswerDraft } from './chat-types.js';
import type { ChatLeadExplain } from '../../shared/api/index.js';
import { leadOpen, rankedLead } from './line-ranker.js';

export const NO_MODEL_SENTENCE = 'No language model is configured, so this answer is built from the memories that best match your question.';

export interface OfflineAnswerInput {
  numbered: NumberedMemory[];
  timeRange: TimeRange | null;
  /** The window the question named, when nothing matched inside it and all time was searched instead. */
  widenedFrom?: TimeRange | null;
  /** Moments that answer a question about order ("before the hotel booking"), oldest first. */
  timeline?: TimelineAnswer | null;
  query: string;
  /** The question as asked (without its time expression): the lead sentence answers it. */
  question?: string;
  withheldCount: number;
  fmt: TimeFormatter;
  /** Replaces the no-model sentence (e.g. when the model failed before saying anything). */
  lead?: string;
  /** At most this many lines per group, so the answer stays readable. */
  perGroup?: number;
  /** A screen's OCR word boxes by frame id, so the lead can read tables and forms by where their words sit. */
  layout?: FrameLayout;
  /** How close the question's unsaid words are to screen labels, by the store's embedder (offline, when measured). */
  meaning?: Meaning;
  /** How close the question is to each candidate line and its label (line-features' lineMeaningPairs), when measured. */
  lineMeaning?: Meaning;
  /** The screens behind memories that matched by meaning or title alone, for the lead to read too. */
  screens?: ScreenOf;
  /** Lines that answer first (the graph's "who is X"); the memories they cite are not listed again. */
  before?: { lines: string[]; cited: number[] } | null;
  /** Also return why the lead is what it is (every candidate line, scored: `engram ask --explain`). */
  explain?: boolean;
}

export interface OfflineAnswer {
  text: string;
  /** The [n] the text cites, in order. */
  cited: number[];
  explain?: ChatLeadExplain;
  /** The hand-written lead was open to the learned chooser ("I don't know" or a guess): the lines' meaning may change it. */
  leadOpen?: boolean;
}

const GROUPS: { title: string; test: (m: Memory) => boolean }[] = [
  { title: 'Facts', test: (m) => m.kind === 'semantic' },
  { title: 'How-tos', test: (m) => m.kind === 'procedural' && !isExperience(m) },
  { title: 'What was tried before', test: (m) => isExperience(m) },
  { title: 'Documents and links', test: (m) => m.kind === 'resource' },
  { title: 'Vault (values masked)', test: (m) => m.kind === 'knowledge_vault' },
  { title: 'About you', test: (m) => (m.kind as MemoryKind) === 'core' },
];

function summary(m: Memory, maxChars: number): string {
  let s = withTitle(collapse(m.title), collapse(m.text));
  const f = m.fields;
  if (m.kind === 'resource' && typeof f['location'] === 'string' && !s.includes(f['location'])) s += ` (${f['location']})`;
  if (isExperience(m) && typeof f['outcome'] === 'string') s += ` (outcome: ${f['outcome']})`;
  if (m.kind === 'knowledge_vault' && typeof f['secret'] === 'string') s += ` (${f['secret']})`;
  return clip(s, maxChars);
}

function eventLine(e: NumberedMemory, fmt: TimeFormatter, withDay: boolean): string {
  const t = memoryTime(e.memory);
  const when = t.to && t.to > t.from ? `${fmt.clock(t.from)}–${fmt.clock(t.to)}` : fmt.clock(t.from);
  const app = e.memory.app ? ` · ${e.memory.app}` : '';
  return `- ${withDay ? `${fmt.dayOf(t.from)} ` : ''}${when}${app}: ${summary(e.memory, 220)} [${e.n}]`;
}

function windowPhrase(range: TimeRange, fmt: TimeFormatter): string {
  if (range.focus !== null) return ` around ${fmt.span(range.focus, null)}`;
  if (range.from <= 0) return ` before ${fmt.span(range.to, null)}`;
  return ` (${range.label}: ${fmt.span(range.from, null)} to ${fmt.span(range.to, null)})`;
}

function momentLine(m: Moment, fmt: TimeFormatter): string {
  const when = m.to > m.from + 60_000 ? `${fmt.clock(m.from)}–${fmt.clock(m.to)}` : fmt.clock(m.from);
  return `"${m.title}"${m.app ? ` (${m.app})` : ''} at ${when}`;
}

/** The moments that answer a question about order: the direct answer in a sentence, then all of them in order. */
export function timelineLines(t: TimelineAnswer, fmt: TimeFormatter): string[] {
  const ms = t.moments;
  const anchor = (i: number) => (t.anchors.includes(i) ? ' ← ' + (t.anchorWords[t.anchors.indexOf(i)] ?? 'asked about') : '');
  const out: string[] = [];
  const a = t.anchors[0];
  if (t.relation === 'first') out.push(`The first thing you had open: ${momentLine(ms[0]!, fmt)}.`);
  else if (t.relation === 'last') out.push(`The last thing you had open: ${momentLine(ms[ms.length - 1]!, fmt)}.`);
  else if (t.relation === 'before' && a !== undefined) {
    out.push(a > 0 ? `Right before ${t.anchorWords[0]} ("${ms[a]!.title}"), you had ${momentLine(ms[a - 1]!, fmt)}.` : `Nothing was recorded right before ${t.anchorWords[0]} ("${ms[a]!.title}").`);
  } else if (t.relation === 'after' && a !== undefined) {
    out.push(a + 1 < ms.length ? `Right after ${t.anchorWords[0]} ("${ms[a]!.title}"), you had ${momentLine(ms[a + 1]!, fmt)}.` : `Nothing was recorded right after ${t.anchorWords[0]} ("${ms[a]!.title}").`);
  } else if (t.relation === 'between') {
    const inner = ms.filter((_, i) => !t.anchors.includes(i));
    out.push(inner.length ? `Between ${t.anchorWords[0]} and ${t.anchorWords[1]} you looked at: ${inner.map((m) => `"${m.title}"`).join(', ')}.` : `Nothing else was recorded between ${t.anchorWords[0]} and ${t.anchorWords[1]}.`);
  }
  if (t.widenedFrom) out.push(`Nothing was on screen ${t.widenedFrom}, so I read the whole day.`);
  out.push('', 'In the order you saw them:');
  ms.forEach((m, i) => out.push(`- ${fmt.dayOf(m.from)} ${momentLine(m, fmt)}${anchor(i)}`));
  return out;
}

/**
 * The answer Engram gives without a model: the best matching memories, grouped by kind and, for
 * events, by day and time, each with its [n]. For a moment ("yesterday at 3pm") what was going on
 * at that moment comes first.
 */
export function composeOfflineAnswer(whole: OfflineAnswerInput): OfflineAnswer {
  const { fmt, timeRange } = whole;
  const out: string[] = whole.lead ? [whole.lead] : [];
  const cited: number[] = [];
  const first = whole.before?.lines.length ? whole.before : null;
  if (first) {
    out.push(...first.lines);
    cited.push(...first.cited);
  }
  const shownFirst = new Set(first?.cited);
  const input = first ? { ...whole, numbered: whole.numbered.filter((m) => !shownFirst.has(m.n)) } : whole;
  // One sentence that states the fact found (or that it is not known) comes before the evidence;
  // a question about order is led by its timeline sentence instead, a question about a window by its
  // events, a question about a known entity by what the graph knows (above).
  const written = !first && input.question && !input.timeline?.moments.length && !((timeRange || input.widenedFrom) && !input.numbered.some((m) => m.passages?.length)) ? factSentence(input.question, input.numbered, fmt, input.layout, { when: [timeRange?.label, input.widenedFrom?.label].filter(Boolean).join(' '), ...(input.meaning ? { meaning: input.meaning } : {}), ...(input.screens ? { screens: input.screens } : {}) }) : null;
  // When that lead says only "I don't know" or guesses, a learned chooser may state a found line (line-ranker).
  const ranked = input.question && (written !== null || input.explain) ? rankedLead(input.question, input.numbered, written, fmt, { explain: !!input.explain, ...(input.lineMeaning ? { meaning: input.lineMeaning } : {}) }) : null;
  const fact = ranked ? ranked.lead : written;
  if (fact) {
    out.push(fact.text);
    cited.push(...fact.cited);
  }

  // A timeline says itself which stretch it read.
  if (input.widenedFrom && !input.timeline?.moments.length) {
    out.push(`Nothing matched${windowPhrase(input.widenedFrom, fmt)}, so I looked at all times.`);
  }
  if (whole.numbered.length === 0 && !input.timeline?.moments.length) {
    const what = input.query ? ` about "${clip(input.query, 80)}"` : '';
    out.push(`I found nothing in your memories${what}${timeRange ? windowPhrase(timeRange, fmt) : ''}.`);
  }

  // A question about order is answered from the timeline, in order.
  if (input.timeline?.moments.length) out.push(...timelineLines(input.timeline, fmt), '');

  // What was seen on screen that answers, whole, with when and where: first.
  const lead = input.timeline?.moments.length ? { lines: [], cited: [] } : answerLines(input.numbered, fmt);
  if (lead.lines.length) {
    out.push(...lead.lines);
    cited.push(...lead.cited);
  }
  // With the answer on top, the memories below are context: fewer of them.
  const perGroup = input.perGroup ?? (lead.lines.length || first ? 4 : 8);
  if (lead.lines.length || (first && input.numbered.length)) out.push('', 'Related memories:');

  // Without a window, the latest events are background for a model; shown to a reader they are noise,
  // unless nothing matched the words of the question at all ("what was I just doing?").
  const anySearchHit = input.numbered.some((m) => m.source === 'search');
  const isEvent = (m: NumberedMemory) => m.memory.kind === 'episodic' && (timeRange || m.source === 'search' || !anySearchHit);
  // Episodes about earlier chats only record that a question was asked: listed after the rest, if at all.
  const events = [...input.numbered.filter((m) => isEvent(m) && !isChatEpisode(m.memory)), ...input.numbered.filter((m) => isEvent(m) && isChatEpisode(m.memory))];
  if (events.length) {
    const shown: NumberedMemory[] = [];
    if (timeRange?.focus != null) {
      const f = timeRange.focus;
      const during = events.filter((e) => {
        const t = memoryTime(e.memory);
        return t.from <= f && (t.to ?? t.from) >= f;
      });
      const around = events.filter((e) => !during.includes(e));
      if (during.length) {
        out.push('', `At ${fmt.span(f, null)} you were:`);
        for (const e of during.slice(0, perGroup)) {
          out.push(eventLine(e, fmt, false));
          shown.push(e);
        }
      } else {
        out.push('', `Nothing was recorded exactly at ${fmt.span(f, null)}.`);
      }
      const rest = around.slice(0, Math.max(0, perGroup - shown.length));
      if (rest.length) {
        out.push('', during.length ? 'Shortly before and after:' : 'Closest events:');
        rest.sort((a, b) => memoryTime(a.memory).from - memoryTime(b.memory).from);
        for (const e of rest) {
          out.push(eventLine(e, fmt, false));
          shown.push(e);
        }
      }
    } else {
      const list = events.slice(0, lead.lines.length ? perGroup : Math.max(perGroup, 10));
      const byDay = new Map<string, NumberedMemory[]>();
      for (const e of list) {
        const day = fmt.dayOf(memoryTime(e.memory).from);
        byDay.set(day, [...(byDay.get(day) ?? []), e]);
      }
      out.push('', timeRange ? `What you did${windowPhrase(timeRange, fmt)}:` : 'Events:');
      for (const [day, items] of byDay) {
        out.push(`${day}:`);
        for (const e of items) {
          out.push(eventLine(e, fmt, false));
          shown.push(e);
        }
      }
    }
    cited.push(...shown.map((e) => e.n));
  }

  for (const g of GROUPS) {
    const items = input.numbered.filter((m) => g.test(m.memory)).slice(0, perGroup);
    if (!items.length) continue;
    out.push('', `${g.title}:`);
    for (const m of items) {
      out.push(`- ${summary(m.memory, 240)} [${m.n}]`);
      cited.push(m.n);
    }
  }

  if (input.withheldCount > 0) {
    out.push(
      '',
      input.withheldCount === 1
        ? 'A matching item in your knowledge vault is marked highly sensitive, so it is not shown here; you can reveal it locally in Engram.'
        : `${input.withheldCount} matching items in your knowledge vault are marked highly sensitive, so they are not shown here; you can reveal them locally in Engram.`,
    );
  }
  if (!input.lead) out.push('', NO_MODEL_SENTENCE);
  return { text: out.join('\n').replace(/^\n+/, ''), cited: [...new Set(cited)], ...(ranked?.explain ? { explain: ranked.explain } : {}), ...(input.question && leadOpen(written) ? { leadOpen: true } : {}) };
}

/** The extractive answer as a turn: its text and the memories it cites. */
export function answerOffline(input: OfflineAnswerInput): Pick<AnswerDraft, 'answer' | 'citations' | 'explain'> & { leadOpen?: boolean } {
  const o = composeOfflineAnswer(input);
  const byN = new Map(input.numbered.map((m) => [m.n, m]));
  const citations: Citation[] = o.cited.flatMap((n) => {
    const m = byN.get(n);
    return m ? [{ n, memory_id: m.memory.id, kind: m.memory.kind }] : [];
  });
  return { answer: o.text, citations, ...(o.explain ? { explain: o.explain } : {}), ...(o.leadOpen ? { leadOpen: true } : {}) };
}
