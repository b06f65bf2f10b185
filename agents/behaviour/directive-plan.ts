import type { DirectiveRecord, FeedbackStance } from '../store/index.js';
import type { BehaviourStore } from './behaviour-store.js';
import { directiveTextProblem } from './directive-text.js';

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
  /** Active (accepted) directives after the run. */
  active: number;
}

/** The directives a review works on: the accepted ones and the proposals still waiting for the user. */
export function currentDirectives(store: BehaviourStore): DirectiveRecord[] {
  return [...store.directives.list('active'), ...store.directives.list('proposed')];
}

/** The prompt carries a short list: beyond this, new directives wait for room. */
export const MAX_ACTIVE_DIRECTIVES = 12;

/**
 * Applies a plan in one transaction: retirements first, then each upsert either strengthens the
 * current directive on its topic and stance (evidence added; a proposal's wording refreshed unless
 * the user edited it; an accepted directive keeps the words the user accepted) or proposes a new
 * one. A proposal changes nothing the prompt carries: an opposite active directive is retired only
 * when the user accepts it; an opposite older proposal is retired at once (newer feedback wins).
 */
export function applyPlan(store: BehaviourStore, plan: DirectivePlan, origin: 'rules' | 'model', at: number, feedbackCount: number): SynthesisReport {
  const report: SynthesisReport = { mode: origin === 'model' ? 'llm' : 'offline', feedback: feedbackCount, created: [], strengthened: [], retired: [], active: 0 };
  store.transaction(() => {
    for (const r of plan.retire) {
      const d = store.directives.get(r.id);
      if (d?.status !== 'active' && d?.status !== 'proposed') continue;
      store.directives.retire(r.id, r.reason, at);
      report.retired.push(r.id);
    }
    for (const u of plan.upserts) {
      const current = currentDirectives(store);
      const same: DirectiveRecord | undefined = (u.id ? current.find((d) => d.id === u.id) : undefined) ?? current.find((d) => d.topic === u.topic && d.stance === u.stance);
      if (same) {
        const fresh = u.evidence.filter((e) => !same.evidence.includes(e));
        if (fresh.length) store.directives.addEvidence(same.id, fresh);
        const reword = same.status === 'proposed' && !same.edited && same.text !== u.text.replace(/\s+/g, ' ').trim();
        if (reword) store.directives.reword(same.id, u.text, at);
        if (fresh.length || reword) report.strengthened.push(same.id);
        continue;
      }
      for (const other of current.filter((d) => d.status === 'proposed' && d.topic === u.topic && d.stance !== u.stance)) {
        store.directives.retire(other.id, `contradicted by newer feedback: ${u.text}`, at);
        report.retired.push(other.id);
      }
      if (currentDirectives(store).length >= MAX_ACTIVE_DIRECTIVES) continue;
      // The last guard, whoever made the plan: a link, an address or a tool name is never proposed.
      if (directiveTextProblem(u.text)) continue;
      const made = store.directives.create({ text: u.text, topic: u.topic, stance: u.stance, origin, evidence: u.evidence, at });
      report.created.push(made.id);
    }
    report.active = store.directives.list('active').length;
  });
  return report;
}
