import { z } from 'zod';
import type { Memory } from '../../shared/index.js';
import { defineTool, runToolLoop, type LlmProvider, type LlmTool } from '../llm/index.js';
import { contentTokens, jaccard, truncate, type BrainStore } from '../subagent-kit/index.js';
import type { Planned } from './consolidate-kinds.js';
import { CLUSTER_SIMILARITY } from './dream-review.js';
import { mergeGroup, oldestFirst, provenanceUnion } from './merge-group.js';
import { MEMORIES_ARE_DATA, quoteMemories } from './memory-quote.js';

/** Experiences shown beside one reflection: the ones it was made from that still stand, then newer look-alikes. */
const MAX_EVIDENCE = 30;

export const REFLECTION_REVIEW_PROMPT = `You are the consolidation ("dream") agent of Engram, a local-first memory assistant. The user's
message is one REFLECTION (what worked and what failed for a family of tasks, written from the
experiences then recorded) and the EXPERIENCES behind it: those it was made from, and any recorded
since (marked "newer"). Judge whether the reflection still tells the truth:
- newer experiences change the lesson (an action that worked now fails, a new action works, a
  failure was fixed): propose_reflection_update with the lesson restated from ALL the evidence, citing
  the experiences that changed it (evidence_ids); say what worked and what failed, with counts, and
  invent nothing;
- another reflection shown is about the same family of tasks: propose_reflection_merge into the
  one to keep (optionally with a text that keeps the lessons of both);
- it still holds: no_change.
Every id you use must be one shown. Call all the tools you need in one reply.

${MEMORIES_ARE_DATA}`;

const isReflection = (m: Memory): boolean => m.kind === 'procedural' && m.fields.entry_type === 'reflection';
const taskOf = (m: Memory): string => (typeof m.fields.task === 'string' && m.fields.task ? m.fields.task : m.title);
const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function line(m: Pick<Memory, 'id' | 'title' | 'text'>): string {
  return `[${m.id}] ${truncate(m.title, 120)} — ${truncate(m.text.replace(/\n/g, ' / '), 400)}`;
}

interface Shown {
  reflection: Memory;
  evidence: Array<{ memory: Memory; newer: boolean }>;
  siblings: Memory[];
}

/**
 * What one reflection is reviewed against. Reviewed only when there is something to judge: an
 * experience with a look-alike task recorded after it, one it was made from that changed since, or
 * another reflection on a look-alike family. A reflection with nothing new costs no call.
 */
export function reflectionsToReview(reflections: Memory[], experiences: Memory[], maxReviews: number): Shown[] {
  const current = reflections.filter((r) => isReflection(r) && !r.superseded_by).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const exps = experiences.filter((e) => !e.superseded_by);
  const tokens = new Map<string, string[]>();
  const tok = (m: Memory): string[] => {
    let t = tokens.get(m.id);
    if (!t) tokens.set(m.id, (t = contentTokens(taskOf(m))));
    return t;
  };
  const out: Shown[] = [];
  const taken = new Set<string>();
  for (const r of current) {
    if (out.length >= maxReviews) break;
    if (taken.has(r.id)) continue;
    const basedOn = new Set(listOf(r.fields.based_on));
    // Since it was written or last reviewed into a new lesson.
    const written = r.updated_at;
    const made = exps.filter((e) => basedOn.has(e.id));
    const changed = made.filter((e) => e.updated_at > written);
    const newer = exps.filter((e) => !basedOn.has(e.id) && e.created_at > written && jaccard(tok(e), tok(r)) >= CLUSTER_SIMILARITY);
    const siblings = current.filter((o) => o.id !== r.id && !taken.has(o.id) && jaccard(tok(o), tok(r)) >= CLUSTER_SIMILARITY);
    if (!newer.length && !changed.length && !siblings.length) continue;
    taken.add(r.id);
    for (const s of siblings) taken.add(s.id);
    const evidence = [...newer.map((memory) => ({ memory, newer: true })), ...made.map((memory) => ({ memory, newer: false }))].slice(0, MAX_EVIDENCE);
    out.push({ reflection: r, evidence, siblings });
  }
  return out;
}

