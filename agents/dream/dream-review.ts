import { z } from 'zod';
import type { Memory } from '../../shared/index.js';
import { DEFAULT_CORE_LIMIT } from '../core/index.js';
import { defineTool, runToolLoop, type LlmProvider, type LlmTool } from '../llm/index.js';
import { contentTokens, jaccard, modelView, normalizeText, truncate, type BrainStore } from '../subagent-kit/index.js';
import type { ChangeReplay } from './change-replay.js';
import type { Planned } from './consolidate-kinds.js';
import type { DreamChange } from './dream-types.js';
import { linesUnion, mergeGroup, oldestFirst, provenanceUnion } from './merge-group.js';
import { MEMORIES_ARE_DATA, quoteMemories } from './memory-quote.js';

/** Two memories of a kind are reviewed together when their words overlap this much (or their subject is one). */
export const CLUSTER_SIMILARITY = 0.4;
const MAX_CLUSTER = 8;
/** Memories per kind looked at (the newest): pairs are compared all against all. */
const MAX_REVIEWED = 1500;

export const REVIEW_PROMPT = `You are the consolidation ("dream") agent of Engram, a local-first memory assistant. The user's message
is a cluster of stored memories of one kind that look alike. Judge them as a careful archivist:
- near-duplicates about one thing: propose_merge into the best one (keep_id), optionally with a better
  title and text that keep every fact of the merged ones;
- contradictions (one value replaced another, e.g. a new manager, a moved deadline): propose_supersede,
  the newer fact wins (check the dates), the older one is kept in history, not deleted;
- stale or muddled wording: propose_rewrite with a clearer text that says the same, nothing invented;
- different things that merely look alike: no_change.
Every id you use must be one of the cluster's. Call all the tools you need in one reply.

${MEMORIES_ARE_DATA}`;

type Kind = DreamChange['kind'];

const subjectOf = (m: Memory): string => normalizeText(typeof m.fields.name === 'string' && m.fields.name ? m.fields.name.replace(/^fact:/, '') : m.title);

/**
 * Clusters of look-alike memories: word overlap (Jaccard of content words of title and text) of at
 * least CLUSTER_SIMILARITY, or the same subject (a semantic fact's key, a title), joined
 * transitively, each cluster at most MAX_CLUSTER (the most similar first).
 */
export function lookAlikeClusters(memories: Memory[], maxClusters: number): Memory[][] {
  const list = memories.filter((m) => !m.superseded_by).slice(-MAX_REVIEWED);
  const toks = list.map((m) => contentTokens(`${m.title} ${m.text}`));
  const subj = list.map(subjectOf);
  const parent = list.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      if ((subj[i] && subj[i] === subj[j]) || jaccard(toks[i]!, toks[j]!) >= CLUSTER_SIMILARITY) parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, Memory[]>();
  list.forEach((m, i) => {
    const r = find(i);
    const g = groups.get(r) ?? [];
    g.push(m);
    groups.set(r, g);
  });
  return [...groups.values()]
    .filter((g) => g.length > 1)
    .map((g) => g.slice(0, MAX_CLUSTER))
    .slice(0, maxClusters);
}

function line(m: Pick<Memory, 'id' | 'title' | 'text'>): string {
  return `[${m.id}] ${truncate(m.title, 120)}${m.text && m.text !== m.title ? ` — ${truncate(m.text.replace(/\n/g, ' / '), 300)}` : ''}`;
}

function renderCluster(kindOf: (m: Memory) => Kind, cluster: Memory[]): string {
  const rows = cluster.map((m) => ({ ...modelView(m), kind: kindOf(m), created_at: m.created_at, updated_at: m.updated_at, occurred_at: m.occurred_at }));
  const kinds = [...new Set(rows.map((r) => r.kind))];
  const head = kinds.length === 1 ? `${cluster.length} ${kinds[0]} memories that look alike` : `${cluster.length} memories of ${kinds.join(' and ')} kinds that look alike`;
  return `${head}:\n${rows.map((r) => JSON.stringify(r)).join('\n')}`;
}

export interface ReviewOptions {
  model?: string;
  maxClusters: number;
  signal?: AbortSignal;
}

/**
 * The model's review of one kind (Auto-Dream): each cluster of look-alikes is shown to the model,
 * which proposes merges, supersessions and rewrites through zod-checked tools. Proposals become
 * planned changes with a diff; nothing is written here (dream applies them, or a dry run prints).
 */
export async function reviewWithModel(store: BrainStore, llm: LlmProvider, kind: Kind, memories: Memory[], opts: ReviewOptions): Promise<{ plans: Planned[]; calls: number }> {
  return reviewClusters(store, llm, lookAlikeClusters(memories, opts.maxClusters), { kindOf: () => kind, prompt: REVIEW_PROMPT }, opts);
}

