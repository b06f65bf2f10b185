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
  updateTool,
  type BatchAnalysis,
  type BrainStore,
  type KindPolicy,
  type MemoryDraft,
  type SubAgent,
  type SubAgentContext,
} from '../subagent-kit/index.js';
import { describeResource, findResources, normalizeUrl, type ResourceType } from './resource-finder.js';

export const RESOURCE_PROMPT = `## resource — documents, files, links, code
Things the user worked with: web pages (URL + page title), files and paths, documents, code files.
One memory per resource; resource_save with the same location updates the existing one. Give a
one-line summary of what it is and what the user did with it, and a short excerpt of its content.`;

const RESOURCE_TYPES = ['url', 'file', 'document', 'code', 'other'] as const;

function locOf(m: { fields?: Record<string, unknown> }): string | null {
  const l = m.fields?.location;
  return typeof l === 'string' && l ? l : null;
}

function sameLocation(a: string, b: string): boolean {
  if (/^https?:/i.test(a) && /^https?:/i.test(b)) return (normalizeUrl(a) ?? a) === (normalizeUrl(b) ?? b);
  return a === b;
}

function baseName(loc: string): string {
  return (loc.split(/[\\/]/).pop() ?? loc).toLowerCase();
}

export class ResourceAgent implements SubAgent {
  readonly kind = 'resource' as const;
  readonly prompt = RESOURCE_PROMPT;
  readonly policy: KindPolicy = {
    kind: 'resource',
    lookupText: (d) => `${d.title} ${locOf(d) ?? ''}`,
    compare: (existing, d) => {
      const el = locOf(existing);
      const dl = locOf(d);
      if (el && dl) return sameLocation(el, dl) ? 'same' : 'different';
      const en = el ? baseName(el) : normalizeText(existing.title);
      const dn = dl ? baseName(dl) : normalizeText(d.title);
      if (el && dl === null) return baseName(el) === d.title.toLowerCase() ? 'same' : 'different';
      if (dl && el === null) return baseName(dl) === existing.title.toLowerCase() ? 'same' : 'different';
      return en === dn && existing.fields.resource_type === d.fields?.resource_type ? 'same' : 'different';
    },
    merge: (existing, d) => {
      const patch: MemoryPatch = {};
      const fields: Record<string, unknown> = {};
      const el = locOf(existing);
      const dl = locOf(d);
      if (!el && dl) fields.location = dl;
      const excerpt = typeof d.fields?.excerpt === 'string' ? d.fields.excerpt : '';
      if (!existing.fields.excerpt && excerpt) fields.excerpt = excerpt;
      // A page first seen as a bare link gets its real title once the page itself is seen.
      const titleIsUrl = el !== null && /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(existing.title) && el.includes(existing.title.split('/')[0]!);
      if (titleIsUrl && d.title !== existing.title && !/^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(d.title)) {
        patch.title = d.title;
        patch.text = d.text;
      }
      if (Object.keys(fields).length) patch.fields = fields;
      return Object.keys(patch).length ? patch : null;
    },
  };

  constructor(private readonly store: BrainStore) {}

  detect(a: BatchAnalysis): boolean {
    return findResources(a).length > 0;
  }

  extract(ctx: SubAgentContext): MemoryDraft[] {
    const a = ctx.analysis;
    const segment = a.segment;
    return findResources(a).map((r) => ({
      kind: 'resource',
      title: r.title,
      text: describeResource(r),
      details: '',
      fields: { resource_type: r.resource_type, ...(r.location ? { location: r.location } : {}), ...(r.excerpt ? { excerpt: r.excerpt } : {}) },
      app: r.app,
      occurred_at: r.first,
      segment,
      provenance: a.provenanceOf(r.sources),
    }));
  }

  tools(ctx: SubAgentContext): LlmTool[] {
    const first = Math.min(...ctx.analysis.sources.map((s) => s.at));
    return [
      saveTool(ctx, this.policy, {
        name: 'resource_save',
        description: 'Remember a document, file, link or piece of code the user worked with. Same location = same resource (it is updated).',
        schema: z.object({
          title: z.string().min(1).max(300),
          summary: z.string().min(3).max(1000).describe('what it is and what the user did with it'),
          resource_type: z.enum(RESOURCE_TYPES),
          location: z.string().max(4096).optional().describe('URL or file path'),
          excerpt: z.string().max(2000).optional(),
          app: z.string().max(200).nullable().optional(),
          sources: SourcesArg,
        }),
        toDraft: (i) => {
          const location = i.location ? (/^https?:/i.test(i.location) ? (normalizeUrl(i.location) ?? i.location) : i.location) : undefined;
          return {
            kind: 'resource',
            title: i.title,
            text: i.summary,
            fields: { resource_type: i.resource_type as ResourceType, ...(location ? { location } : {}), ...(i.excerpt ? { excerpt: i.excerpt } : {}) },
            app: i.app ?? null,
            occurred_at: first,
          };
        },
      }),
      updateTool(ctx, 'resource', {
        name: 'resource_update',
        description: 'Change an existing resource memory by id.',
        schema: z.object({
          ...UpdateBase,
          title: z.string().min(1).max(300).optional(),
          summary: z.string().min(3).max(1000).optional(),
          location: z.string().max(4096).optional(),
          excerpt: z.string().max(2000).optional(),
        }),
        toPatch: (i) => ({
          ...(i.title ? { title: i.title } : {}),
          ...(i.summary ? { text: i.summary } : {}),
          ...(i.location || i.excerpt ? { fields: { ...(i.location ? { location: i.location } : {}), ...(i.excerpt ? { excerpt: i.excerpt } : {}) } } : {}),
        }),
      }),
    ];
  }

  known(_ctx: SubAgentContext, query: string): Promise<Memory[]> {
    return knownByWords(this.store, 'resource', query, 6);
  }
}
