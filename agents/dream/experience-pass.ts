import type { Memory, MemoryKind } from '../../shared/index.js';
import type { TimeFormatter } from '../../shared/time/index.js';
import { LlmError, type LlmProvider } from '../llm/index.js';
import type { BrainStore } from '../subagent-kit/index.js';
import { planSemantic, planVault, type Planned } from './consolidate-kinds.js';
import { EXPERIENCE_WINDOW_KINDS, emptyCounts, readCheckpoint, writeCheckpoint } from './dream-checkpoint.js';
import { reviewClusters } from './dream-review.js';
import type { DreamOptions, DreamReport } from './dream-types.js';
import { planEpisodicDuplicates } from './episodic-rollup.js';
import { EXPERIENCE_REVIEW_PROMPT, countChange, experienceClusters, experienceWindow, inWindow, touchingWindow } from './experience-window.js';

const DAY = 86_400_000;

/** What one dream run gives each of its passes: the store, the report it fills, and how it applies plans. */
export interface DreamPass {
  store: BrainStore;
  report: DreamReport;
  /** The model for reviews; null runs the rules alone. */
  llm: LlmProvider | null;
  opts: DreamOptions;
  now: number;
  halfLifeDays: number;
  time: TimeFormatter;
  dryRun: boolean;
  maxClusters: number;
  /** Applies (or, in a dry run, only counts) a step's plans. */
  run(step: string, plans: Planned[]): Promise<void>;
  listAll(kind: MemoryKind): Promise<Memory[]>;
}

/**
 * MIRIX's experience mode: what was new or changed since the last run stopped, episodes, facts and
 * vault entries together; the rules first (each kind against all of it, kept where they touch the
 * window), then, with a model, a joint review of episodes and facts. The checkpoint moves on only
 * when the run is complete and real.
 */
export async function experiencePass(p: DreamPass): Promise<void> {
  const { store, report, llm, now, halfLifeDays, time, dryRun, maxClusters, run } = p;
  const w = experienceWindow(store, now, p.opts.since);
  const kinds = emptyCounts();
  const firstChange = report.changes.length;
  const byKind = new Map<string, Memory[]>();
  const windowIds = new Set<string>();
  for (const kind of EXPERIENCE_WINDOW_KINDS) {
    const all = await p.listAll(kind);
    byKind.set(kind, all);
    const fresh = all.filter((m) => inWindow(m, w));
    kinds[kind].total = fresh.length;
    report.counts.examined += fresh.length;
    for (const m of fresh) windowIds.add(m.id);
  }
  const rollup = { now, hourAfterMs: DAY, dayAfterMs: 7 * DAY, halfLifeDays, time };
  await run('experience: episodic', touchingWindow(planEpisodicDuplicates(store, byKind.get('episodic')!, rollup), windowIds));
  await run('experience: semantic', touchingWindow(planSemantic(store, byKind.get('semantic')!), windowIds));
  await run('experience: knowledge_vault', touchingWindow(planVault(store, byKind.get('knowledge_vault')!), windowIds));
  if (llm && !report.review_error) {
    // What the rules merged away or superseded is out; what they kept is reviewed as it now stands.
    const taken = new Set(report.changes.slice(firstChange).flatMap((c) => c.before.filter((id) => id !== c.after)));
    const current = async (kind: 'episodic' | 'semantic'): Promise<Memory[]> => (await p.listAll(kind)).filter((m) => !taken.has(m.id) && !m.superseded_by);
    const episodes = (await current('episodic')).filter((m) => windowIds.has(m.id));
    const facts = await current('semantic');
    try {
      const clusters = experienceClusters([...episodes, ...facts.filter((m) => windowIds.has(m.id))], facts, maxClusters);
      const r = await reviewClusters(store, llm, clusters, { kindOf: (m) => m.kind, prompt: EXPERIENCE_REVIEW_PROMPT }, { model: p.opts.model, maxClusters, signal: p.opts.signal });
      report.llm_calls += r.calls;
      await run('experience review', r.plans);
    } catch (e) {
      if (!(e instanceof LlmError)) throw e;
      report.review_error = `the model's review stopped at the experience window: ${e.message.split('\n')[0]}`;
    }
  }
  for (const c of report.changes.slice(firstChange)) countChange(kinds, c);
  const complete = !report.review_error;
  if (!dryRun) {
    // The run's own writes are not news for the next one: the checkpoint passes the last of them.
    const ownWrites = report.changes.slice(firstChange).flatMap((c) => [...c.before, ...(c.after ? [c.after] : [])]);
    const lastOwn = ownWrites.reduce((t, id) => Math.max(t, Date.parse(store.memories.get(id)?.updated_at ?? '') || 0), w.until);
    const previous = readCheckpoint(store);
    writeCheckpoint(store, {
      // A run the model cut short leaves the start where it was, so the next run sees this window again.
      through: new Date(complete ? lastOwn : previous ? Date.parse(previous.through) : w.since).toISOString(),
      at: new Date(now).toISOString(),
      since: new Date(w.since).toISOString(),
      kinds,
      stopped: report.review_error,
    });
  }
  report.window = { since: new Date(w.since).toISOString(), until: new Date(w.until).toISOString(), from: w.from, kinds, checkpoint_saved: !dryRun && complete };
}