/**
 * The review of given clusters, which may mix kinds (the experience mode's episodes and facts):
 * merges and supersessions stay within one kind; a rewrite may cite other members as evidence,
 * whose sources then join the rewritten memory's (forgetting them forgets what they taught it).
 */
export async function reviewClusters(
  store: BrainStore,
  llm: LlmProvider,
  clusters: Memory[][],
  how: { kindOf: (m: Memory) => Kind; prompt: string },
  opts: ReviewOptions,
): Promise<{ plans: Planned[]; calls: number }> {
  const { kindOf } = how;
  const plans: Planned[] = [];
  let calls = 0;
  const claimed = new Set<string>();
  /** The one kind of memories merged or superseded together (`what` says which, for the refusal). */
  const oneKind = (ms: Memory[], what: 'merged' | 'superseded'): Kind => {
    const kinds = new Set(ms.map(kindOf));
    if (kinds.size > 1) throw new Error(`memories of different kinds (${[...kinds].join(', ')}) are not merged or superseded together; rewrite one citing the other as evidence`);
    const kind = kindOf(ms[0]!);
    if (kind === 'core' || kind === 'knowledge_vault') throw new Error(`${kind} memories are not ${what} by review`);
    return kind;
  };
  for (const cluster of clusters) {
    const byId = new Map(cluster.map((m) => [m.id, m]));
    const member = (id: string): Memory => {
      const m = byId.get(id);
      if (!m) throw new Error(`${id} is not in this cluster`);
      if (claimed.has(id)) throw new Error(`${id} is already part of another proposal`);
      return m;
    };
    const claim = (ids: string[]): void => {
      if (new Set(ids).size !== ids.length) throw new Error('an id is named twice');
      for (const id of ids) claimed.add(id);
    };
    const tools: LlmTool[] = [
      defineTool({
        name: 'propose_merge',
        description: 'Merge near-duplicates into keep_id; the others are superseded (kept in history). Optionally a better title/text for the kept one.',
        schema: z.object({
          keep_id: z.string().min(1).max(100),
          merge_ids: z.array(z.string().min(1).max(100)).min(1).max(MAX_CLUSTER),
          title: z.string().min(1).max(300).optional(),
          text: z.string().min(1).max(4000).optional(),
          reason: z.string().min(1).max(300),
        }),
        run: (i) => {
          const keep = member(i.keep_id);
          const others = i.merge_ids.map(member);
          const kind = oneKind([keep, ...others], 'merged');
          if (others.some((o) => o.id === keep.id)) throw new Error('keep_id is also in merge_ids');
          if (kind === 'experience' && others.some((o) => o.fields.outcome !== keep.fields.outcome)) throw new Error('experiences with different outcomes are separate evidence: not merged');
          claim([keep.id, ...others.map((o) => o.id)]);
          plans.push(mergePlan(store, kind, keep, others, i));
          return 'proposed';
        },
      }) as LlmTool,
      defineTool({
        name: 'propose_supersede',
        description: 'A newer memory contradicts older ones: the older are superseded by new_id (kept in history).',
        schema: z.object({ new_id: z.string().min(1).max(100), old_ids: z.array(z.string().min(1).max(100)).min(1).max(MAX_CLUSTER), reason: z.string().min(1).max(300) }),
        run: (i) => {
          const newer = member(i.new_id);
          const older = i.old_ids.map(member);
          const kind = oneKind([newer, ...older], 'superseded');
          if (older.some((o) => o.id === newer.id)) throw new Error('new_id is also in old_ids');
          claim([newer.id, ...older.map((o) => o.id)]);
          plans.push(supersedePlan(store, kind, newer, older, i.reason));
          return 'proposed';
        },
      }) as LlmTool,
      defineTool({
        name: 'propose_rewrite',
        description:
          'Rewrite one memory more clearly, or as newer memories of the cluster show it now stands (nothing invented); evidence_ids: the members it draws on. The old wording stays in history.',
        schema: z.object({
          id: z.string().min(1).max(100),
          title: z.string().min(1).max(300).optional(),
          text: z.string().min(1).max(5000),
          evidence_ids: z.array(z.string().min(1).max(100)).max(MAX_CLUSTER).optional(),
          reason: z.string().min(1).max(300),
        }),
        run: (i) => {
          const m = member(i.id);
          const kind = kindOf(m);
          const limit = kind === 'core' ? (typeof m.fields.limit === 'number' ? m.fields.limit : DEFAULT_CORE_LIMIT) : 5000;
          if (i.text.length > limit) throw new Error(`text is ${i.text.length} characters; the limit is ${limit}`);
          if (kind === 'knowledge_vault') throw new Error('vault entries are not rewritten by review');
          const evidence = (i.evidence_ids ?? []).map((id) => {
            const e = byId.get(id);
            if (!e || id === m.id) throw new Error(`evidence ${id} is not another memory of this cluster`);
            return e;
          });
          claim([m.id]);
          plans.push(rewritePlan(store, kind, m, i, evidence));
          return 'proposed';
        },
      }) as LlmTool,
      defineTool({ name: 'no_change', description: 'These memories are fine as they are.', schema: z.object({ reason: z.string().max(300).optional() }), run: () => 'ok' }) as LlmTool,
    ];
    const loop = await runToolLoop(
      llm,
      { purpose: 'dream', tier: 'extraction', model: opts.model, system: how.prompt, messages: [{ role: 'user', content: quoteMemories(renderCluster(kindOf, cluster)) }], maxTokens: 2048, signal: opts.signal },
      tools,
      { stopWhenToolsSucceed: true, maxInvalidRounds: 2, maxSteps: 3 },
    );
    calls += loop.responses.length;
  }
  return { plans, calls };
}

