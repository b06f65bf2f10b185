import { z } from 'zod';
import { dream, previewDream, type DreamApplyReport, type DreamOptions, type DreamReport, type DreamReview, type PreviewOptions } from '../dream/index.js';
import type { LlmProvider } from '../llm/index.js';
import type { BrainStore } from '../subagent-kit/index.js';
import type { BrainSettings } from '../../shared/settings/index.js';
import type { MetaAgent } from './meta-agent.js';

const DREAM_LAST_RUN = 'brain.dream_last_run';

/** A dry run kept for review, whose apply waits its turn on the brain's queue. */
export type QueuedDreamReview = Omit<DreamReview, 'apply'> & { apply(accept: string[]): Promise<DreamApplyReport> };

export interface DreamSchedule {
  run(o?: DreamOptions): Promise<DreamReport>;
  review(o?: PreviewOptions): Promise<QueuedDreamReview>;
  /** The automatic run, when it is on, the user has been idle long enough and the last run is old enough. */
  maybe(): void;
  /** When the last whole run ended (ms), or null. */
  lastRun(): number | null;
}

/** Dream on the brain's queue (never inside an extraction batch), by hand or when the user is idle. */
export function dreamSchedule(deps: {
  store: BrainStore;
  meta: MetaAgent;
  timeZone: string;
  now: () => number;
  llm: () => LlmProvider;
  settings: () => BrainSettings;
  log?: (line: string) => void;
}): DreamSchedule {
  const { store, meta, timeZone, now, llm } = deps;
  let dreaming = false;

  const lastRun = (): number | null => {
    const v = store.settings.get(DREAM_LAST_RUN, z.number(), -1);
    return v >= 0 ? v : null;
  };

  const run = (o: DreamOptions = {}): Promise<DreamReport> =>
    meta.exclusive(async () => {
      // With a model online, dream's rules are followed by the model's review (Auto-Dream).
      const report = await dream(store, { timeZone, now: now(), llm: llm(), ...o });
      if (!report.dry_run && report.mode === 'all' && !report.kinds) store.settings.set(DREAM_LAST_RUN, now());
      return report;
    });

  const review = (o: PreviewOptions = {}): Promise<QueuedDreamReview> =>
    meta.exclusive(async () => {
      const r = await previewDream(store, { timeZone, now: now(), llm: llm(), ...o });
      // Applied between batches, never inside one (a batch's writes would move its inputs half way).
      return { id: r.id, report: r.report, proposals: r.proposals, kept: r.kept, apply: (ids) => meta.exclusive(async () => r.apply(ids)) };
    });

  const maybe = (): void => {
    const s = deps.settings();
    if (!s.dream.auto || dreaming) return;
    const t = now();
    if (t - Math.max(meta.lastActivityAt, 0) < s.dream.idle_min * 60_000) return;
    const last = lastRun();
    if (last !== null && t - last < s.dream.min_interval_h * 3_600_000) return;
    dreaming = true;
    run({ mode: 'all' })
      .catch((e: unknown) => deps.log?.(`brain: dream failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        dreaming = false;
      });
  };

  return { run, review, maybe, lastRun };
}
