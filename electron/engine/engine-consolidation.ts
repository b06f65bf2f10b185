import type { LlmProvider } from '../../agents/llm/index.js';
import type { Brain, QueuedDreamReview } from '../../agents/meta/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { z } from 'zod';
import { ConsolidationKindSchema, ConsolidationPreviewSchema } from '../../shared/api/index.js';
import type { Consolidator, DirectiveReviewer } from '../api/index.js';
import { appliedSummary, dreamSummary } from './dream-summary.js';

/**
 * What is kept of a dry run across restarts: what the window shows, the kinds to run the rules over
 * again, and the model's changes as data (read by the dream room through its own schema; absent in
 * dry runs kept before they were).
 */
const KeptBody = ConsolidationPreviewSchema.extend({ kinds: z.array(ConsolidationKindSchema).nullable(), replays: z.array(z.unknown()).max(5000).default([]) });

/**
 * Consolidation as the window asks for it, on the brain's queue: runs, dry runs kept for review, and
 * their apply. The latest dry run is kept in the store too, until it is applied or discarded, so a
 * restart does not lose a review. Its plans (closures over this session's store) are not kept, so
 * after a restart apply rebuilds them with no model call: the rules run again and their accepted
 * changes must come out the same (a change's id covers its inputs as they stand); the model's
 * changes are applied as kept, as the user saw them, when every memory they touch reads as it did
 * at the dry run. Anything else is STALE, with nothing changed.
 */
export function engineConsolidator(brain: () => Promise<Brain | null>, store: Pick<EngramStore, 'consolidationReviews'>, now: () => number = Date.now): Consolidator {
  // This session's latest dry run: what consolidation.apply applies from while the app runs.
  let review: QueuedDreamReview | null = null;
  const kept = () => store.consolidationReviews.latest(KeptBody);
  const dreamingBrain = async (): Promise<Brain> => {
    const b = await brain();
    if (!b) throw new Error('the memory agents did not start');
    return b;
  };
  return {
    run: async ({ onProgress, dryRun, kinds }) => {
      onProgress(null, null, dryRun ? 'looking for what consolidation would change' : 'merging, resolving and rolling up');
      const b = await dreamingBrain();
      return { summary: dreamSummary(await b.dream({ dryRun: dryRun ?? false, ...(kinds?.length ? { kinds } : {}) })) };
    },
    preview: async ({ onProgress, kinds }) => {
      onProgress(null, null, 'looking for what consolidation would change');
      const b = await dreamingBrain();
      review = await b.reviewDream(kinds?.length ? { kinds } : {});
      const out = { preview_id: review.id, changes: review.proposals, summary: dreamSummary(review.report), review_error: review.report.review_error };
      // Every memory and entity a proposal quotes: forgetting one drops the kept copy of its text.
      // A model's change kept as data quotes its evidence too (the text it wrote was drawn from them).
      const quotes = [...review.proposals.flatMap((p) => [...p.before.map((b) => b.id), ...(p.after?.id ? [p.after.id] : [])]), ...review.kept.flatMap((k) => Object.keys(k.prints))];
      store.consolidationReviews.keep({ id: review.id, created_at: now(), body: { ...out, kinds: kinds?.length ? kinds : null, replays: review.kept }, quotes: [...new Set(quotes)] });
      return out;
    },
    dream: async ({ mode, dryRun, offline, model, lastNSessions, since }) => {
      const b = await dreamingBrain();
      return b.dream({ mode, dryRun, offline, ...(model ? { model } : {}), ...(lastNSessions ? { lastNSessions } : {}), ...(since !== undefined ? { since } : {}) });
    },
    apply: async ({ previewId, accept }) => {
      const r = review?.id === previewId ? review : await reopened(previewId, accept);
      const done = await r.apply(accept);
      store.consolidationReviews.drop(previewId);
      return { applied: done.applied.length, summary: appliedSummary(done) };
    },
    pending: () => {
      const k = kept();
      if (!k) return null;
      // What the window shows, no more: the kinds and the model's changes as data stay in the engine.
      const { kinds: _kinds, replays: _replays, ...body } = k.body;
      return { ...body, created_at: new Date(k.created_at).toISOString() };
    },
    discard: (previewId) => {
      if (review?.id === previewId) review = null;
      return store.consolidationReviews.drop(previewId);
    },
  };

  /** A dry run kept before a restart, rebuilt without a model: the rules again, the model's changes as kept. */
  async function reopened(previewId: string, accept: string[]): Promise<QueuedDreamReview> {
    // Loaded here, not with the engine: only a consolidation needs the dream room.
    const { DreamApplyError } = await import('../../agents/dream/index.js');
    const k = kept();
    if (!k || k.id !== previewId) {
      // Dropped because a memory it quotes was forgotten: out of date, as it is within a session.
      if (store.consolidationReviews.droppedBecause(previewId) === 'forgotten') throw new DreamApplyError('STALE', 'a memory it quotes was forgotten since the dry run; run the dry run again');
      throw new DreamApplyError('NOT_FOUND', 'that dry run is no longer current: run the dry run again');
    }
    const wanted = new Set(accept);
    for (const id of wanted) if (!k.body.changes.some((c) => c.id === id)) throw new DreamApplyError('NOT_FOUND', `no change ${id} in this dry run`);
    const b = await dreamingBrain();
    const again = await b.reviewDream({ ...(k.body.kinds?.length ? { kinds: k.body.kinds } : {}), offline: true, resume: { changes: k.body.changes, kept: k.body.replays } });
    for (const id of wanted) {
      if (!again.proposals.some((p) => p.id === id)) {
        const c = k.body.changes.find((x) => x.id === id)!;
        throw new DreamApplyError('STALE', `change ${id} (${c.action} of ${c.kind}) is out of date: what it changes moved since the dry run of ${new Date(k.created_at).toISOString()}; run the dry run again`);
      }
    }
    // The new run's ids are the kept one's for the same changes: applying it applies what was accepted.
    return { ...again, id: previewId };
  }
}

/** Directives are reviewed on the brain's queue when it runs, else on their own with the same model. */
export function engineDirectives(brain: () => Promise<Brain | null>, store: EngramStore, model: () => LlmProvider, opts: { timeZone?: string; log: (line: string) => void }): DirectiveReviewer {
  return {
    synthesize: async () => {
      const b = await brain();
      if (b) return b.synthesizeDirectives();
      const { BehaviourKeeper } = await import('../../agents/behaviour/index.js');
      return new BehaviourKeeper(store, model, { timeZone: opts.timeZone, log: opts.log }).synthesize();
    },
  };
}
