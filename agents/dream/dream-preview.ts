import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { BrainStore } from '../subagent-kit/index.js';
import { oneLine, truncate } from '../subagent-kit/index.js';
import { ChangeReplaySchema, replayIds, replayPlan, type ChangeReplay } from './change-replay.js';
import type { Planned } from './consolidate-kinds.js';
import { dreamPlans } from './dream.js';
import type { DreamAction, DreamChange, DreamOptions, DreamReport } from './dream-types.js';

/** One memory (or entity) as a proposal shows it. */
export interface ProposalItem {
  id: string;
  title: string;
  text: string;
}

/** One change a dry run proposes, for the user to accept or leave. */
export interface DreamProposal {
  /** Stable for the same change over the same inputs: what the user accepts by. */
  id: string;
  action: DreamAction;
  kind: DreamChange['kind'];
  source: 'rules' | 'model';
  reason: string;
  /** What goes in, as it stands now. */
  before: ProposalItem[];
  /** What stands for them afterwards (id null: a new memory), or null where the plan cannot tell before applying. */
  after: { id: string | null; title: string; text: string } | null;
}

export type DreamApplyErrorCode = 'NOT_FOUND' | 'STALE' | 'USED';

/** Why accepted changes were not applied; nothing was changed. */
export class DreamApplyError extends Error {
  constructor(
    readonly code: DreamApplyErrorCode,
    message: string,
  ) {
    super(oneLine(message));
    this.name = 'DreamApplyError';
  }
}

export interface DreamApplyReport {
  applied: string[];
  /** The dry run's report for the changes applied (counts as a run would have). */
  counts: { merged: number; superseded: number; rolled_up: number; rewritten: number; other: number };
}

/**
 * What a dry run keeps of one change the model proposed, to apply it after a restart without asking
 * the model again: the change as data, and a fingerprint of every memory it reads or writes.
 */
export const KeptChangeSchema = z.object({ id: z.string().min(1).max(100), replay: ChangeReplaySchema, prints: z.record(z.string().max(100), z.string().max(100)) });
export type KeptChange = z.infer<typeof KeptChangeSchema>;

export interface PreviewOptions extends Omit<DreamOptions, 'dryRun'> {
  /**
   * A dry run kept from before a restart: its changes in order and what it kept of the model's
   * (read here, as any stored data, through KeptChangeSchema). Those join the rules' changes with
   * their old ids and fingerprints, so they apply as the user saw them, or are STALE.
   */
  resume?: { changes: DreamProposal[]; kept: unknown[] };
}

/** A dry run kept for review: what it proposes, and how to apply the accepted part later. */
export interface DreamReview {
  readonly id: string;
  readonly report: DreamReport;
  readonly proposals: DreamProposal[];
  /** The model's changes as data, for the dry run kept across a restart. */
  readonly kept: KeptChange[];
  /**
   * Applies the accepted proposals, in the dry run's order, in one transaction. Refused as a whole
   * (DreamApplyError, nothing changed) when an id is not one of this review's, when the review was
   * applied already, or when anything a change reads or writes moved since the dry run.
   */
  apply(accept: string[]): DreamApplyReport;
}

const digest = (parts: unknown): string => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);

/**
 * What a change reads or writes, as it stood: a hash of a memory's content, version, supersession
 * and archiving, or of what names an entity (kind, name, summary, aliases). Not an entity's counts
 * or last sighting: capture moves those whenever the person is seen again, which changes nothing a
 * merge decided on. A hash, because it is kept with the dry run on disk.
 */
function fingerprint(store: BrainStore, kind: DreamChange['kind'], id: string): string {
  if (kind === 'entity') {
    const e = store.graph.get(id);
    return e ? digest([e.kind, e.name, e.summary, [...e.aliases].sort()]) : 'gone';
  }
  const m = store.memories.get(id);
  return m ? digest([m.version, m.superseded_by, m.archived_at, m.title, m.text, m.details, m.fields]) : 'gone';
}

function itemOf(store: BrainStore, kind: DreamChange['kind'], id: string): ProposalItem {
  if (kind === 'entity') {
    const e = store.graph.get(id);
    return { id, title: e?.name ?? id, text: e ? [e.kind, ...e.aliases].join(' · ') : '' };
  }
  const m = store.memories.get(id);
  return { id, title: m ? truncate(m.title, 300) : id, text: m ? truncate(m.text, 2000) : '' };
}

interface Entry {
  proposal: DreamProposal;
  plan: Planned;
  prints: Map<string, string>;
  replay?: ChangeReplay;
}

/**
 * The rules' changes run again, with the model's changes kept from before a restart, in the kept dry
 * run's order. A kept change keeps its id and the fingerprints taken at the dry run, so apply finds
 * it STALE when anything it touches was edited or forgotten since; a memory gone leaves a plan that
 * applies nothing (the fingerprint check refuses it first).
 */