function render(s: Shown): string {
  const view = (m: Memory) => ({ id: m.id, task: taskOf(m), text: m.text, worked: listOf(m.fields.worked), failed: listOf(m.fields.failed), written_at: m.created_at });
  const exp = ({ memory: e, newer }: Shown['evidence'][number]) => ({
    id: e.id,
    task: e.fields.task,
    action: e.fields.action,
    outcome: e.fields.outcome,
    ...(typeof e.fields.reason === 'string' ? { reason: truncate(e.fields.reason, 300) } : {}),
    at: e.occurred_at ?? e.created_at,
    ...(newer ? { newer: true } : {}),
  });
  return [
    `REFLECTION ${JSON.stringify(view(s.reflection))}`,
    `EXPERIENCES (${s.evidence.length}):`,
    ...s.evidence.map((e) => JSON.stringify(exp(e))),
    ...(s.siblings.length ? ['OTHER REFLECTIONS on look-alike tasks:', ...s.siblings.map((m) => JSON.stringify(view(m)))] : []),
  ].join('\n');
}

/** True when a memory is still as the review saw it (apply skips a change whose inputs moved on). */
function unchanged(store: BrainStore, m: Memory): Memory | null {
  const now = store.memories.get(m.id);
  return now && !now.superseded_by && now.version === m.version ? now : null;
}

/**
 * The model's review of experience reflections (Mimir's reflect, judged by MIRIX's Auto-Dream): each
 * reflection with something new to judge is shown with its evidence; the model restates a lesson the
 * newer experiences changed (citing them: their sources join the reflection's) or merges two
 * reflections on one family of tasks. Proposals are planned changes with a diff; dream applies them.
 */
export async function reviewReflections(
  store: BrainStore,
  llm: LlmProvider,
  reflections: Memory[],
  experiences: Memory[],
  opts: { model?: string; maxReviews: number; signal?: AbortSignal },
): Promise<{ plans: Planned[]; calls: number }> {
  const plans: Planned[] = [];
  let calls = 0;
  const claimed = new Set<string>();
  for (const shown of reflectionsToReview(reflections, experiences, opts.maxReviews)) {
    const reflectionsShown = new Map([shown.reflection, ...shown.siblings].map((m) => [m.id, m]));
    const evidenceShown = new Map(shown.evidence.map((e) => [e.memory.id, e.memory]));
    const reflection = (id: string): Memory => {
      const m = reflectionsShown.get(id);
      if (!m) throw new Error(`${id} is not one of the reflections shown`);
      if (claimed.has(id)) throw new Error(`${id} is already part of another proposal`);
      return m;
    };
    const tools: LlmTool[] = [
      defineTool({
        name: 'propose_reflection_update',
        description: 'Restate the lesson of a reflection from all the evidence, citing the experiences that changed it.',
        schema: z.object({
          id: z.string().min(1).max(100),
          text: z.string().min(10).max(4000),
          evidence_ids: z.array(z.string().min(1).max(100)).min(1).max(MAX_EVIDENCE),
          reason: z.string().min(1).max(300),
        }),
        run: (i) => {
          const r = reflection(i.id);
          const cited = [...new Set(i.evidence_ids)].map((id) => {
            const e = evidenceShown.get(id);
            if (!e) throw new Error(`${id} is not one of the experiences shown`);
            return e;
          });
          claimed.add(r.id);
          plans.push(reflectionUpdatePlan(store, r, i.text, cited, i.reason));
          return 'proposed';
        },
      }) as LlmTool,
      defineTool({
        name: 'propose_reflection_merge',
        description: 'Two or more reflections are about one family of tasks: merge into keep_id (the others are superseded, kept in history).',
        schema: z.object({
          keep_id: z.string().min(1).max(100),
          merge_ids: z.array(z.string().min(1).max(100)).min(1).max(8),
          text: z.string().min(10).max(4000).optional(),
          reason: z.string().min(1).max(300),
        }),
        run: (i) => {
          const keep = reflection(i.keep_id);
          const others = i.merge_ids.map(reflection);
          if (others.some((o) => o.id === keep.id)) throw new Error('keep_id is also in merge_ids');
          if (new Set(i.merge_ids).size !== i.merge_ids.length) throw new Error('an id is named twice');
          for (const m of [keep, ...others]) claimed.add(m.id);
          plans.push(reflectionMergePlan(store, keep, others, i.text ?? keep.text, i.reason));
          return 'proposed';
        },
      }) as LlmTool,
      defineTool({ name: 'no_change', description: 'The reflection still holds.', schema: z.object({ reason: z.string().max(300).optional() }), run: () => 'ok' }) as LlmTool,
    ];
    const loop = await runToolLoop(
      llm,
      { purpose: 'dream', tier: 'extraction', model: opts.model, system: REFLECTION_REVIEW_PROMPT, messages: [{ role: 'user', content: quoteMemories(render(shown)) }], maxTokens: 2048, signal: opts.signal },
      tools,
      { stopWhenToolsSucceed: true, maxInvalidRounds: 2, maxSteps: 3 },
    );
    calls += loop.responses.length;
  }
  return { plans, calls };
}

