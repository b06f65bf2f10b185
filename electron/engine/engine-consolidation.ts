import type { LlmProvider } from '../../agents/llm/index.js';
import type { Brain, QueuedDreamReview } from '../../agents/meta/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import type { Consolidator, DirectiveReviewer } from '../api/index.js';
import { appliedSummary, dreamSummary } from './dream-summary.js';

/** Consolidation as the window asks for it, on the brain's queue: runs, dry runs kept for review, and their apply. */
export function engineConsolidator(brain: () => Promise<Brain | null>): Consolidator {
  // The window's latest dry run, kept until the next one: what consolidation.apply applies from.
  let review: QueuedDreamReview | null = null;
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
      return { preview_id: review.id, changes: review.proposals, summary: dreamSummary(review.report), review_error: review.report.review_error };
    },
    dream: async ({ mode, dryRun, offline, model, lastNSessions, since }) => {
      const b = await dreamingBrain();
      return b.dream({ mode, dryRun, offline, ...(model ? { model } : {}), ...(lastNSessions ? { lastNSessions } : {}), ...(since !== undefined ? { since } : {}) });
    },
    apply: async ({ previewId, accept }) => {
      const r = review;
      if (!r || r.id !== previewId) {
        // Loaded here, not with the engine: only a consolidation needs the dream room.
        const { DreamApplyError } = await import('../../agents/dream/index.js');
        throw new DreamApplyError('NOT_FOUND', 'that dry run is no longer current: run the dry run again');
      }
      const done = await r.apply(accept);
      return { applied: done.applied.length, summary: appliedSummary(done) };
    },
  };
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
