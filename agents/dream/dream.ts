import { MEMORY_KINDS, type Memory, type MemoryKind } from '../../shared/index.js';
import type { DreamChange } from './dream-types.js';
import { LlmError } from '../llm/index.js';
import { truncate, type BrainStore } from '../subagent-kit/index.js';
import { planCore, planExperience, planProcedural, planResource, planSemantic, planVault, type Planned } from './consolidate-kinds.js';
import type { DreamMode, DreamOptions, DreamReport } from './dream-types.js';
import { reviewReflections } from './reflection-review.js';
import { reviewWithModel } from './dream-review.js';
import { experiencePass, type DreamPass } from './experience-pass.js';
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

/** A dream run as its passes share it: the pass context, the plans beside the report's changes, and the model's review. */
interface DreamRun extends DreamPass {
  plans: Planned[];
  /** Whether a kind (or the entities) is asked for, by the window's choice of kinds or by the mode. */
  wants(m: DreamMode): boolean;
  /** The model's review of one kind, after its rules: current memories only, none the rules already took. */
  review(kind: DreamChange['kind'], list: () => Promise<Memory[]>): Promise<void>;
  /** Which memories the rules already change (a dry run applies nothing, so the review must skip them). */
  touchedByRules(): Set<string>;
}

function emptyReport(opts: DreamOptions, mode: DreamMode, dryRun: boolean): DreamReport {
  return {
    mode,
    dry_run: dryRun,
    started_at: new Date().toISOString(),
    finished_at: '',
    counts: { merged: 0, superseded: 0, rolled_up: 0, compressed: 0, faded: 0, examined: 0, rewritten: 0, distilled: 0, entities_merged: 0 },
    llm_calls: 0,
    review_error: null,
    reviewer: opts.llm?.online && !opts.offline ? 'model' : 'rules',
    window: null,
    changes: [],
  };
}

