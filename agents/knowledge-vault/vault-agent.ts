import { z } from 'zod';
import { SensitivitySchema, type Memory } from '../../shared/index.js';
import type { LlmTool } from '../llm/index.js';
import type { MemoryPatch, RescrubbedSecret } from '../store/index.js';
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
  type WriteOutcome,
} from '../subagent-kit/index.js';
import type { TimeFormatter } from '../../shared/time/index.js';
import { findSecretsIn, isWholeMarker } from '../../shared/redaction/index.js';
import { chatSecretDraft, sentenceAt, sentenceWithMarker } from './chat-secret-draft.js';
import { findContacts, type FoundContact } from './contact-details.js';
import { findMarkers, type FoundMarker } from './redaction-markers.js';
import { rescrubbedDraft } from './rescrubbed-draft.js';
import { secretIdentity } from './secret-identity.js';
import { keptInVault, labelOf, sensitivityOf } from './sensitivity.js';

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
      findMarkers(a).some((m) => keptInVault(m.entry_type)) ||
      findContacts(a).length > 0 ||
      (a.isChat && a.userSources.some((s) => findSecrets(s.rawText, a.redaction).length > 0))
    );
  }

  extract(ctx: SubAgentContext): MemoryDraft[] {
    const a = ctx.analysis;
    const drafts: MemoryDraft[] = [];
    // A sign-in code is masked but not kept (keptInVault): no entry for its marker either.
    for (const m of findMarkers(a)) if (keptInVault(m.entry_type)) drafts.push(this.markerDraft(m, a));
    for (const c of findContacts(a)) drafts.push(this.contactDraft(c, a));
    if (a.isChat) {
      for (const s of a.userSources) {
        const words = findSecretsIn(s.rawText, a.redaction);
        const seen = new Map<string, number>();
        const thread = a.batch.type === 'messages' ? (a.batch.thread?.title ?? null) : null;
        for (const f of findSecrets(s.rawText, a.redaction)) {
          const nth = seen.get(f.kind) ?? 0;
          seen.set(f.kind, nth + 1);
          if (!keptInVault(f.kind)) continue;
          drafts.push(
            chatSecretDraft(
              {
                kind: f.kind,
                value: f.value,
                // The word the user used ("door code", "Passport number") names it better than the kind does.
                word: words.find((w) => w.start === f.start)?.label ?? null,
                purpose: f.label,
                before: s.rawText.slice(0, f.start),
                context: sentenceWithMarker(s.text, `[redacted:${f.kind}]`, nth),
                thread,
                at: s.at,
                provenance: a.provenanceOf([s.index]),
              },
              (ms) => this.time.dayOf(ms),
            ),
          );
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
    for (const s of secrets) if (keptInVault(s.kind)) ids.push((await writer.upsert(this.redactedDraft(obs, s), this.policy)).id);
    return ids;
  }

  /** The entry for a secret redacted out of a screen: the kind and the place, the value masked. */
  private redactedDraft(obs: { id: string; app: string | null; url: string | null; observed_at: number }, s: RedactedSecretInput): MemoryDraft {
    const kind = /^[a-z_]{1,64}$/.test(s.kind) ? s.kind : 'secret';
    const label = labelOf(kind);
    const where = `${obs.app ?? 'the screen'}${hostOf(obs.url) ? ` (${hostOf(obs.url)})` : ''}`;
    return {
      kind: 'knowledge_vault',
      title: `${label} seen in ${where}`,
      text: `${withArticle(label.toLowerCase())}${s.label ? ` (${s.label})` : ''} was on screen in ${where} on ${this.time.dayOf(obs.observed_at)} ${this.time.clock(obs.observed_at)}; Engram redacted it from its notes.`,
      fields: { entry_type: kind, source: sourceLabel(obs.app, obs.url), sensitivity: sensitivityOf(kind), secret: s.value.slice(0, 8000) },
      app: obs.app,
      occurred_at: obs.observed_at,
      provenance: [{ source_type: 'observation', source_id: obs.id }],
    };
  }

  /**
   * What the store's re-scrub took out of kept text (agents/store rescrub.ts), written as the live
   * paths write it: a screen's secret as capture's, a chat's as one told in chat, a note's naming
   * the note. Runs inside the re-scrub's batch transaction (no waiting): the entries commit with
   * the masking or not at all. A secret the vault holds already is cited, not stored again.
   */
  recordRescrubbed(found: RescrubbedSecret[], writer: { upsertNow: (d: MemoryDraft, p: KindPolicy) => WriteOutcome }): WriteOutcome[] {
    // Each type's entries are revealed once per batch, not once per secret (a batch can hand over
    // hundreds); what the batch writes is put back in its list so the next secret compares with it.
    const byType = new Map<string, Memory[]>();
    const listOf = (type: string): Memory[] => {
      let list = byType.get(type);
      if (!list) byType.set(type, (list = this.sameType(type)));
      return list;
    };
    const policy: KindPolicy = { ...this.policy, candidates: (d) => listOf(String(d.fields?.entry_type ?? '')) };
    return found.filter((f) => keptInVault(f.kind)).map((f) => {
      const p = f.place;
      const draft =
        p.table === 'observations'
          ? this.redactedDraft({ id: p.id, app: p.app, url: p.url, observed_at: f.at }, f)
          : 'name' in p
            ? rescrubbedDraft(f, p, (ms) => this.time.dayOf(ms))
            : chatSecretDraft(
                { kind: f.kind, value: f.value.slice(0, 8000), word: f.label, purpose: f.purpose, before: f.masked.slice(0, f.markerAt), context: sentenceAt(f.masked, f.markerAt), thread: p.thread, at: f.at, provenance: f.provenance },
                (ms) => this.time.dayOf(ms),
              );
      const out = writer.upsertNow(draft, policy);
      if (out.op !== 'noop') {
        const list = listOf(String(draft.fields?.entry_type ?? ''));
        const now = this.store.memories.get(out.id, { reveal: true });
        const at = list.findIndex((m) => m.id === out.id);
        if (now && at >= 0) list[at] = now;
        else if (now) list.push(now);
      }
      return out;
    });
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
    if (isWholeMarker(es) || isWholeMarker(ds)) return existing.fields.source === d.fields?.source ? 'same' : 'different';
    if (typeof es !== 'string' || typeof ds !== 'string') return 'different';
    // The same value however it was grouped or split (the re-scrub finds what chat or a screen gave live).
    return secretIdentity(type, es) === secretIdentity(type, ds) ? 'same' : 'different';
  }

  private merge(existing: Memory, d: MemoryDraft): MemoryPatch | null {
    const patch: MemoryPatch = {};
    const ds = d.fields?.secret;
    if (isWholeMarker(existing.fields.secret) && typeof ds === 'string' && !isWholeMarker(ds)) {
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
