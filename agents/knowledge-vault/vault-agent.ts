import { z } from 'zod';
import { SensitivitySchema, type Memory } from '../../shared/index.js';
import type { LlmTool } from '../llm/index.js';
import type { MemoryPatch } from '../store/index.js';
import { hostOf } from '../episodic/index.js';
import {
  SourcesArg,
  knownByWords,
  UpdateBase,
  findSecrets,
  saveTool,
  updateTool,
  type BatchAnalysis,
  type BrainStore,
  type KindPolicy,
  type MemoryDraft,
  type SubAgent,
  type SubAgentContext,
} from '../subagent-kit/index.js';
import type { TimeFormatter } from '../../shared/time/index.js';
import { findSecretsIn } from '../../shared/redaction/index.js';
import { findContacts, normalizeContact, type FoundContact } from './contact-details.js';
import { findMarkers, type FoundMarker } from './redaction-markers.js';
import { labelOf, sensitivityOf } from './sensitivity.js';

export const VAULT_PROMPT = `## knowledge_vault — sensitive facts
Contact details (email, phone, postal address), account identifiers, and the fact that a secret
(card, password, API key) appeared. Secrets are already replaced by markers like [redacted:card]:
record the marker's kind and where it was seen, never guess a value. vault_save's caption is
searchable and shown; the secret field is masked everywhere. Use sensitivity high for credentials,
medium for account numbers and addresses, low for work contact details.`;

/** A secret the capture pipeline redacted, handed over with its value (kept masked in the vault). */
export interface RedactedSecretInput {
  kind: string;
  value: string;
  label?: string | null;
}

