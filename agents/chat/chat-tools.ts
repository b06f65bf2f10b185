import { z } from 'zod';
import type { Memory, MemoryKind } from '../../shared/index.js';
import { defineTool, toolSpec, type LlmTool } from '../llm/index.js';
import type { EngramStore } from '../store/index.js';
import { clip, collapse, defuseDelimiters, isExperience, quoteObserved } from '../../shared/memory/index.js';
import { SEARCHED_KINDS } from './question-context.js';
import { forModel } from './prompt-builder.js';
import { estimateTokens } from './token-estimate.js';
import { entityProfile, findEntity, type EntityProfileStore } from './entity-profile.js';
import { entityToolText } from './entity-answer.js';
import { WITHHELD_STUB, type ToolFindings } from './tool-findings.js';
import { parseQuestionTime, type TimeFormatter } from '../../shared/time/index.js';

/** What the memory tools read from the store (all read-only). */
export type ChatToolStore = Pick<EngramStore, 'search'> & {
  memories: Pick<EngramStore['memories'], 'list' | 'get' | 'history' | 'provenance'>;
  observations: Pick<EngramStore['observations'], 'list'>;
  /** The entity graph: without it get_entity is not offered. */
  graph?: EntityProfileStore['graph'];
};

/** Experience memory's recommend(), as agents/experience provides it. */
export interface ActionRecommender {
  recommend(task: string): Promise<{
    action: string;
    confidence: number;
    successes: number;
    failures: number;
    experience_ids: string[];
    alternatives: { action: string; confidence: number; successes: number; failures: number }[];
    tried_failed: { action: string; successes: number; failures: number }[];
    /** False when only a page or other agents vouch for it: seen, not tried by the user. */
    tried?: boolean;
  } | null>;
}

export interface ChatToolContext {
  store: ChatToolStore;
  findings: ToolFindings;
  fmt: TimeFormatter;
  now: number;
  timeZone: string;
  recommender: ActionRecommender;
}

const KINDS = SEARCHED_KINDS as [MemoryKind, ...MemoryKind[]];
const TimePoint = z.string().trim().min(1).max(80);

const SearchArgs = z
  .object({
    query: z.string().trim().min(1).max(300).describe('What to look for: names, topics, words that would appear in the memory'),
    kinds: z.array(z.enum(KINDS)).max(5).optional().describe('Only these kinds (default: all)'),
    since: TimePoint.optional().describe('Start of the time window: ISO 8601, or words like "yesterday", "last Monday 9am"'),
    until: TimePoint.optional().describe('End of the time window, same forms as since'),
    app: z.string().trim().min(1).max(100).optional().describe('Only memories from this app, e.g. "Slack"'),
    limit: z.number().int().min(1).max(20).optional().describe('At most this many (default 8)'),
  })
  .strict();

const TimelineArgs = z
  .object({
    since: TimePoint.describe('Start of the range: ISO 8601, or words like "yesterday 14:00"'),
    until: TimePoint.optional().describe('End of the range (default: an hour after since, or now)'),
    app: z.string().trim().min(1).max(100).optional(),
    limit: z.number().int().min(1).max(40).optional().describe('At most this many screen moments (default 15)'),
  })
  .strict();

const GetMemoryArgs = z
  .object({
    n: z.number().int().min(1).max(500).optional().describe('The [n] of a memory listed in this conversation'),
    id: z.string().trim().min(3).max(64).optional().describe('A memory id, when you have one instead of a number'),
  })
  .strict()
  .refine((a) => a.n !== undefined || a.id !== undefined, { message: 'give n or id' });

const GetEntityArgs = z
  .object({
    name: z.string().trim().min(2).max(120).describe('The name of a person, project or organisation, as the user or a memory wrote it'),
    kind: z.enum(['person', 'organization', 'project']).optional().describe('Only an entity of this kind'),
  })
  .strict();

const RecommendArgs = z.object({ task: z.string().trim().min(3).max(300).describe('The task the user wants to do') }).strict();
const ListCoreArgs = z.object({}).strict();

/** A point in time from ISO 8601 or words; `edge` says which end of a phrase like "yesterday" to take. */
function timePoint(s: string, edge: 'from' | 'to', ctx: ChatToolContext): number {
  if (/^\d{4}-\d{2}-\d{2}/.test(s)) {
    const t = Date.parse(s);
    if (Number.isFinite(t)) return t;
  }
  const { range } = parseQuestionTime(s, new Date(ctx.now), ctx.timeZone);
  if (!range) throw new Error(`"${s}" is not a time I can read: use ISO 8601 or words like "yesterday 15:00"`);
  return edge === 'from' ? Math.max(0, range.from) : range.to;
}

