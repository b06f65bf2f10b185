import type { DirectiveRecord, FeedbackStance } from '../store/index.js';
import type { BehaviourStore } from './behaviour-store.js';

/** What one synthesis decides: directives to make or strengthen, and ones to retire. */
export interface DirectivePlan {
  upserts: { id?: string; text: string; topic: string; stance: FeedbackStance; evidence: string[] }[];
  retire: { id: string; reason: string }[];
}

export interface SynthesisReport {
  mode: 'offline' | 'llm';
  /** Feedback read (not spent by a deleted directive). */
  feedback: number;
  created: string[];
  strengthened: string[];
  retired: string[];
  /** Active directives after the run. */
  active: number;
}

/** The prompt carries a short list: beyond this, new directives wait for room. */
export const MAX_ACTIVE_DIRECTIVES = 12;

/**
 * Applies a plan in one transaction: retirements first, then each upsert either strengthens the
 * active directive on its topic and stance (evidence added, wording refreshed unless the user
 * edited it) or makes a new one; a new one retires any active directive on its topic that says
 * the opposite (newer feedback wins).
 */
export function applyPlan(store: BehaviourStore, plan: DirectivePlan, origin: 'rules' | 'model', at: number, feedbackCount: number): SynthesisReport {
  const report: SynthesisReport = { mode: origin === 'model' ? 'llm' : 'offline', feedback: feedbackCount, created: [], strengthened: [], retired: [], active: 0 };
  store.transaction(() => {
    for (const r of plan.retire) {
      const d = store.directives.get(r.id);
      if (d?.status !== 'active') continue;
      store.directives.retire(r.id, r.reason, at);
      report.retired.push(r.id);
    }
    for (const u of plan.upserts) {
      const active = store.directives.list('active');
      const same: DirectiveRecord | undefined = (u.id ? active.find((d) => d.id === u.id) : undefined) ?? active.find((d) => d.topic === u.topic && d.stance === u.stance);
      if (same) {
        const fresh = u.evidence.filter((e) => !same.evidence.includes(e));
        if (fresh.length) store.directives.addEvidence(same.id, fresh);
        if (!same.edited && same.text !== u.text.replace(/\s+/g, ' ').trim()) store.directives.reword(same.id, u.text, at);
        if (fresh.length || (!same.edited && same.text !== u.text)) report.strengthened.push(same.id);
        continue;
      }
      for (const other of active.filter((d) => d.topic === u.topic && d.stance !== u.stance)) {
        store.directives.retire(other.id, `contradicted by newer feedback: ${u.text}`, at);
        report.retired.push(other.id);
      }
      if (store.directives.list('active').length >= MAX_ACTIVE_DIRECTIVES) continue;
      const made = store.directives.create({ text: u.text, topic: u.topic, stance: u.stance, origin, evidence: u.evidence, at });
      report.created.push(made.id);
    }
    report.active = store.directives.list('active').length;
  });
  return report;
}
