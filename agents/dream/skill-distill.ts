import { z } from 'zod';
import type { Memory } from '../../shared/index.js';
import { defineTool, runToolLoop, type LlmProvider, type LlmTool } from '../llm/index.js';
import { guideText, numbered } from '../procedural/index.js';
import { modelView, normalizeText, truncate, type BrainStore } from '../subagent-kit/index.js';
import type { Planned } from './consolidate-kinds.js';
import { provenanceUnion } from './merge-group.js';
import { MEMORIES_ARE_DATA, quoteMemories } from './memory-quote.js';

export const DISTILL_PROMPT = `You are the consolidation ("dream") agent of Engram, a local-first memory assistant. The user's message
holds the episodes and experiences of the user's last sessions. Distil the reusable skills they show:
a workflow the user repeated, or the fix that finally worked, as a short titled list of steps anyone
could follow next time. Call propose_skill once per skill, citing at least two of the shown memory ids
as evidence; existing procedures are listed so you improve one (same title) rather than duplicate it.
Only what the sessions show; never invent commands. If nothing is reusable, call no_skill.

${MEMORIES_ARE_DATA}`;

const timeOf = (m: Memory): number => Date.parse(m.occurred_at ?? m.created_at);

/**
 * The last N sessions: capture segments and conversations, by the episodes that carry them
 * (newest first), each with its episodes; and the experiences recorded in their time span.
 */
export function lastSessions(store: BrainStore, n: number): { sessions: Array<{ segment: string; episodes: Memory[] }>; experiences: Memory[] } {
  const episodes = store.memories
    .list({ kinds: ['episodic'], limit: 5000 })
    .filter((m) => m.segment && !m.superseded_by && !String(m.fields.event_type ?? '').startsWith('rollup'));
  const bySegment = new Map<string, Memory[]>();
  for (const m of episodes) {
    const list = bySegment.get(m.segment!) ?? [];
    list.push(m);
    bySegment.set(m.segment!, list);
  }
  const sessions = [...bySegment]
    .map(([segment, list]) => ({ segment, episodes: list.sort((a, b) => timeOf(a) - timeOf(b)).slice(-30) }))
    .sort((a, b) => timeOf(b.episodes[b.episodes.length - 1]!) - timeOf(a.episodes[a.episodes.length - 1]!))
    .slice(0, n);
  if (!sessions.length) return { sessions, experiences: [] };
  const from = Math.min(...sessions.map((s) => timeOf(s.episodes[0]!)));
  const experiences = store.memories
    .list({ kinds: ['procedural'], experiences: true, since: from, limit: 200 })
    .filter((m) => !m.superseded_by);
  return { sessions, experiences };
}

/**
 * Procedural skill distillation (MIRIX): one model call over the last N sessions proposes workflows
 * with their steps and evidence; each becomes a planned insert (or an update of the procedure with
 * the same title), citing the sources of the memories it was distilled from.
 */
