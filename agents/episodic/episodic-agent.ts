import { z } from 'zod';
import type { Memory } from '../../shared/index.js';
import type { LlmTool } from '../llm/index.js';
import {
  IsoTimeArg,
  SourcesArg,
  UpdateBase,
  contentTokens,
  jaccard,
  normalizeText,
  saveTool,
  toMs,
  truncate,
  updateTool,
  type BatchAnalysis,
  type BatchSource,
  type BrainStore,
  type KindPolicy,
  type MemoryDraft,
  type SubAgent,
  type SubAgentContext,
} from '../subagent-kit/index.js';
import type { TimeFormatter } from '../../shared/time/index.js';
import { activityRuns, salientLines } from './activity-runs.js';
import { eventTypeFor } from './app-activity.js';
import { describeRun, episodeText } from './episode-text.js';

export interface EpisodicAgentOptions {
  /** Two runs of the same activity closer than this are one episode (the meta-agent's idle gap). Read on each use: Settings → Brain applies without a restart. */
  gapMs: () => number;
  /** Chat turns closer than this belong to one conversation episode (the segment collapse gap). Read on each use. */
  chatGapMs: () => number;
  time: TimeFormatter;
}

const MAX_DETAILS = 1500;
const LOOKBACK = 12 * 3_600_000;

export const EPISODIC_PROMPT = `## episodic — time-stamped events
What the user did and when, written in the user's own first person (MIRA): "I edited budget.xlsx in
LibreOffice Calc, 10:02–10:40", "I debugged the RBAC error in the deploy pipeline, then reran the
job". One episode per activity (same app and document/page); extend an existing episode
(episodic_update, or episodic_save with the same summary) instead of writing a new one when the same
activity continues. Summaries are short, past tense, first person ("I …", never "The user …"), name
the app and the document/page/person. Put salient specifics in details.
Never copy secrets; redaction markers like [redacted:card] may be mentioned as such. A question the
user asked Engram in chat is not an event: never save an episode of it.`;

const ms = (iso: string | null): number | null => (iso ? Date.parse(iso) : null);

/** A question or a request to look something up: "what …?", "did I …", "show me …", "remind me …". */
const ASKING =
  /\?\s*$|^\s*(?:(?:so|and|but|ok|okay|hey|engram)[\s,]+)*(?:what|when|where|who|whom|whose|which|why|how|did|do|does|is|are|was|were|has|have|had|can|could|will|would|should|shall|may|tell me|show me|remind me|find|list|search|look up)\b/i;

/**
 * Whether a user message was a question put to Engram: it asks, and the next message is Engram's
 * own answer (an assistant message that keeps its retrieval under raw.engram). What the user states
 * in chat ("My manager is Ana") stays an episode; imported conversations and notes have no answer by
 * Engram, so their questions stay too.
 */
function askedOfEngram(sources: readonly BatchSource[], index: number): boolean {
  if (!ASKING.test(sources[index]!.text)) return false;
  const next = sources.slice(index + 1).find((s) => s.role !== 'tool');
  if (next?.role !== 'assistant') return false;
  const raw = next.raw;
  return typeof raw === 'object' && raw !== null && typeof (raw as { engram?: unknown }).engram === 'object' && (raw as { engram?: unknown }).engram !== null;
}

export class EpisodicAgent implements SubAgent {
  readonly kind = 'episodic' as const;
  readonly prompt = EPISODIC_PROMPT;
  readonly policy: KindPolicy;

  constructor(
    private readonly store: BrainStore,
    private readonly opts: EpisodicAgentOptions,
  ) {
    this.policy = {
      kind: 'episodic',
      candidates: (d) => this.neighbours(d),
      compare: (existing, d) => this.compare(existing, d),
      merge: (existing, d) => this.merge(existing, d),
    };
  }

  detect(a: BatchAnalysis): boolean {
    // Something happened in every batch of observations and every conversation.
    return a.sources.length > 0;
  }