function windowOf(args: { since?: string; until?: string }, ctx: ChatToolContext): { since?: number; until?: number } {
  const since = args.since ? timePoint(args.since, 'from', ctx) : undefined;
  const until = args.until ? timePoint(args.until, 'to', ctx) : undefined;
  if (since !== undefined && until !== undefined && until <= since) throw new Error('until must be after since');
  return { since, until };
}

const DESCRIPTIONS = {
  search_memories:
    "Search the user's memories (events, facts, how-tos, documents and links, vault) when the memories already listed do not answer the question. Returns numbered lines you can cite as [n].",
  get_timeline: "What was on the user's screen in a time range: app, window title and screen text of each captured moment, oldest first.",
  get_memory: 'One memory in full, with where it came from (screens, chats) and how it changed. Give its [n] from this conversation, or its id.',
  get_entity:
    'A person, project or organisation as Engram knows it: its facts (who and what it is tied to) and its most recent memories, numbered [n]. Use for "who is X", "what is happening with X".',
  recommend_action: "What worked before for a task, from the user's recorded experiences: the best action with its success record, alternatives, and actions that only failed.",
  list_core: 'The core memory blocks: who the user is and who you are.',
} as const;

const SCHEMAS = {
  search_memories: SearchArgs,
  get_timeline: TimelineArgs,
  get_memory: GetMemoryArgs,
  get_entity: GetEntityArgs,
  recommend_action: RecommendArgs,
  list_core: ListCoreArgs,
} as const;

/** What the tools' specs cost in every model call of a turn (names, descriptions, JSON schemas). */
export const CHAT_TOOL_SPEC_TOKENS: number = (Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[]).reduce(
  (sum, name) =>
    sum + estimateTokens(JSON.stringify(toolSpec({ name, description: DESCRIPTIONS[name], schema: SCHEMAS[name], run: () => undefined }))) + 8,
  0,
);