/** "An email address", "A card number" (the redactor now also hands over emails; keys were "A api key"). */
const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'An' : 'A'} ${noun}`;

const isMarker = (s: unknown): boolean => typeof s === 'string' && /^\[redacted:[a-z_]+\]$/.test(s);

/** The word just before the label that says which one ("Wi-Fi" in "the Wi-Fi password at the cabin is …"). */
function qualifierBefore(before: string, word: string): string | null {
  const at = before.toLowerCase().lastIndexOf(word.toLowerCase());
  if (at < 0) return null;
  const m = /([\p{L}][\p{L}\p{N}-]{1,30})\s+$/u.exec(before.slice(0, at));
  if (!m || /^(my|the|our|your|a|an|this|that|his|her|their|new|old|type|enter|use|is|and|or|to|of|for)$/i.test(m[1]!)) return null;
  return m[1]!;
}

/** The sentence of scrubbed text that holds the nth marker (where a secret typed in chat was). */
function sentenceWithMarker(text: string, marker: string, nth: number): string | null {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(marker, at + 1);
    if (at < 0) return null;
  }
  // A sentence ends at . ! ? before white space ("10.0.4.12" is not an end) or at a line break.
  let start = 0;
  for (const m of text.slice(0, at).matchAll(/[.!?](?=\s)|\n/g)) start = m.index + 1;
  const rest = text.slice(at);
  const end = at + (rest.search(/[.!?\n](?:\s|$)/) >= 0 ? rest.search(/[.!?\n](?:\s|$)/) + 1 : rest.length);
  return text.slice(start, end).replace(/\s+/g, ' ').trim().slice(0, 300) || null;
}

export function sourceLabel(app: string | null, url: string | null): string {
  const host = hostOf(url);
  return [app ?? 'screen', host].filter(Boolean).join(' ').slice(0, 256);
}

export class KnowledgeVaultAgent implements SubAgent {
  readonly kind = 'knowledge_vault' as const;
  readonly prompt = VAULT_PROMPT;
  readonly policy: KindPolicy;

  constructor(
    private readonly store: BrainStore,
    private readonly time: TimeFormatter,
  ) {
    this.policy = {
      kind: 'knowledge_vault',
      candidates: (d) => this.sameType(String(d.fields?.entry_type ?? '')),
      compare: (existing, d) => this.compare(existing, d),
      merge: (existing, d) => this.merge(existing, d),
    };
  }

  detect(a: BatchAnalysis): boolean {
    return (
      findMarkers(a).length > 0 ||
      findContacts(a).length > 0 ||
      (a.isChat && a.userSources.some((s) => findSecrets(s.rawText, a.redaction).length > 0))
    );
  }

  extract(ctx: SubAgentContext): MemoryDraft[] {
    const a = ctx.analysis;
    const drafts: MemoryDraft[] = [];
    for (const m of findMarkers(a)) drafts.push(this.markerDraft(m, a));
    for (const c of findContacts(a)) drafts.push(this.contactDraft(c, a));
    if (a.isChat) {
      for (const s of a.userSources) {
        const words = findSecretsIn(s.rawText, a.redaction);
        const seen = new Map<string, number>();
        for (const f of findSecrets(s.rawText, a.redaction)) {
          // The word the user used ("door code", "Passport number") names it better than the kind does.
          const word = words.find((w) => w.start === f.start)?.label ?? null;
          const before = word ? qualifierBefore(s.rawText.slice(0, f.start), word) : null;
          // "my wifi password is …": "wifi" is already what it is for.
          const qualifier = before && before.toLowerCase() !== f.label?.toLowerCase() ? before : null;
          const base = word && word.toLowerCase() !== f.kind.replace(/_/g, ' ') ? word : labelOf(f.kind);
          const noun = qualifier ? `${qualifier} ${base.toLowerCase()}` : base.charAt(0).toUpperCase() + base.slice(1);
          // What it is for: the user's words ("for the NAS"), else the conversation's own title.
          const thread = a.batch.type === 'messages' ? a.batch.thread?.title : undefined;
          const purpose = f.label ?? (thread && !/^(notes|new conversation|imported conversation|chat)$/i.test(thread) ? thread : null);
          const title = `${noun}${purpose ? ` for ${purpose}` : ''}`;
          const nth = seen.get(f.kind) ?? 0;
          seen.set(f.kind, nth + 1);
          const context = sentenceWithMarker(s.text, `[redacted:${f.kind}]`, nth);
          drafts.push({
            kind: 'knowledge_vault',
            title,
            text: `${title}, told to Engram in chat on ${this.time.dayOf(s.at)}.${context ? ` Context: "${context}"` : ''}`,
            fields: { entry_type: f.kind, source: 'chat', sensitivity: sensitivityOf(f.kind), secret: f.value },
            occurred_at: s.at,
            provenance: a.provenanceOf([s.index]),
          });
        }
      }
    }
    return drafts;
  }

  private markerDraft(m: FoundMarker, a: BatchAnalysis): MemoryDraft {
    const source = sourceLabel(m.app, m.url);
    const label = labelOf(m.entry_type);
    const where = `${m.app ?? 'the screen'}${hostOf(m.url) ? ` (${hostOf(m.url)})` : ''}`;
    return {
      kind: 'knowledge_vault',
      title: `${label} seen in ${where}`,
      text: `${withArticle(label.toLowerCase())} was on screen in ${where} on ${this.time.dayOf(m.first)} ${this.time.clock(m.first)}; Engram redacted it from its notes. Context: "${m.context}"`,
      fields: { entry_type: m.entry_type, source, sensitivity: sensitivityOf(m.entry_type), secret: `[redacted:${m.entry_type}]` },
      app: m.app,
      occurred_at: m.first,
      provenance: a.provenanceOf(m.sources),
    };
  }

  private contactDraft(c: FoundContact, a: BatchAnalysis): MemoryDraft {
    const label = labelOf(c.entry_type);
    const domain = c.entry_type === 'email' ? c.value.split('@')[1]!.toLowerCase() : null;
    const title = c.owner ? `${label} of ${c.owner}` : `${label}${domain ? ` at ${domain}` : ''}`;
    const where = c.app ?? 'chat';
    return {
      kind: 'knowledge_vault',
      title,
      text: `${c.owner ? `${c.owner}'s ${label.toLowerCase()}` : label}${domain ? ` (${domain})` : ''}, seen in ${where} on ${this.time.dayOf(c.first)}.${c.context ? ` Context: "${c.context}"` : ''}`,
      fields: { entry_type: c.entry_type, source: where, sensitivity: sensitivityOf(c.entry_type), secret: c.value },
      app: c.app,
      occurred_at: c.first,
      provenance: a.provenanceOf(c.sources),
    };
  }

  /**
   * Secrets the capture redactor took out of an observation, with their values: they replace the
   * marker-only entry for the same kind and place (the value stays masked until revealed).
   */
  async recordRedacted(
    obs: { id: string; app: string | null; url: string | null; observed_at: number },
    secrets: RedactedSecretInput[],
    writer: { upsert: (d: MemoryDraft, p: KindPolicy) => Promise<{ id: string }> },
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const s of secrets) {
      const kind = /^[a-z_]{1,64}$/.test(s.kind) ? s.kind : 'secret';
      const label = labelOf(kind);
      const where = `${obs.app ?? 'the screen'}${hostOf(obs.url) ? ` (${hostOf(obs.url)})` : ''}`;
      const out = await writer.upsert(
        {
          kind: 'knowledge_vault',
          title: `${label} seen in ${where}`,
          text: `${withArticle(label.toLowerCase())}${s.label ? ` (${s.label})` : ''} was on screen in ${where} on ${this.time.dayOf(obs.observed_at)} ${this.time.clock(obs.observed_at)}; Engram redacted it from its notes.`,
          fields: { entry_type: kind, source: sourceLabel(obs.app, obs.url), sensitivity: sensitivityOf(kind), secret: s.value.slice(0, 8000) },
          app: obs.app,
          occurred_at: obs.observed_at,
          provenance: [{ source_type: 'observation', source_id: obs.id }],
        },
        this.policy,
      );
      ids.push(out.id);
    }
    return ids;
  }

  /** Vault entries of one type, revealed so their values can be compared (never leaves the writer). */
  private sameType(entryType: string): Memory[] {
    return this.store.memories
      .list({ kinds: ['knowledge_vault'], limit: 10_000 })
      .filter((m) => m.fields.entry_type === entryType)
      .map((m) => this.store.memories.get(m.id, { reveal: true }))
      .filter((m): m is Memory => m !== null);
  }

  private compare(existing: Memory, d: MemoryDraft): 'same' | 'different' {
    const type = String(d.fields?.entry_type ?? '');
    if (existing.fields.entry_type !== type) return 'different';
    const es = existing.fields.secret;
    const ds = d.fields?.secret;
    if (isMarker(es) || isMarker(ds)) return existing.fields.source === d.fields?.source ? 'same' : 'different';
    if (typeof es !== 'string' || typeof ds !== 'string') return 'different';
    if (type === 'email' || type === 'phone' || type === 'address') {
      return normalizeContact(type, es) === normalizeContact(type, ds) ? 'same' : 'different';
    }
    return es === ds ? 'same' : 'different';
  }

  private merge(existing: Memory, d: MemoryDraft): MemoryPatch | null {
    const patch: MemoryPatch = {};
    const ds = d.fields?.secret;
    if (isMarker(existing.fields.secret) && typeof ds === 'string' && !isMarker(ds)) {
      patch.fields = { secret: ds };
    }
    // A contact first seen without a name gets one when a later screen names its owner.
    if (!/ of /.test(existing.title) && / of /.test(d.title)) {
      patch.title = d.title;
      patch.text = d.text;
    }
    return Object.keys(patch).length ? patch : null;
  }

  tools(ctx: SubAgentContext): LlmTool[] {
    const first = Math.min(...ctx.analysis.sources.map((s) => s.at));
    return [
      saveTool(ctx, this.policy, {
        name: 'vault_save',
        description: 'Keep a sensitive fact (contact detail, account id, a redacted secret that appeared). The secret is stored masked.',
        schema: z.object({
          entry_type: z.string().regex(/^[a-z_]{1,64}$/).describe('email, phone, address, card, password, api_key, iban, ...'),
          caption: z.string().min(3).max(500).describe('what it is and whose, without the value'),
          secret: z.string().min(1).max(8000).describe('the value, or the marker like [redacted:card] when redacted'),
          sensitivity: SensitivitySchema.optional(),
          source: z.string().max(256).optional().describe('app or site where it was seen'),
          sources: SourcesArg,
        }),
        toDraft: (i) => ({
          kind: 'knowledge_vault',
          title: i.caption.slice(0, 120),
          text: i.caption,
          fields: {
            entry_type: i.entry_type,
            source: i.source ?? 'screen',
            sensitivity: i.sensitivity ?? sensitivityOf(i.entry_type),
            secret: i.secret,
          },
          occurred_at: first,
        }),
      }),
      updateTool(ctx, 'knowledge_vault', {
        name: 'vault_update',
        description: 'Change the caption or sensitivity of a vault entry by id (its secret is not shown to you and cannot be changed here).',
        schema: z.object({ ...UpdateBase, caption: z.string().min(3).max(500).optional(), sensitivity: SensitivitySchema.optional() }),
        toPatch: (i) => ({
          ...(i.caption ? { title: i.caption.slice(0, 120), text: i.caption } : {}),
          ...(i.sensitivity ? { fields: { sensitivity: i.sensitivity } } : {}),
        }),
      }),
    ];
  }

  /** Vault entries for the prompt: never high sensitivity, and never the secret (callers show captions only). */
  async known(_ctx: SubAgentContext, query: string): Promise<Memory[]> {
    return (await knownByWords(this.store, 'knowledge_vault', query, 10)).filter((m) => m.fields.sensitivity !== 'high');
  }
}
