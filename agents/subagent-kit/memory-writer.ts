import type { Memory, Provenance } from '../../shared/index.js';
import type { MemoryPatch } from '../store/index.js';
import type { BrainStore } from './brain-store.js';
import type { KindPolicy, MemoryDraft, WriteOutcome } from './memory-draft.js';
import { truncate } from './text.js';

export interface MemoryWriterOptions {
  /**
   * Search used to find existing memories about the same thing. BM25 costs no embedding, which
   * keeps the offline pipeline fast; LLM mode, already waiting on a model, can afford hybrid.
   */
  searchMode?: 'bm25' | 'hybrid';
  /** Candidates compared per write. */
  candidates?: number;
}

/**
 * Every sub-agent writes through here: look for an existing memory about the same thing (search,
 * or the kind's own candidates), then merge into it, supersede it, or insert. Provenance is added
 * on every path; the store keeps the previous version in history on every update.
 */
export class MemoryWriter {
  readonly outcomes: WriteOutcome[] = [];
  private readonly mode: 'bm25' | 'hybrid';
  private readonly limit: number;

  constructor(
    private readonly store: BrainStore,
    opts: MemoryWriterOptions = {},
  ) {
    this.mode = opts.searchMode ?? 'bm25';
    this.limit = opts.candidates ?? 8;
  }

  async findCandidates(draft: MemoryDraft, policy: KindPolicy): Promise<Memory[]> {
    if (policy.candidates) return policy.candidates(draft);
    const query = truncate(policy.lookupText?.(draft) ?? `${draft.title} ${draft.text}`, 400);
    const results = await this.store.search({ query, kinds: [draft.kind], limit: this.limit, mode: this.mode, passages: false });
    const found = results.map((r) => r.memory);
    if (draft.kind !== 'knowledge_vault') return found;
    // Vault secrets come masked from search; compare the real values.
    return found.map((m) => this.store.memories.get(m.id, { reveal: true })).filter((m): m is Memory => m !== null);
  }

  /** `among`: only these of the memories found may be merged into or superseded (a hailing batch's own, common-tools). */
  async upsert(draft: MemoryDraft, policy: KindPolicy, opts: { among?: (m: Memory) => boolean } = {}): Promise<WriteOutcome> {
    const found = await this.findCandidates(draft, policy);
    return this.upsertAmong(opts.among ? found.filter(opts.among) : found, draft, policy);
  }

  /**
   * The same write, without waiting, for a kind that finds its own candidates (the vault): it can
   * then run inside a caller's transaction, so what it writes commits or rolls back with the rest.
   */
  upsertNow(draft: MemoryDraft, policy: KindPolicy): WriteOutcome {
    const candidates = policy.candidates?.(draft);
    if (!Array.isArray(candidates)) throw new Error(`upsertNow: ${policy.kind} has no candidates of its own to compare with now`);
    return this.upsertAmong(candidates, draft, policy);
  }

  private upsertAmong(candidates: Memory[], draft: MemoryDraft, policy: KindPolicy): WriteOutcome {
    let conflict: Memory | null = null;
    for (const existing of candidates) {
      if (existing.superseded_by) continue;
      const rel = policy.compare(existing, draft);
      if (rel === 'same') return this.record(this.mergeInto(existing, draft, policy));
      if (rel === 'conflict' && !conflict) conflict = existing;
    }
    if (conflict) {
      const inserted = this.insert(draft);
      this.store.memories.update(conflict.id, { superseded_by: inserted.id }, `superseded by newer ${draft.kind} memory ${inserted.id}`);
      return this.record({ op: 'supersede', id: inserted.id, kind: draft.kind, superseded: conflict.id });
    }
    return this.record({ op: 'insert', id: this.insert(draft).id, kind: draft.kind });
  }

  /** Plain insert, no duplicate check (experience rows are events: each one counts). */
  insert(draft: MemoryDraft): Memory {
    return this.store.memories.insert({
      kind: draft.kind,
      title: draft.title,
      text: draft.text,
      details: draft.details ?? '',
      fields: draft.fields ?? {},
      app: draft.app ?? null,
      occurred_at: draft.occurred_at ?? null,
      ended_at: draft.ended_at ?? null,
      segment: draft.segment ?? null,
      provenance: draft.provenance,
    });
  }

  insertRecorded(draft: MemoryDraft): Memory {
    const m = this.insert(draft);
    this.record({ op: 'insert', id: m.id, kind: m.kind });
    return m;
  }

  /** An explicit update (LLM tool, core rewrite), recorded with its sources. */
  update(id: string, patch: MemoryPatch, reason: string, provenance: Provenance[]): Memory {
    const m = this.store.memories.update(id, { ...patch, addProvenance: this.newSources(id, provenance) }, reason);
    this.record({ op: 'update', id, kind: m.kind });
    return m;
  }

  private mergeInto(existing: Memory, draft: MemoryDraft, policy: KindPolicy): WriteOutcome {
    const patch = policy.merge(existing, draft);
    const added = this.newSources(existing.id, draft.provenance);
    if (!patch && added.length === 0) return { op: 'noop', id: existing.id, kind: existing.kind };
    this.store.memories.update(existing.id, { ...(patch ?? {}), addProvenance: added }, patch ? 'merged new information' : 'cited again');
    return { op: 'update', id: existing.id, kind: existing.kind };
  }

  private newSources(id: string, provenance: Provenance[]): Provenance[] {
    if (!provenance.length) return [];
    const have = new Set(this.store.memories.provenance(id).map((p) => `${p.source_type}:${p.source_id}`));
    return provenance.filter((p) => !have.has(`${p.source_type}:${p.source_id}`));
  }

  private record(o: WriteOutcome): WriteOutcome {
    this.outcomes.push(o);
    return o;
  }

  /** Ids written (inserted or changed) since the last drain. */
  drain(): WriteOutcome[] {
    return this.outcomes.splice(0, this.outcomes.length);
  }
}