  extract(ctx: SubAgentContext): MemoryDraft[] {
    const a = ctx.analysis;
    if (a.batch.type === 'messages') return this.conversationEpisode(ctx);
    const segment = a.batch.segment;
    return activityRuns(a.sources, this.opts.gapMs()).map((run) => {
      const texts = run.sources.map((i) => a.sources[i]!.text);
      const lines = salientLines(texts, 12, MAX_DETAILS);
      const title = describeRun(run, lines[0] ?? '');
      return {
        kind: 'episodic',
        title,
        text: episodeText(title, run.start, run.end, this.opts.time),
        details: lines.join('\n'),
        fields: { event_type: run.audio ? 'conversation' : eventTypeFor(run.category), actor: 'user' },
        app: run.app,
        occurred_at: run.start,
        ended_at: run.end,
        segment,
        provenance: a.provenanceOf(run.sources),
      };
    });
  }

  private conversationEpisode(ctx: SubAgentContext): MemoryDraft[] {
    const a = ctx.analysis;
    if (a.batch.type !== 'messages') return [];
    // A question put to Engram is not an event worth remembering: the turn stays with its thread,
    // and an episode of it only outranked the memories holding the answer (issue 15).
    const users = a.userSources.filter((s) => s.text.trim() && !askedOfEngram(a.sources, s.index));
    if (!users.length) return [];
    const thread = a.batch.thread;
    const first = truncate(users[0]!.text.replace(/\s+/g, ' ').trim(), 100);
    const generic = !thread || /^(notes|new conversation|imported conversation)$/i.test(thread.title);
    const onlyNotes = a.sources.every((s) => s.role === 'user');
    const title = onlyNotes && generic ? `Noted: "${first}"` : `Conversation "${truncate(generic ? first : thread!.title, 80)}"`;
    const start = Math.min(...users.map((s) => s.at));
    const end = Math.max(...users.map((s) => s.at));
    const details = users
      .map((s) => `user: ${truncate(s.text.replace(/\s+/g, ' ').trim(), 300)}`)
      .join('\n')
      .slice(0, MAX_DETAILS);
    return [
      {
        kind: 'episodic',
        title,
        text: episodeText(title, start, end, this.opts.time),
        details,
        fields: { event_type: onlyNotes ? 'note' : 'conversation', actor: 'user' },
        app: null,
        occurred_at: start,
        ended_at: end,
        segment: thread?.id ?? null,
        provenance: a.provenanceOf(users.map((s) => s.index)),
      },
    ];
  }

  /** Episodes of the same app around the draft's time: the only ones it could continue. */
  private neighbours(d: MemoryDraft): Memory[] {
    const start = d.occurred_at ?? Date.now();
    const end = d.ended_at ?? start;
    const list = this.store.memories.list({
      kinds: ['episodic'],
      since: start - LOOKBACK,
      until: end + this.gapFor(d),
      limit: 200,
      ...(d.app ? { app: d.app } : {}),
    });
    return list.filter((m) => (m.app ?? null) === (d.app ?? null));
  }

  private gapFor(d: MemoryDraft): number {
    const t = (d.fields?.event_type as string | undefined) ?? '';
    return t === 'conversation' || t === 'note' ? this.opts.chatGapMs() : this.opts.gapMs();
  }

  private compare(existing: Memory, d: MemoryDraft): 'same' | 'different' {
    if ((existing.fields.event_type as string | undefined)?.startsWith('rollup') || existing.fields.event_type === 'session') return 'different';
    const eStart = ms(existing.occurred_at) ?? ms(existing.created_at)!;
    const eEnd = ms(existing.ended_at) ?? eStart;
    const dStart = d.occurred_at ?? Date.now();
    const dEnd = d.ended_at ?? dStart;
    const gap = this.gapFor(d);
    const near = dStart <= eEnd + gap && dEnd >= eStart - gap;
    if (!near) return 'different';
    const a = normalizeText(existing.title);
    const b = normalizeText(d.title);
    if (a === b) return 'same';
    return jaccard(contentTokens(existing.title), contentTokens(d.title)) >= 0.6 ? 'same' : 'different';
  }

