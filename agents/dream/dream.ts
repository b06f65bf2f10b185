import { MEMORY_KINDS, type Memory, type MemoryKind } from '../../shared/index.js';
import { type BrainStore } from '../subagent-kit/index.js';
import { planCore, planExperience, planProcedural, planResource, planSemantic, planVault, type Planned } from './consolidate-kinds.js';
import type { DreamMode, DreamOptions, DreamReport } from './dream-types.js';
import { planEpisodicDuplicates, planRollups } from './episodic-rollup.js';
import { TimeFormatter } from '../../shared/time/index.js';

const DAY = 86_400_000;
const SLICE_MS = 20;

const yieldNow = (): Promise<void> => new Promise((r) => setImmediate(r));

async function listAll(store: BrainStore, kind: MemoryKind, experiences?: boolean): Promise<Memory[]> {
  const out: Memory[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = store.memories.list({ kinds: [kind], limit: 5000, offset, order: 'oldest', ...(experiences !== undefined ? { experiences } : {}) });
    out.push(...page);
    if (page.length < 5000) break;
    await yieldNow();
  }
  return out;
}

/**
 * Consolidation ("dream"): merges duplicates, resolves conflicting facts (newest wins, the old one
 * is superseded, not lost), rolls old unused episodes into hour and day summaries, and reports
 * decay. A dry run plans the same changes and applies none. Work is done group by group, each in
 * its own transaction, yielding between groups so the app stays responsive.
 */
export async function dream(store: BrainStore, opts: DreamOptions = {}): Promise<DreamReport> {
  const mode: DreamMode = opts.mode ?? 'all';
  const dryRun = opts.dryRun ?? false;
  const now = opts.now ?? Date.now();
  const halfLifeDays = opts.halfLifeDays ?? 30;
  const time = new TimeFormatter(opts.timeZone);
  const started = Date.now();
  const report: DreamReport = {
    mode,
    dry_run: dryRun,
    started_at: new Date(started).toISOString(),
    finished_at: '',
    counts: { merged: 0, superseded: 0, rolled_up: 0, compressed: 0, faded: 0, examined: 0 },
    changes: [],
  };
  const wants = (m: DreamMode): boolean => mode === 'all' || mode === m;

  const count = (p: Planned, after: string | null): void => {
    report.changes.push({ ...p.change, after });
    const n = p.change.before.length;
    if (p.change.action === 'merge') report.counts.merged += n - 1;
    else if (p.change.action === 'supersede') report.counts.superseded += n;
    else if (p.change.action === 'rollup') report.counts.rolled_up += n;
    else if (p.change.action === 'compress') report.counts.compressed += 1;
  };
  const run = async (step: string, plans: Planned[]): Promise<void> => {
    opts.onProgress?.(step);
    let i = 0;
    while (i < plans.length) {
      if (dryRun) {
        count(plans[i]!, plans[i]!.change.after);
        i++;
        continue;
      }
      // Changes are committed in slices of ~20 ms: one commit per change would cost most of the
      // time, one commit for everything would stall the app.
      const started = performance.now();
      store.transaction(() => {
        while (i < plans.length && performance.now() - started < SLICE_MS) {
          const p = plans[i++]!;
          count(p, p.apply());
        }
      });
      await yieldNow();
    }
  };

  if (wants('core')) {
    const all = await listAll(store, 'core');
    report.counts.examined += all.length;
    await run('core', planCore(store, all));
  }
  if (wants('semantic')) {
    const all = await listAll(store, 'semantic');
    report.counts.examined += all.length;
    await run('semantic', planSemantic(store, all));
  }
  if (wants('resource')) {
    const all = await listAll(store, 'resource');
    report.counts.examined += all.length;
    await run('resource', planResource(store, all));
  }
  if (wants('knowledge_vault')) {
    const all = await listAll(store, 'knowledge_vault');
    report.counts.examined += all.length;
    await run('knowledge_vault', planVault(store, all));
  }
  if (wants('procedural')) {
    const all = await listAll(store, 'procedural', false);
    report.counts.examined += all.length;
    await run('procedural', planProcedural(store, all));
  }
  if (wants('experience')) {
    const all = await listAll(store, 'procedural', true);
    report.counts.examined += all.length;
    await run('experience', planExperience(store, all));
  }
  if (wants('episodic')) {
    const rollup = { now, hourAfterMs: (opts.hourRollupAfterDays ?? 1) * DAY, dayAfterMs: (opts.dayRollupAfterDays ?? 7) * DAY, halfLifeDays, time };
    let all = await listAll(store, 'episodic');
    report.counts.examined += all.length;
    await run('episodic duplicates', planEpisodicDuplicates(store, all, rollup));
    if (!dryRun) all = await listAll(store, 'episodic');
    else {
      const merged = new Set(report.changes.filter((c) => c.kind === 'episodic').flatMap((c) => c.before.filter((id) => id !== c.after)));
      all = all.filter((m) => !merged.has(m.id));
    }
    const hourPlans = planRollups(store, all, { ...rollup, dayAfterMs: Number.POSITIVE_INFINITY });
    await run('episodic hour rollups', hourPlans);
    if (!dryRun) all = await listAll(store, 'episodic');
    await run('episodic day rollups', planRollups(store, all, { ...rollup, hourAfterMs: Number.POSITIVE_INFINITY }));
  }

  // Decay: nothing is deleted; report how much has faded below half weight (search weighs it down).
  for (const kind of MEMORY_KINDS) {
    if (kind === 'core' || !wants(kind)) continue;
    for (const m of await listAll(store, kind)) {
      const lastUse = Date.parse(m.last_accessed_at ?? m.created_at);
      if (Math.pow(0.5, Math.max(0, now - lastUse) / (halfLifeDays * DAY)) < 0.5) report.counts.faded++;
    }
  }
  report.finished_at = new Date().toISOString();
  return report;
}