function withResumed(store: BrainStore, fresh: Entry[], resume: NonNullable<PreviewOptions['resume']>): Entry[] {
  const out = [...fresh];
  const have = new Set(fresh.map((e) => e.proposal.id));
  for (const raw of resume.kept) {
    const k = KeptChangeSchema.safeParse(raw);
    if (!k.success || have.has(k.data.id)) continue;
    const proposal = resume.changes.find((c) => c.id === k.data.id && c.source === 'model');
    if (!proposal) continue;
    const nothing: Planned = { change: { action: proposal.action, kind: proposal.kind, before: [], after: null, reason: proposal.reason, source: 'model' }, apply: () => null };
    out.push({ proposal, plan: replayPlan(store, k.data.replay) ?? nothing, prints: new Map(Object.entries(k.data.prints)), replay: k.data.replay });
    have.add(k.data.id);
  }
  const at = new Map(resume.changes.map((c, i) => [c.id, i]));
  // Stable: the rules' changes the kept run did not list keep their own order, after the rest.
  return out.sort((a, b) => (at.get(a.proposal.id) ?? Number.MAX_SAFE_INTEGER) - (at.get(b.proposal.id) ?? Number.MAX_SAFE_INTEGER));
}

function proposalId(c: DreamChange, prints: Map<string, string>): string {
  const h = createHash('sha256').update(JSON.stringify([c.action, c.kind, c.before, c.after, c.reason, c.result ?? null, [...prints]])).digest('hex');
  return `chg_${h.slice(0, 16)}`;
}

/**
 * A dry run of `dream` whose changes the user reviews: each becomes a proposal with an id, its
 * before and after text, and a fingerprint of every memory it touches. Nothing is written here.
 */
export async function previewDream(store: BrainStore, opts: PreviewOptions = {}): Promise<DreamReview> {
  const { resume, ...dreamOpts } = opts;
  const { report, plans } = await dreamPlans(store, { ...dreamOpts, dryRun: true });
  let entries: Entry[] = [];
  const seen = new Set<string>();
  report.changes.forEach((c, i) => {
    const replay = plans[i]!.replay;
    // A model's change also reads its evidence: the text it wrote was drawn from them.
    const ids = [...new Set([...c.before, ...(c.after ? [c.after] : []), ...(replay ? replayIds(replay) : [])])];
    const prints = new Map(ids.map((id) => [id, fingerprint(store, c.kind, id)]));
    let id = proposalId(c, prints);
    for (let n = 2; seen.has(id); n++) id = `${proposalId(c, prints)}_${n}`;
    seen.add(id);
    const standing = c.after ? itemOf(store, c.kind, c.after) : null;
    const after = c.result ? { id: c.after, ...c.result } : standing ? { ...standing } : null;
    // The survivor of a merge is shown too: its text may change.
    const before = c.before.map((b) => itemOf(store, c.kind, b));
    entries.push({ proposal: { id, action: c.action, kind: c.kind, source: c.source ?? 'rules', reason: c.reason, before, after }, plan: plans[i]!, prints, replay });
  });
  if (resume) entries = withResumed(store, entries, resume);
  let used = false;
  return {
    id: `dry_${randomUUID()}`,
    report,
    proposals: entries.map((e) => e.proposal),
    kept: entries.flatMap((e) => (e.replay ? [{ id: e.proposal.id, replay: e.replay, prints: Object.fromEntries(e.prints) }] : [])),
    apply(accept) {
      if (used) throw new DreamApplyError('USED', 'this dry run was applied already: run the dry run again');
      const wanted = new Set(accept);
      for (const id of wanted) if (!entries.some((e) => e.proposal.id === id)) throw new DreamApplyError('NOT_FOUND', `no change ${id} in this dry run`);
      const chosen = entries.filter((e) => wanted.has(e.proposal.id));
      // All checked before any is applied: a refusal leaves the data as it was.
      for (const e of chosen) {
        for (const [id, was] of e.prints) {
          if (fingerprint(store, e.proposal.kind, id) !== was) {
            throw new DreamApplyError('STALE', `change ${e.proposal.id} (${e.proposal.action} of ${e.proposal.kind}) is out of date: ${id} changed since the dry run; run the dry run again`);
          }
        }
      }
      const counts = { merged: 0, superseded: 0, rolled_up: 0, rewritten: 0, other: 0 };
      store.transaction(() => {
        for (const e of chosen) {
          // A plan that finds its inputs moved (an earlier accepted change took them) undoes the lot.
          if (e.plan.apply() === null && e.proposal.action !== 'entity_merge') {
            throw new DreamApplyError('STALE', `change ${e.proposal.id} (${e.proposal.action} of ${e.proposal.kind}) no longer fits after the others accepted with it; run the dry run again`);
          }
          const n = e.proposal.before.length;
          if (e.proposal.action === 'merge' || e.proposal.action === 'entity_merge') counts.merged += n - 1;
          else if (e.proposal.action === 'supersede') counts.superseded += n;
          else if (e.proposal.action === 'rollup') counts.rolled_up += n;
          else if (e.proposal.action === 'rewrite') counts.rewritten += 1;
          else counts.other += 1;
        }
      });
      used = true;
      return { applied: chosen.map((e) => e.proposal.id), counts };
    },
  };
}
