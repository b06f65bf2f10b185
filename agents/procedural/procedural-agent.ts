import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ExperienceOutcomeSchema, type Memory } from '../../shared/index.js';
import type { LlmTool } from '../llm/index.js';
import type { MemoryPatch } from '../store/index.js';
import { screenFixes, screenWorkflows } from './screen-commands.js';
import { distillToolCalls, experienceRow, hasToolCalls, type DistillMessage } from '../experience/index.js';
import {
  SourcesArg,
  knownByWords,
  UpdateBase,
  contentTokens,
  jaccard,
  normalizeText,
  saveTool,
  truncate,
  updateTool,
  type BatchAnalysis,
  type BrainStore,
  type KindPolicy,
  type MemoryDraft,
  type SubAgent,
  type SubAgentContext,
} from '../subagent-kit/index.js';
import { findStepLists } from './step-lists.js';
import { statedExperiences } from './stated-experiences.js';

export const PROCEDURAL_PROMPT = `## procedural — how to do things, and what worked
Step-by-step guides and workflows the user followed or was shown (procedural_save: a title like
"How to deploy the app" and the steps in order; the same title updates the existing guide). For
attempts at a task — especially tool calls and their results — record experiences
(experience_record: task, action, outcome success|failure|partial, and the error or the fix as
reason): the error, the retry, and the fix that worked are each worth keeping.`;

function isExperience(m: { fields?: Record<string, unknown> }): boolean {
  return m.fields?.entry_type === 'experience';
}

function stepsOf(m: { fields?: Record<string, unknown> }): string[] {
  const s = m.fields?.steps;
  return Array.isArray(s) ? s.filter((x): x is string => typeof x === 'string') : [];
}

export function guideText(title: string, steps: string[]): string {
  return truncate(`${title}: ${steps.join(' → ')}`, 2000);
}

export function numbered(steps: string[]): string {
  return steps.map((s, i) => `${i + 1}. ${s}`).join('\n');
}

export class ProceduralAgent implements SubAgent {
  readonly kind = 'procedural' as const;
  readonly prompt = PROCEDURAL_PROMPT;
  readonly policy: KindPolicy = {
    kind: 'procedural',
    lookupText: (d) => (isExperience(d) ? `${String(d.fields?.task ?? '')} ${String(d.fields?.action ?? '')}` : `${d.title} ${stepsOf(d).join(' ')}`),
    compare: (existing, d) => {
      if (isExperience(existing) !== isExperience(d)) return 'different';
      if (isExperience(d)) {
        // Experiences are evidence: only the very same record (same conversation) is a duplicate.
        const f = existing.fields;
        const g = d.fields ?? {};
        return f.task === g.task && f.action === g.action && f.outcome === g.outcome && f.context === g.context && !!g.context ? 'same' : 'different';
      }
      if (normalizeText(existing.title) === normalizeText(d.title)) return 'same';
      return jaccard(contentTokens(stepsOf(existing).join(' ')), contentTokens(stepsOf(d).join(' '))) >= 0.8 ? 'same' : 'different';
    },
    merge: (existing, d): MemoryPatch | null => {
      if (isExperience(d)) return null;
      const next = stepsOf(d);
      const cur = stepsOf(existing);
      if (!next.length || (next.length === cur.length && next.every((s, i) => s === cur[i]))) return null;
      // The newer list of steps wins; the old one stays in history.
      return { fields: { steps: next }, text: guideText(existing.title, next), details: numbered(next) };
    },
  };

  constructor(private readonly store: BrainStore) {}

  detect(a: BatchAnalysis): boolean {
    return (
      findStepLists(a).length > 0 ||
      statedExperiences(a).length > 0 ||
      (a.isChat && hasToolCalls(this.distillInput(a))) ||
      screenFixes(a).length > 0 ||
      screenWorkflows(a).length > 0
    );
  }

  private distillInput(a: BatchAnalysis): DistillMessage[] {
    return a.sources.map((s) => ({ id: s.provenance.source_id, role: s.role as DistillMessage['role'], text: s.text, raw: s.raw, at: s.at }));
  }