/** Counts a change into the report (with its diff lines in a dry run) and keeps its plan beside it. */
function counter(store: BrainStore, report: DreamReport, plans: Planned[], dryRun: boolean): (p: Planned, after: string | null) => void {
  return (p, after) => {
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
}

function dreamRun(store: BrainStore, opts: DreamOptions): DreamRun {
  const plans: Planned[] = [];
  const mode: DreamMode = opts.mode ?? 'all';
  const dryRun = opts.dryRun ?? false;
  const report = emptyReport(opts, mode, dryRun);
  const llm = opts.llm?.online && !opts.offline ? opts.llm : null;
  const maxClusters = opts.maxClusters ?? 12;
  const chosen = opts.kinds ? new Set(opts.kinds) : null;
  report.kinds = chosen ? [...chosen] : null;
  const count = counter(store, report, plans, dryRun);
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
  const touchedByRules = (): Set<string> => new Set(report.changes.flatMap((c) => c.before));
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
  return {
    store,
    report,
    llm,
    opts,
    now: opts.now ?? Date.now(),
    halfLifeDays: opts.halfLifeDays ?? 30,
    time: new TimeFormatter(opts.timeZone),
    dryRun,
    maxClusters,
    run,
    listAll: (kind) => listAll(store, kind),
    plans,
    wants: (m) => (chosen ? chosen.has('all') || chosen.has(m) : mode === 'all' || mode === m),
    review,
    touchedByRules,
  };
}

/** The kinds whose rules see the whole kind at once; the vault is never shown to the model's review. */
async function plainKindsPass(r: DreamRun): Promise<void> {
  const plainKinds = [
    { kind: 'core', plan: planCore, reviewed: true },
    { kind: 'semantic', plan: planSemantic, reviewed: true },
    { kind: 'resource', plan: planResource, reviewed: true },
    { kind: 'knowledge_vault', plan: planVault, reviewed: false },
  ] as const;
  for (const { kind, plan, reviewed } of plainKinds) {
    if (!r.wants(kind)) continue;
    const all = await listAll(r.store, kind);
    r.report.counts.examined += all.length;
    await r.run(kind, plan(r.store, all));
    if (reviewed) await r.review(kind, () => listAll(r.store, kind));
  }
}

/** Guides and workflows: the rules, the review (reflections aside), then skill distillation from the last sessions. */
async function proceduralPass(r: DreamRun): Promise<void> {
  const { store, report, llm, opts } = r;
  const all = await listAll(store, 'procedural', false);
  report.counts.examined += all.length;
  await r.run('procedural', planProcedural(store, all));
  // Reflections are reviewed with the experiences they summarise (experienceKindPass), not as guides.
  await r.review('procedural', async () => (await listAll(store, 'procedural', false)).filter((m) => m.fields.entry_type !== 'reflection'));
  if (!llm || !opts.lastNSessions || report.review_error) return;
  try {
    const d = await distillSkills(store, llm, opts.lastNSessions, { model: opts.model, signal: opts.signal });
    report.llm_calls += d.calls;
    report.counts.examined += d.examined;
    await r.run('skill distillation', d.plans);
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    report.review_error = `skill distillation stopped: ${e.message.split('\n')[0]}`;
  }
}

/** Experience rows: the rules, the review, then reflections (Mimir's reflect) judged against the experiences recorded since. */
async function experienceKindPass(r: DreamRun): Promise<void> {
  const { store, report, llm, opts } = r;
  const all = await listAll(store, 'procedural', true);
  report.counts.examined += all.length;
  await r.run('experience', planExperience(store, all));
  await r.review('experience', () => listAll(store, 'procedural', true));
  if (!llm || report.review_error) return;
  try {
    const reflections = (await listAll(store, 'procedural', false)).filter((m) => m.fields.entry_type === 'reflection');
    report.counts.examined += reflections.length;
    const taken = r.touchedByRules();
    const reviewed = await reviewReflections(store, llm, reflections.filter((m) => !taken.has(m.id)), await listAll(store, 'procedural', true), {
      model: opts.model,
      maxReviews: r.maxClusters,
      signal: opts.signal,
    });
    report.llm_calls += reviewed.calls;
    await r.run('reflection review', reviewed.plans);
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    report.review_error = `the model's review stopped at reflections: ${e.message.split('\n')[0]}`;
  }
}

/** Episodes: duplicates, the review, then hour and day rollups of what is left. */
async function episodicPass(r: DreamRun): Promise<void> {
  const { store, report, opts, dryRun } = r;
  const rollup = { now: r.now, hourAfterMs: (opts.hourRollupAfterDays ?? 1) * DAY, dayAfterMs: (opts.dayRollupAfterDays ?? 7) * DAY, halfLifeDays: r.halfLifeDays, time: r.time };
  let all = await listAll(store, 'episodic');
  report.counts.examined += all.length;
  await r.run('episodic duplicates', planEpisodicDuplicates(store, all, rollup));
  // Reviewed before the rollups: a summary is only as good as the episodes it is made of.
  await r.review('episodic', () => listAll(store, 'episodic'));
  if (!dryRun) all = await listAll(store, 'episodic');
  else {
    const merged = new Set(report.changes.filter((c) => c.kind === 'episodic').flatMap((c) => c.before.filter((id) => id !== c.after)));
    all = all.filter((m) => !merged.has(m.id));
  }
  const hourPlans = planRollups(store, all, { ...rollup, dayAfterMs: Number.POSITIVE_INFINITY });
  await r.run('episodic hour rollups', hourPlans);
  if (!dryRun) all = await listAll(store, 'episodic');
  await r.run('episodic day rollups', planRollups(store, all, { ...rollup, hourAfterMs: Number.POSITIVE_INFINITY }));
}

/** Decay: nothing is deleted; report how much has faded below half weight (search weighs it down). */
async function countFaded(r: DreamRun): Promise<void> {
  for (const kind of MEMORY_KINDS) {
    if (kind === 'core' || !r.wants(kind)) continue;
    for (const m of await listAll(r.store, kind)) {
      const lastUse = Date.parse(m.last_accessed_at ?? m.created_at);
      if (Math.pow(0.5, Math.max(0, r.now - lastUse) / (r.halfLifeDays * DAY)) < 0.5) r.report.counts.faded++;
    }
  }
}

/** dream, with each change's plan beside it (same order as report.changes): a dry run's plans can be applied later. */
export async function dreamPlans(store: BrainStore, opts: DreamOptions = {}): Promise<{ report: DreamReport; plans: Planned[] }> {
  const r = dreamRun(store, opts);
  await plainKindsPass(r);
  if (r.wants('procedural')) await proceduralPass(r);
  // MIRIX's experience mode (experience-pass.ts).
  if (r.report.mode === 'experience') await experiencePass(r);
  if (r.wants('experience')) await experienceKindPass(r);
  if (r.wants('episodic')) await episodicPass(r);
  // The graph last: duplicate entities that write-time resolution could not tell were one (an
  // address and the name it spells, a first name now unambiguous, accents, a document's URL and title).
  if (r.wants('entities')) await r.run('entities', planEntityMerges(store.graph));
  await countFaded(r);
  r.report.finished_at = new Date().toISOString();
  return { report: r.report, plans: r.plans };
}