/** The memory tools of the chat agent. Every result is text the model reads; no secret passes. */
export function chatTools(ctx: ChatToolContext): LlmTool[] {
  const { store, findings, fmt } = ctx;

  const search = defineTool({
    name: 'search_memories',
    description: DESCRIPTIONS.search_memories,
    schema: SCHEMAS.search_memories,
    async run(args) {
      const { since, until } = windowOf(args, ctx);
      const limit = args.limit ?? 8;
      const hits = await store.search({ query: args.query, kinds: args.kinds, since, until, app: args.app, limit: limit * 2, now: ctx.now, timeZone: ctx.timeZone });
      const lines: string[] = [];
      let stubs = 0;
      for (const h of hits) {
        if ((h.memory.kind as MemoryKind) === 'core') continue;
        if (lines.length + stubs >= limit) break;
        const line = findings.lineFor(h.memory, 'search', h.score, undefined, h.passages);
        if (line.startsWith('[')) lines.push(line);
        else stubs++;
      }
      if (stubs === 1) lines.push(WITHHELD_STUB);
      else if (stubs > 1) lines.push(`(${stubs} matching high-sensitivity vault items: withheld from you; the user can reveal them locally in Engram)`);
      return lines.length ? lines.join('\n') : 'No memories matched.';
    },
  });

  const timeline = defineTool({
    name: 'get_timeline',
    description: DESCRIPTIONS.get_timeline,
    schema: SCHEMAS.get_timeline,
    run(args) {
      const since = timePoint(args.since, 'from', ctx);
      const until = args.until ? timePoint(args.until, 'to', ctx) : Math.min(ctx.now, since + 3_600_000);
      if (until <= since) throw new Error('until must be after since');
      const limit = args.limit ?? 15;
      const rows = store.observations.list({ since, until, app: args.app, order: 'oldest', limit: limit * 4 });
      if (rows.length === 0) return `Nothing was captured between ${fmt.span(since, null)} and ${fmt.span(until, null)}.`;
      // Consecutive moments of the same window say the same thing: keep the first of each run.
      const moments: typeof rows = [];
      for (const r of rows) {
        const last = moments[moments.length - 1];
        if (last && last.app === r.app && last.title === r.title && collapse(last.text).slice(0, 200) === collapse(r.text).slice(0, 200)) continue;
        moments.push(r);
        if (moments.length >= limit) break;
      }
      const apps = new Map<string, number>();
      for (const r of rows) apps.set(r.app ?? 'unknown app', (apps.get(r.app ?? 'unknown app') ?? 0) + 1);
      const lines = moments.map((r) => {
        const where = [r.app, r.title ? `"${collapse(r.title)}"` : null, r.url].filter(Boolean).join(' · ');
        return `${fmt.span(r.observed_at, null)} ${where}: ${clip(forModel(r.text), 240)}`;
      });
      const appLine = `Apps: ${[...apps].map(([a, n]) => `${a} (${n})`).join(', ')}`;
      return forModel(`${appLine}\n${lines.join('\n')}${rows.length >= limit * 4 ? '\n(more moments in this range: narrow it)' : ''}`);
    },
  });

  const getMemory = defineTool({
    name: 'get_memory',
    description: DESCRIPTIONS.get_memory,
    schema: SCHEMAS.get_memory,
    run(args) {
      const m: Memory | null = args.n !== undefined ? findings.byNumber(args.n) : store.memories.get(args.id!);
      if (!m) throw new Error(args.n !== undefined ? `no memory [${args.n}] in this conversation` : `no memory ${args.id}`);
      const line = findings.lineFor(m, 'search', null, 1500);
      if (!line.startsWith('[')) return line;
      const sources = store.memories.provenance(m.id);
      const byType = new Map<string, number>();
      for (const s of sources) byType.set(s.source_type, (byType.get(s.source_type) ?? 0) + 1);
      const history = store.memories.history(m.id).slice(0, 5);
      const out = [line];
      if (m.details.trim()) out.push(`Details: ${clip(forModel(m.details), 1200)}`);
      out.push(`Sources: ${byType.size ? [...byType].map(([t, n]) => `${n} ${t}${n === 1 ? '' : 's'}`).join(', ') : 'none recorded'}`);
      if (m.superseded_by) out.push(`Superseded by a newer memory (${m.superseded_by}).`);
      if (history.length) out.push(`History: ${history.map((h) => `v${h.version} ${fmt.span(Date.parse(h.changed_at), null)} (${collapse(h.reason)})`).join('; ')}`);
      return out.join('\n');
    },
  });

  const recommend = defineTool({
    name: 'recommend_action',
    description: DESCRIPTIONS.recommend_action,
    schema: SCHEMAS.recommend_action,
    async run(args) {
      const r = await ctx.recommender.recommend(args.task);
      if (!r) return 'No recorded experience matches that task.';
      const cites = r.experience_ids
        .slice(0, 3)
        .map((id) => store.memories.get(id))
        .filter((m): m is Memory => m !== null && isExperience(m))
        .map((m) => findings.lineFor(m))
        .filter((l) => l.startsWith('['))
        .map((l) => /^\[\d+\]/.exec(l)![0]);
      const seen = r.tried === false ? ', seen on a page or in another agent’s record, not tried by the user' : '';
      const lines = [`Best: ${forModel(r.action)} (worked ${r.successes}, failed ${r.failures}, confidence ${r.confidence.toFixed(2)}${seen}) ${cites.join('')}`.trim()];
      for (const a of r.alternatives.slice(0, 3)) lines.push(`Also: ${forModel(a.action)} (worked ${a.successes}, failed ${a.failures})`);
      for (const f of r.tried_failed.slice(0, 3)) lines.push(`Tried, failed: ${forModel(f.action)} (failed ${f.failures})`);
      return lines.join('\n');
    },
  });

  const listCore = defineTool({
    name: 'list_core',
    description: DESCRIPTIONS.list_core,
    schema: SCHEMAS.list_core,
    run() {
      const core = store.memories.list({ kinds: ['core'], order: 'oldest', limit: 12 });
      if (core.length === 0) return 'Core memory is empty.';
      return core.map((m) => `<core label="${collapse(typeof m.fields['label'] === 'string' ? m.fields['label'] : m.title)}">${clip(forModel(m.text), 1200)}</core>`).join('\n');
    },
  });

  const graph = store.graph;
  const getEntity = graph
    ? defineTool({
        name: 'get_entity',
        description: DESCRIPTIONS.get_entity,
        schema: SCHEMAS.get_entity,
        run(args) {
          const entity = findEntity({ graph, memories: store.memories }, args.name, args.kind);
          if (!entity) return `No person, project or organisation called "${clip(forModel(args.name), 80)}" is known.`;
          return entityToolText(entityProfile({ graph, memories: store.memories }, entity), (m) => findings.lineFor(m), fmt);
        },
      })
    : null;

  return ([search, timeline, getMemory, ...(getEntity ? [getEntity] : []), recommend, listCore] as LlmTool[]).map(quotedResults);
}

/**
 * A tool whose result reaches the model as the prompt's memories do: quoted, its delimiters defused,
 * so a screen's "</observed> SYSTEM: …" read back by get_timeline is still data (the system rule says so).
 */
function quotedResults(tool: LlmTool): LlmTool {
  return { ...tool, run: async (args: unknown) => quoteObserved(defuseDelimiters(String(await tool.run(args)))) };
}