/** The review only ever sees memories (the graph's entities are merged by the rules alone). */
function reviewKind(kind: Kind): Exclude<Kind, 'entity'> {
  if (kind === 'entity') throw new Error('entities are not reviewed by the model');
  return kind;
}

/** True when a memory is still as the review saw it (apply skips a change whose inputs moved on). */
function unchanged(store: BrainStore, m: Memory): Memory | null {
  const now = store.memories.get(m.id);
  return now && !now.superseded_by && now.version === m.version ? now : null;
}

export function mergePlan(store: BrainStore, kind: Kind, keep: Memory, others: Memory[], i: { title?: string; text?: string; reason: string }): Planned {
  const reason = `dream review: ${i.reason}`;
  const title = i.title ?? keep.title;
  const text = i.text ?? keep.text;
  const replay: ChangeReplay = { op: 'review_merge', kind: reviewKind(kind), keep_id: keep.id, merge_ids: others.map((o) => o.id), title: i.title, text: i.text, reason: i.reason };
  return {
    replay,
    change: {
      action: 'merge',
      kind,
      before: [keep.id, ...others.map((o) => o.id)],
      after: keep.id,
      reason,
      source: 'model',
      diff: [...[keep, ...others].map((m) => `- ${line(m)}`), `+ ${line({ id: keep.id, title, text })}`],
      result: { title, text },
    },
    apply: () => {
      const k = unchanged(store, keep);
      const os = others.map((o) => unchanged(store, o));
      if (!k || os.some((o) => !o)) return null;
      const all = [k, ...(os as Memory[])].sort(oldestFirst);
      mergeGroup(store, k, os as Memory[], { title, text, details: linesUnion(all.map((m) => m.details), 8000) }, reason);
      return k.id;
    },
  };
}

export function supersedePlan(store: BrainStore, kind: Kind, newer: Memory, older: Memory[], why: string): Planned {
  const reason = `dream review: ${why}`;
  return {
    replay: { op: 'review_supersede', kind: reviewKind(kind), new_id: newer.id, old_ids: older.map((o) => o.id), reason: why },
    change: {
      action: 'supersede',
      kind,
      before: older.map((o) => o.id),
      after: newer.id,
      reason,
      source: 'model',
      diff: [...older.map((m) => `- ${line(m)}`), `  ${line(newer)}  (stays: the newer fact)`],
      result: { title: newer.title, text: newer.text },
    },
    apply: () => {
      if (!unchanged(store, newer) || older.some((o) => !unchanged(store, o))) return null;
      store.transaction(() => {
        for (const o of older) store.memories.update(o.id, { superseded_by: newer.id }, `${reason} (superseded by ${newer.id})`);
      });
      return newer.id;
    },
  };
}

export function rewritePlan(store: BrainStore, kind: Kind, m: Memory, i: { title?: string; text: string; reason: string }, evidence: Memory[] = []): Planned {
  const reason = `dream review: ${i.reason}${evidence.length ? ` (from ${evidence.map((e) => e.id).join(', ')})` : ''}`;
  const title = i.title ?? m.title;
  return {
    replay: { op: 'review_rewrite', kind: reviewKind(kind), id: m.id, title: i.title, text: i.text, evidence_ids: evidence.map((e) => e.id), reason: i.reason },
    change: { action: 'rewrite', kind, before: [m.id], after: m.id, reason, source: 'model', diff: [`- ${line(m)}`, `+ ${line({ id: m.id, title, text: i.text })}`], result: { title, text: i.text } },
    apply: () => {
      if (!unchanged(store, m) || evidence.some((e) => !store.memories.get(e.id))) return null;
      const have = new Set(store.memories.provenance(m.id).map((p) => `${p.source_type}:${p.source_id}`));
      const addProvenance = provenanceUnion(store, evidence.map((e) => e.id), have);
      store.memories.update(m.id, { title, text: i.text, ...(addProvenance.length ? { addProvenance } : {}) }, reason);
      return m.id;
    },
  };
}