export async function distillSkills(store: BrainStore, llm: LlmProvider, n: number, opts: { model?: string; signal?: AbortSignal }): Promise<{ plans: Planned[]; calls: number; examined: number }> {
  const { sessions, experiences } = lastSessions(store, n);
  const shown = new Map<string, Memory>();
  for (const s of sessions) for (const m of s.episodes) shown.set(m.id, m);
  for (const m of experiences) shown.set(m.id, m);
  if (shown.size < 2) return { plans: [], calls: 0, examined: shown.size };
  const procedures = store.memories.list({ kinds: ['procedural'], experiences: false, limit: 200 }).filter((m) => !m.superseded_by);
  const byTitle = new Map(procedures.map((m) => [normalizeText(m.title), m]));
  const plans: Planned[] = [];
  const titles = new Set<string>();
  const tools: LlmTool[] = [
    defineTool({
      name: 'propose_skill',
      description: 'A reusable workflow distilled from the sessions: title, steps, and the ids of the memories it comes from.',
      schema: z.object({
        title: z.string().min(3).max(200),
        description: z.string().max(1000).optional(),
        steps: z.array(z.string().min(2).max(500)).min(2).max(30),
        evidence_ids: z.array(z.string().min(1).max(100)).min(2).max(50),
        reason: z.string().min(1).max(300),
      }),
      run: (i) => {
        for (const id of i.evidence_ids) if (!shown.has(id)) throw new Error(`${id} is not one of the shown memories`);
        if (titles.has(normalizeText(i.title))) throw new Error(`"${i.title}" was already proposed`);
        titles.add(normalizeText(i.title));
        plans.push(skillPlan(store, i, byTitle.get(normalizeText(i.title)) ?? null));
        return 'proposed';
      },
    }) as LlmTool,
    defineTool({ name: 'no_skill', description: 'Nothing reusable in these sessions.', schema: z.object({ reason: z.string().max(300).optional() }), run: () => 'ok' }) as LlmTool,
  ];
  const text = [
    ...sessions.map((s, k) => `Session ${k + 1} (${s.segment}):\n${s.episodes.map((m) => JSON.stringify(modelView(m))).join('\n')}`),
    experiences.length ? `Experiences (task → action → outcome):\n${experiences.map((m) => JSON.stringify({ id: m.id, task: m.fields.task, action: m.fields.action, outcome: m.fields.outcome, reason: truncate(String(m.fields.reason ?? ''), 200) })).join('\n')}` : '',
    procedures.length ? `Existing procedures:\n${procedures.slice(0, 40).map((m) => `- ${m.title}`).join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const loop = await runToolLoop(
    llm,
    { purpose: 'dream', tier: 'extraction', model: opts.model, system: DISTILL_PROMPT, messages: [{ role: 'user', content: quoteMemories(text) }], maxTokens: 3000, signal: opts.signal },
    tools,
    { stopWhenToolsSucceed: true, maxInvalidRounds: 2, maxSteps: 3 },
  );
  return { plans, calls: loop.responses.length, examined: shown.size };
}

/**
 * The planned insert (or update of the procedure with the same title) of one distilled skill; built
 * again from its replay after a restart, with no model call.
 */
export function skillPlan(store: BrainStore, i: { title: string; description?: string; steps: string[]; evidence_ids: string[]; reason: string }, existing: Memory | null): Planned {
  const reason = `skill distilled from the last sessions: ${i.reason}`;
  const text = guideText(i.title, i.steps);
  const diff = [...(existing ? [`- [${existing.id}] ${existing.title} — ${truncate(existing.text.replace(/\n/g, ' / '), 300)}`] : []), `+ ${i.title}`, ...i.steps.map((s, k) => `+   ${k + 1}. ${s}`)];
  return {
    change: {
      action: 'distill',
      kind: 'procedural',
      before: i.evidence_ids,
      after: existing?.id ?? null,
      reason: `skill "${i.title}": ${i.reason}`,
      source: 'model',
      diff,
      // What a dry run shows as standing afterwards: the steps, not the procedure as it was.
      result: existing ? { title: existing.title, text } : { title: i.title, text: i.description ? `${text}\n${i.description}` : text },
    },
    // The skill as data, so a dry run kept across a restart applies it as shown.
    replay: { op: 'skill_distill', title: i.title, ...(i.description !== undefined ? { description: i.description } : {}), steps: i.steps, evidence_ids: i.evidence_ids, existing_id: existing?.id ?? null, reason: i.reason },
    apply: () => {
      const provenance = provenanceUnion(store, i.evidence_ids);
      if (existing) {
        const now = store.memories.get(existing.id);
        if (!now || now.superseded_by) return null;
        store.memories.update(existing.id, { text, details: numbered(i.steps), fields: { steps: i.steps }, addProvenance: provenance }, reason);
        return existing.id;
      }
      return store.memories.insert({
        kind: 'procedural',
        title: i.title,
        text: i.description ? `${text}\n${i.description}` : text,
        details: numbered(i.steps),
        fields: { entry_type: 'workflow', steps: i.steps },
        provenance,
      }).id;
    },
  };
}