export function reflectionUpdatePlan(store: BrainStore, r: Memory, text: string, cited: Memory[], why: string): Planned {
  const reason = `dream review: ${why}`;
  return {
    replay: { op: 'reflection_update', id: r.id, text, cited_ids: cited.map((e) => e.id), reason: why },
    // result: the window's dry run shows the restated lesson as what stands afterwards.
    change: { action: 'rewrite', kind: 'experience', before: [r.id], after: r.id, reason, source: 'model', diff: [`- ${line(r)}`, `+ ${line({ id: r.id, title: r.title, text })}`], result: { title: r.title, text } },
    apply: () => {
      if (!unchanged(store, r)) return null;
      const basedOn = [...new Set([...listOf(r.fields.based_on), ...cited.map((e) => e.id)])].slice(0, 1000);
      const have = new Set(store.memories.provenance(r.id).map((p) => `${p.source_type}:${p.source_id}`));
      const addProvenance = provenanceUnion(store, cited.map((e) => e.id), have);
      store.memories.update(r.id, { text, fields: { ...r.fields, based_on: basedOn }, addProvenance }, reason);
      return r.id;
    },
  };
}

export function reflectionMergePlan(store: BrainStore, keep: Memory, others: Memory[], text: string, why: string): Planned {
  const reason = `dream review: ${why}`;
  return {
    replay: { op: 'reflection_merge', keep_id: keep.id, merge_ids: others.map((o) => o.id), text, reason: why },
    change: {
      action: 'merge',
      kind: 'experience',
      before: [keep.id, ...others.map((o) => o.id)],
      after: keep.id,
      reason,
      source: 'model',
      diff: [...[keep, ...others].map((m) => `- ${line(m)}`), `+ ${line({ id: keep.id, title: keep.title, text })}`],
      result: { title: keep.title, text },
    },
    apply: () => {
      const k = unchanged(store, keep);
      const os = others.map((o) => unchanged(store, o));
      if (!k || os.some((o) => !o)) return null;
      const all = [k, ...(os as Memory[])].sort(oldestFirst);
      const basedOn = [...new Set(all.flatMap((m) => listOf(m.fields.based_on)))].slice(0, 1000);
      mergeGroup(store, k, os as Memory[], { title: k.title, text, fields: { ...k.fields, based_on: basedOn } }, reason);
      return k.id;
    },
  };
}