  extract(ctx: SubAgentContext): MemoryDraft[] {
    const a = ctx.analysis;
    const segment = a.segment;
    const drafts: MemoryDraft[] = [];
    for (const l of findStepLists(a)) {
      const steps = l.steps.map((t) => a.scrub(t));
      drafts.push({
        kind: 'procedural',
        title: l.title,
        text: guideText(l.title, steps),
        details: numbered(steps),
        fields: { entry_type: 'guide', steps },
        app: a.sources[l.sources[0]!]?.app ?? null,
        occurred_at: l.at,
        segment,
        provenance: a.provenanceOf(l.sources),
      });
    }
    // A terminal seen on screen: commands that ended in success, and an error followed by its fix.
    for (const w of screenWorkflows(a)) {
      const steps = w.steps.map((t) => a.scrub(t));
      const title = truncate(a.scrub(w.title), 200);
      drafts.push({
        kind: 'procedural',
        title,
        text: guideText(title, steps),
        details: numbered(steps),
        fields: { entry_type: 'workflow', steps },
        app: a.sources[w.source]?.app ?? null,
        occurred_at: w.at,
        segment,
        provenance: a.provenanceOf([w.source]),
      });
    }
    for (const f of screenFixes(a)) {
      const row = experienceRow({
        task: a.scrub(`fix "${f.error}" (from ${f.failed})`),
        action: a.scrub(f.fix.join(' && ')),
        outcome: 'success',
        reason: a.scrub(`${f.failed} failed with: ${f.error}; after ${f.fix.join(', then ')} it worked`),
        context: 'seen in a terminal on screen',
      });
      drafts.push({ kind: 'procedural', ...row, occurred_at: f.at, segment, provenance: a.provenanceOf([f.source]) });
    }
    // What the user says they tried, and how it went ("I fixed X by Y", "Y didn't help").
    for (const e of statedExperiences(a)) {
      const row = experienceRow({ task: e.task, action: e.action, outcome: e.outcome, reason: e.reason, context: e.context });
      drafts.push({ kind: 'procedural', ...row, occurred_at: e.at, segment, provenance: a.provenanceOf(e.sources) });
    }
    if (a.isChat) {
      const byId = new Map(a.sources.map((s) => [s.provenance.source_id, s.index]));
      const fallback = a.batch.type === 'messages' ? (a.batch.thread?.title ?? 'conversation') : 'conversation';
      const { experiences, workflows } = distillToolCalls(this.distillInput(a), fallback);
      for (const w of workflows) {
        const title = truncate(`Workflow: ${a.scrub(w.task)}`, 200);
        const steps = w.steps.map((t) => a.scrub(t));
        drafts.push({
          kind: 'procedural',
          title,
          text: guideText(title, steps),
          details: numbered(steps),
          fields: { entry_type: 'workflow', steps },
          occurred_at: w.at,
          segment,
          provenance: a.provenanceOf(w.messageIds.map((id) => byId.get(id)!).filter((i) => i !== undefined)),
        });
      }
      for (const e of experiences) {
        const row = experienceRow({ task: a.scrub(e.task), action: a.scrub(e.action), outcome: e.outcome, reason: e.reason && a.scrub(e.reason), context: e.context });
        drafts.push({
          kind: 'procedural',
          ...row,
          occurred_at: e.at,
          segment,
          provenance: a.provenanceOf(e.messageIds.map((id) => byId.get(id)!).filter((i) => i !== undefined)),
        });
      }
    }
    return drafts;
  }

  tools(ctx: SubAgentContext): LlmTool[] {
    const at = Math.min(...ctx.analysis.sources.map((s) => s.at));
    // Experiences are evidence, so each counts; only the same batch read twice is a duplicate.
    const ref = createHash('sha256')
      .update(ctx.analysis.sources.map((s) => `${s.role}\u0000${s.text}`).join('\u0001'))
      .digest('hex')
      .slice(0, 12);
    // What a page, a recording or an imported chat says worked is someone else's claim, not the
    // user's own attempt: it counts as outside evidence (capped, never above the user's own record).
    const seenBy = seenFrom(ctx.analysis);
    return [
      saveTool(ctx, this.policy, {
        name: 'procedural_save',
        description: 'Remember how to do something: a titled list of steps. The same title updates the existing guide (newer steps win).',
        schema: z.object({
          title: z.string().min(3).max(200).describe('e.g. "How to deploy the app"'),
          steps: z.array(z.string().min(1).max(2000)).min(1).max(200),
          entry_type: z.enum(['workflow', 'guide']).optional(),
          sources: SourcesArg,
        }),
        toDraft: (i) => ({
          kind: 'procedural',
          title: i.title,
          text: guideText(i.title, i.steps),
          details: numbered(i.steps),
          fields: { entry_type: i.entry_type ?? 'guide', steps: i.steps },
          occurred_at: at,
        }),
      }),
      updateTool(ctx, 'procedural', {
        name: 'procedural_update',
        description: 'Change an existing guide or workflow by id (steps, title).',
        schema: z.object({ ...UpdateBase, title: z.string().min(3).max(200).optional(), steps: z.array(z.string().min(1).max(2000)).min(1).max(200).optional() }),
        toPatch: (i, existing) => {
          const title = i.title ?? existing.title;
          const steps = i.steps ?? stepsOf(existing);
          return { title, text: guideText(title, steps), details: numbered(steps), fields: { steps } };
        },
      }),
      saveTool(ctx, this.policy, {
        name: 'experience_record',
        description: 'Record an attempt at a task: the action taken and its outcome. Failures are worth recording too, with the error as reason.',
        schema: z.object({
          task: z.string().min(3).max(2000),
          action: z.string().min(1).max(2000),
          outcome: ExperienceOutcomeSchema,
          reason: z.string().max(4000).optional().describe('the error, or what made it work'),
          score: z.number().min(0).max(1).optional(),
          sources: SourcesArg,
        }),
        toDraft: (i) => ({ kind: 'procedural', ...experienceRow({ ...i, context: `recorded by the model from a batch (ref ${ref})`, ...(seenBy ? { recorded_by: seenBy } : {}) }), occurred_at: at }),
      }),
    ];
  }

  known(_ctx: SubAgentContext, query: string): Promise<Memory[]> {
    return knownByWords(this.store, 'procedural', query, 6);
  }
}

/**
 * Who an experience the model reads out of a batch is the claim of: null for the user's own words to
 * Engram; `seen:screen`, `seen:audio` or `seen:import` for what others wrote or said (issue 28).
 */
export function seenFrom(a: BatchAnalysis): string | null {
  if (a.userVoice) return null;
  if (a.batch.type === 'messages') return 'seen:import';
  return a.sources.every((s) => s.role === 'audio') ? 'seen:audio' : 'seen:screen';
}