  private merge(existing: Memory, d: MemoryDraft) {
    const eStart = ms(existing.occurred_at) ?? ms(existing.created_at)!;
    const eEnd = ms(existing.ended_at) ?? eStart;
    const start = Math.min(eStart, d.occurred_at ?? eStart);
    const end = Math.max(eEnd, d.ended_at ?? d.occurred_at ?? eEnd);
    const have = new Set(existing.details.split('\n').map((l) => l.toLowerCase()));
    const extra = (d.details ?? '').split('\n').filter((l) => l && !have.has(l.toLowerCase()));
    let details = existing.details;
    for (const l of extra) {
      if (details.length + l.length + 1 > MAX_DETAILS) break;
      details = details ? `${details}\n${l}` : l;
    }
    if (start === eStart && end === eEnd && details === existing.details) return null;
    return {
      occurred_at: start,
      ended_at: end,
      text: episodeText(existing.title, start, end, this.opts.time),
      details,
    };
  }

  tools(ctx: SubAgentContext): LlmTool[] {
    const span = spanOf(ctx);
    const segment = ctx.analysis.batch.type === 'observations' ? ctx.analysis.batch.segment : (ctx.analysis.batch.thread?.id ?? null);
    return [
      saveTool(ctx, this.policy, {
        name: 'episodic_save',
        description: 'Record an event (what the user did, when). Continues an existing episode of the same activity instead of duplicating it.',
        schema: z.object({
          summary: z.string().min(3).max(300).describe('short past-tense line in the user\'s first person, e.g. "I edited budget.xlsx in LibreOffice Calc"'),
          details: z.string().max(MAX_DETAILS).optional(),
          event_type: z.string().min(1).max(64).optional(),
          app: z.string().max(200).nullable().optional(),
          start: IsoTimeArg.optional(),
          end: IsoTimeArg.optional(),
          sources: SourcesArg,
        }),
        toDraft: (i) => {
          const start = toMs(i.start) ?? span.start;
          const end = Math.max(start, toMs(i.end) ?? span.end);
          return {
            kind: 'episodic',
            title: i.summary,
            text: episodeText(i.summary, start, end, this.opts.time),
            details: i.details ?? '',
            fields: { event_type: i.event_type ?? 'activity', actor: 'user' },
            app: i.app ?? span.app,
            occurred_at: start,
            ended_at: end,
            segment,
          };
        },
      }),
      updateTool(ctx, 'episodic', {
        name: 'episodic_update',
        description: 'Change an existing episode (by id): widen its time range, fix its summary, add details.',
        schema: z.object({
          ...UpdateBase,
          summary: z.string().min(3).max(300).optional(),
          details: z.string().max(MAX_DETAILS).optional(),
          start: IsoTimeArg.optional(),
          end: IsoTimeArg.optional(),
        }),
        toPatch: (i, existing) => {
          const start = toMs(i.start) ?? ms(existing.occurred_at) ?? span.start;
          const end = Math.max(start, toMs(i.end) ?? ms(existing.ended_at) ?? span.end);
          const title = i.summary ?? existing.title;
          return {
            title,
            text: episodeText(title, start, end, this.opts.time),
            ...(i.details !== undefined ? { details: i.details } : {}),
            occurred_at: start,
            ended_at: end,
          };
        },
      }),
    ];
  }

  async known(ctx: SubAgentContext): Promise<Memory[]> {
    const span = spanOf(ctx);
    return this.store.memories
      .list({ kinds: ['episodic'], since: span.start - LOOKBACK, until: span.end, limit: 8 })
      .filter((m) => !m.superseded_by);
  }
}

function spanOf(ctx: SubAgentContext): { start: number; end: number; app: string | null } {
  const s = ctx.analysis.sources;
  const times = s.map((x) => x.at);
  const apps = new Set(s.map((x) => x.app).filter((x): x is string => !!x));
  return { start: Math.min(...times), end: Math.max(...times), app: apps.size === 1 ? [...apps][0]! : null };
}
