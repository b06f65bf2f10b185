import { MEMORY_KINDS, type Memory, type MemoryKind } from '../../shared/index.js';
import type { DreamChange } from './dream-types.js';
import { LlmError } from '../llm/index.js';
import { truncate, type BrainStore } from '../subagent-kit/index.js';
import { planCore, planExperience, planProcedural, planResource, planSemantic, planVault, type Planned } from './consolidate-kinds.js';
import type { DreamMode, DreamOptions, DreamReport } from './dream-types.js';
import { reviewReflections } from './reflection-review.js';
import { reviewWithModel } from './dream-review.js';
import { experiencePass } from './experience-pass.js';
import { planEpisodicDuplicates, planRollups } from './episodic-rollup.js';
import { distillSkills } from './skill-distill.js';
import { planEntityMerges } from './entity-duplicates.js';
import { TimeFormatter } from '../../shared/time/index.js';

const DAY = 86_400_000;

/** Diff lines for a rule's change (dry run): what goes, and what stands for it afterwards. */
function ruleDiff(store: BrainStore, c: DreamChange): string[] {
  const show = (id: string): string => {
    const m = store.memories.get(id);
    return m ? `[${id}] ${truncate(m.title, 120)}${m.text !== m.title ? ` — ${truncate(m.text.replace(/\n/g, ' / '), 200)}` : ''}` : `[${id}]`;
  };
  const out = c.before.filter((id) => id !== c.after).map((id) => `- ${show(id)}`);
  out.push(c.after ? `${c.before.includes(c.after) ? '~' : ' '} ${show(c.after)}` : `+ (a new ${c.kind} memory)`);
  return out;
}
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
  return (await dreamPlans(store, opts)).report;
}

