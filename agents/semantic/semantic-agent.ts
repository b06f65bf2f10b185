import { z } from 'zod';
import type { Memory } from '../../shared/index.js';
import type { LlmTool } from '../llm/index.js';
import type { MemoryPatch } from '../store/index.js';
import {
  SourcesArg,
  knownByWords,
  UpdateBase,
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
import type { TimeFormatter } from '../../shared/time/index.js';
import { findEntities, recurs, type FoundEntity } from './entity-finder.js';
import { screenFacts } from './screen-facts.js';
import { saidNextTo } from './person-facts.js';
import { statedFacts } from './fact-patterns.js';

export const SEMANTIC_PROMPT = `## semantic — facts and concepts, not tied to a moment
People, organisations, projects and what is true about them: "Ana Lima is the user's manager",
"Acme is a logistics company". One profile per entity (semantic_save with the entity's name merges
into it). For a fact that can have only one value at a time (someone's employer, the user's manager,
a deadline) give a key such as "user's manager" or "ana lima|employer": a new value with the same key
supersedes the old one, which stays in history. Facts about the user themselves go to core.`;

const MAX_DETAILS = 2000;
const FACT = 'fact:';
const DERIVED = /^.+ — (person|organization|project|entity)\.$/;

function nameOf(m: { title: string; fields?: Record<string, unknown> }): string {
  const n = m.fields?.name;
  return typeof n === 'string' && n ? n : m.title;
}

function appendLines(existing: string, lines: string[], max: number): string {
  const have = new Set(existing.split('\n').map((l) => l.toLowerCase()));
  const all = existing ? existing.split('\n') : [];
  for (const l of lines) if (l && !have.has(l.toLowerCase())) all.push(l);
  // Keep the newest lines when over the limit.
  while (all.join('\n').length > max && all.length > 1) all.shift();
  return all.join('\n');
}

function unionSources(a: unknown, b: unknown): string {
  const parts = new Set<string>();
  for (const s of [a, b]) if (typeof s === 'string') for (const p of s.split(/,\s*/)) if (p) parts.add(p);
  return [...parts].join(', ').slice(0, 256);
}

/** Two profiles of one entity ("Ana Lima (person): A; B"): what both said, newest last, within the limit. */
function mergedProfile(existing: string, next: string): string | null {
  const PROFILE = /^(.{1,200}? \((?:person|organization|project)\)): (.*)$/s;
  const e = PROFILE.exec(existing);
  const n = PROFILE.exec(next);
  if (!e || !n) return null;
  const said = [...new Set([...e[2]!.split('; '), ...n[2]!.split('; ')])];
  while (said.length > 1 && `${n[1]}: ${said.join('; ')}`.length > 600) said.shift();
  return `${n[1]}: ${said.join('; ')}`;
}

export class SemanticAgent implements SubAgent {
  readonly kind = 'semantic' as const;
  readonly prompt = SEMANTIC_PROMPT;
  readonly policy: KindPolicy = {
    kind: 'semantic',
    lookupText: (d) => {
      const n = nameOf(d);
      return n.startsWith(FACT) ? `${n.slice(FACT.length).replace(/[|']/g, ' ')} ${d.title}` : n;
    },
    compare: (existing, d) => {
      const en = normalizeText(nameOf(existing));
      const dn = normalizeText(nameOf(d));
      const eFact = nameOf(existing).startsWith(FACT);
      const dFact = nameOf(d).startsWith(FACT);
      if (eFact !== dFact) return 'different';
      if (dFact) {
        if (en !== dn) return 'different';
        return normalizeText(existing.text) === normalizeText(d.text) ? 'same' : 'conflict';
      }
      if (en === dn) return 'same';
      // "Ana" and "Ana Lima" are the same person when one is the other's first name.
      const [short, long] = en.length < dn.length ? [en, dn] : [dn, en];
      return !short.includes(' ') && long.startsWith(`${short} `) ? 'same' : 'different';
    },
    merge: (existing, d) => this.merge(existing, d),
  };

  constructor(
    private readonly store: BrainStore,
    private readonly time: TimeFormatter,
  ) {}

  detect(a: BatchAnalysis): boolean {
    if (a.isChat) return a.userSources.some((s) => statedFacts(s.text).length > 0) || findEntities(a).some(recurs);
    return findEntities(a).some(recurs) || screenFacts(a).length > 0;
  }

  extract(ctx: SubAgentContext): MemoryDraft[] {
    const a = ctx.analysis;
    const drafts: MemoryDraft[] = [];
    const segment = a.segment;
    for (const s of a.userSources) {
      for (const f of statedFacts(a.scrub(s.text))) {
        const said = `Said in chat on ${this.time.dayOf(s.at)}.`;
        if (f.functional || f.key.startsWith("user's")) {
          drafts.push({
            kind: 'semantic',
            title: f.sentence,
            text: `${f.sentence}.`,
            details: said,
            fields: { name: `${FACT}${f.key}`, source: 'chat' },
            occurred_at: s.at,
            segment,
            provenance: a.provenanceOf([s.index]),
          });
        } else {
          drafts.push({
            kind: 'semantic',
            title: f.subject,
            text: `${f.sentence}.`,
            details: `${f.sentence}. (${said})`,
            fields: { name: f.subject, source: 'chat' },
            occurred_at: s.at,
            segment,
            provenance: a.provenanceOf([s.index]),
          });
        }
      }
    }
    for (const e of findEntities(a)) {
      if (!recurs(e)) continue;
      const profile = this.profileDraft(e, a, segment);
      if (profile) drafts.push(profile);
    }
    // Labelled values and table rows seen on screen, each citing the screen it was read from.
    for (const f of screenFacts(a)) {
      const src = a.sources[f.source]!;
      const where = src.title ? `"${src.title}"` : (src.app ?? 'the screen');
      // A window title standing in for the subject is quoted, as episodes quote it: it names a page, not a thing.
      const subject = f.subject === src.title?.trim() ? `"${f.subject}"` : f.subject;
      drafts.push({
        kind: 'semantic',
        title: truncate(`${subject}: ${f.text}`, 200),
        text: `${subject} — ${f.text}`,
        details: `Seen on ${where}${src.app && src.title ? ` (${src.app})` : ''} on ${this.time.dayOf(f.at)}.`,
        fields: { name: truncate(`${subject}: ${f.text}`, 200), source: 'screen' },
        occurred_at: f.at,
        segment,
        provenance: a.provenanceOf([f.source]),
      });
    }
    return drafts;
  }

  /** A profile holds what was said next to the name, citing where; a name alone is not a memory. */
  private profileDraft(e: FoundEntity, a: BatchAnalysis, segment: string | null): MemoryDraft | null {
    const said = saidNextTo(e.name, a, e.sources);
    if (!said.length) return null;
    const where = e.apps.length ? e.apps.join(', ') : a.isChat ? 'chat' : 'screen';
    const seenOn = [...new Set(said.map((x) => a.sources[x.source]?.title).filter((t): t is string => !!t))];
    return {
      kind: 'semantic',
      title: e.name,
      text: truncate(`${e.name} (${e.type}): ${said.map((x) => x.text).join('; ')}`, 600),
      details: [...said.map((x) => x.text), ...(seenOn.length ? [`Seen on ${seenOn.map((t) => `"${truncate(t, 80)}"`).join(', ')}.`] : [])].join('\n'),
      fields: { name: e.name, source: where },
      occurred_at: a.sources[e.sources[0] ?? 0]?.at ?? null,
      segment,
      provenance: a.provenanceOf([...new Set(said.map((x) => x.source))]),
    };
  }

  private merge(existing: Memory, d: MemoryDraft): MemoryPatch | null {
    if (nameOf(existing).startsWith(FACT)) return null;
    const patch: MemoryPatch = {};
    const details = appendLines(existing.details, (d.details ?? '').split('\n'), MAX_DETAILS);
    if (details !== existing.details) patch.details = details;
    if (d.text !== existing.text && !DERIVED.test(d.text)) patch.text = mergedProfile(existing.text, d.text) ?? d.text;
    const source = unionSources(existing.fields.source, d.fields?.source);
    const fields: Record<string, unknown> = {};
    if (source !== existing.fields.source) fields.source = source;
    // The longer name wins ("Ana" becomes "Ana Lima" once the full name is seen).
    const dn = nameOf(d);
    if (dn.length > nameOf(existing).length && dn.toLowerCase().startsWith(nameOf(existing).toLowerCase())) {
      fields.name = dn;
      patch.title = dn;
      if (DERIVED.test(existing.text)) patch.text = existing.text.replace(nameOf(existing), dn);
    }
    if (Object.keys(fields).length) patch.fields = fields;
    return Object.keys(patch).length ? patch : null;
  }

  tools(ctx: SubAgentContext): LlmTool[] {
    const at = Math.min(...ctx.analysis.sources.map((s) => s.at));
    return [
      saveTool(ctx, this.policy, {
        name: 'semantic_save',
        description:
          'Remember a fact or an entity profile. Same name = same entity (merged). With a key, a new value for that key supersedes the old one.',
        schema: z.object({
          name: z.string().min(1).max(200).describe('the entity the fact is about, e.g. "Ana Lima"'),
          summary: z.string().min(3).max(1000).describe('what is true about it, one or two sentences'),
          details: z.string().max(MAX_DETAILS).optional(),
          key: z
            .string()
            .min(3)
            .max(200)
            .optional()
            .describe('for single-valued facts: "user\'s manager", "ana lima|employer"'),
          source: z.string().max(200).optional(),
          sources: SourcesArg,
        }),
        toDraft: (i) => ({
          kind: 'semantic',
          title: i.key ? truncate(i.summary, 200) : i.name,
          text: i.summary,
          details: i.details ?? '',
          fields: { name: i.key ? `${FACT}${i.key.toLowerCase()}` : i.name, source: i.source ?? (ctx.analysis.isChat ? 'chat' : 'screen') },
          occurred_at: at,
        }),
      }),
      updateTool(ctx, 'semantic', {
        name: 'semantic_update',
        description: 'Change an existing semantic memory by id (its previous version stays in history).',
        schema: z.object({ ...UpdateBase, summary: z.string().min(3).max(1000).optional(), details: z.string().max(MAX_DETAILS).optional() }),
        toPatch: (i) => ({ ...(i.summary ? { text: i.summary } : {}), ...(i.details !== undefined ? { details: i.details } : {}) }),
      }),
    ];
  }

  known(_ctx: SubAgentContext, query: string): Promise<Memory[]> {
    return knownByWords(this.store, 'semantic', query, 8);
  }
}