/** dream, with each change's plan beside it (same order as report.changes): a dry run's plans can be applied later. */
export async function dreamPlans(store: BrainStore, opts: DreamOptions = {}): Promise<{ report: DreamReport; plans: Planned[] }> {
  const plans: Planned[] = [];
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
    counts: { merged: 0, superseded: 0, rolled_up: 0, compressed: 0, faded: 0, examined: 0, rewritten: 0, distilled: 0, entities_merged: 0 },
    llm_calls: 0,
    review_error: null,
    reviewer: opts.llm?.online && !opts.offline ? 'model' : 'rules',
    window: null,
    changes: [],
  };
  const llm = opts.llm?.online && !opts.offline ? opts.llm : null;
  const maxClusters = opts.maxClusters ?? 12;
  const chosen = opts.kinds ? new Set(opts.kinds) : null;
  report.kinds = chosen ? [...chosen] : null;
  const wants = (m: DreamMode): boolean => (chosen ? chosen.has('all') || chosen.has(m) : mode === 'all' || mode === m);

  const count = (p: Planned, after: string | null): void => {
    report.changes.push({ ...p.change, source: p.change.source ?? 'rules', after, ...(dryRun && !p.change.diff ? { diff: ruleDiff(store, p.change) } : {}) });
    plans.push(p);
    const n = p.change.before.length;
    if (p.change.action === 'merge') report.counts.merged += n - 1;
    else if (p.change.action === 'supersede') report.counts.superseded += n;
    else if (p.change.action === 'rollup') report.counts.rolled_up += n;
    else if (p.change.action === 'compress') report.counts.compressed += 1;
    else if (p.change.action === 'rewrite') report.counts.rewritten += 1;
    else if (p.change.action === 'distill') report.counts.distilled += 1;
    else if (p.change.action === 'entity_merge') report.counts.entities_merged += n - 1;
  };
  // Which memories the rules already change (a dry run applies nothing, so the review must skip them).
  const touchedByRules = (): Set<string> => new Set(report.changes.flatMap((c) => c.before));
  /** The model's review of one kind, after its rules: current memories only, none the rules already took. */
  const review = async (kind: DreamChange['kind'], list: () => Promise<Memory[]>): Promise<void> => {
    if (!llm || report.review_error) return;
    const taken = touchedByRules();
    const fresh = (await list()).filter((m) => !taken.has(m.id) && !m.superseded_by);
    try {
      const r = await reviewWithModel(store, llm, kind, fresh, { model: opts.model, maxClusters, signal: opts.signal });
      report.llm_calls += r.calls;
      await run(`${kind} review`, r.plans);
    } catch (e) {
      // The model went away: the rules' changes stand; the review is reported as not done.
      if (!(e instanceof LlmError)) throw e;
      report.review_error = `the model's review stopped at ${kind}: ${e.message.split('\n')[0]}`;
    }
  };
  async function run(step: string, plans: Planned[]): Promise<void> {
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
  }

  // The kinds whose rules see the whole kind at once; the vault is never shown to the model's review.
  const plainKinds = [
    { kind: 'core', plan: planCore, reviewed: true },
    { kind: 'semantic', plan: planSemantic, reviewed: true },
    { kind: 'resource', plan: planResource, reviewed: true },
    { kind: 'knowledge_vault', plan: planVault, reviewed: false },
  ] as const;
  for (const { kind, plan, reviewed } of plainKinds) {
    if (!wants(kind)) continue;
    const all = await listAll(store, kind);
    report.counts.examined += all.length;
    await run(kind, plan(store, all));
    if (reviewed) await review(kind, () => listAll(store, kind));
  }
  if (wants('procedural')) {
    const all = await listAll(store, 'procedural', false);
    report.counts.examined += all.length;
    await run('procedural', planProcedural(store, all));
    // Reflections are reviewed with the experiences they summarise (below), not as guides.
    await review('procedural', async () => (await listAll(store, 'procedural', false)).filter((m) => m.fields.entry_type !== 'reflection'));
    if (llm && opts.lastNSessions && !report.review_error) {
      try {
        const d = await distillSkills(store, llm, opts.lastNSessions, { model: opts.model, signal: opts.signal });
        report.llm_calls += d.calls;
        report.counts.examined += d.examined;
        await run('skill distillation', d.plans);
      } catch (e) {
        if (!(e instanceof LlmError)) throw e;
        report.review_error = `skill distillation stopped: ${e.message.split('\n')[0]}`;
      }
    }
  }
  // MIRIX's experience mode (experience-pass.ts).
  if (mode === 'experience') {
    await experiencePass({ store, report, llm, opts, now, halfLifeDays, time, dryRun, maxClusters, run, listAll: (kind) => listAll(store, kind) });
  }
  if (wants('experience')) {
    const all = await listAll(store, 'procedural', true);
    report.counts.examined += all.length;
    await run('experience', planExperience(store, all));
    await review('experience', () => listAll(store, 'procedural', true));
    // Reflections (Mimir's reflect) are judged against the experiences recorded since.
    if (llm && !report.review_error) {
      try {
        const reflections = (await listAll(store, 'procedural', false)).filter((m) => m.fields.entry_type === 'reflection');
        report.counts.examined += reflections.length;
        const taken = touchedByRules();
        const r = await reviewReflections(store, llm, reflections.filter((m) => !taken.has(m.id)), await listAll(store, 'procedural', true), {
          model: opts.model,
          maxReviews: maxClusters,
          signal: opts.signal,
        });
        report.llm_calls += r.calls;
        await run('reflection review', r.plans);
      } catch (e) {
        if (!(e instanceof LlmError)) throw e;
        report.review_error = `the model's review stopped at reflections: ${e.message.split('\n')[0]}`;
      }
    }
  }
  if (wants('episodic')) {
    const rollup = { now, hourAfterMs: (opts.hourRollupAfterDays ?? 1) * DAY, dayAfterMs: (opts.dayRollupAfterDays ?? 7) * DAY, halfLifeDays, time };
    let all = await listAll(store, 'episodic');
    report.counts.examined += all.length;
    await run('episodic duplicates', planEpisodicDuplicates(store, all, rollup));
    // Reviewed before the rollups: a summary is only as good as the episodes it is made of.
    await review('episodic', () => listAll(store, 'episodic'));
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

  // The graph last: duplicate entities that write-time resolution could not tell were one (an
  // address and the name it spells, a first name now unambiguous, accents, a document's URL and title).
  if (wants('entities')) await run('entities', planEntityMerges(store.graph));

  // Decay: nothing is deleted; report how much has faded below half weight (search weighs it down).
  for (const kind of MEMORY_KINDS) {
    if (kind === 'core' || !wants(kind)) continue;
    for (const m of await listAll(store, kind)) {
      const lastUse = Date.parse(m.last_accessed_at ?? m.created_at);
      if (Math.pow(0.5, Math.max(0, now - lastUse) / (halfLifeDays * DAY)) < 0.5) report.counts.faded++;
    }
  }
  report.finished_at = new Date().toISOString();
  return { report, plans };
}
