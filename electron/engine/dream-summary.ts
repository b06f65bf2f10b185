import type { DreamApplyReport, DreamReport } from '../../agents/dream/index.js';

/** The one line a consolidation run is told in: the window's progress panel and `engram dream` alike. */
export function dreamSummary(report: Pick<DreamReport, 'counts' | 'dry_run'> & Partial<Pick<DreamReport, 'reviewer'>>): string {
  const c = report.counts;
  const model = report.reviewer === 'model' ? ` · model review: ${c.rewritten ?? 0} rewritten, ${c.distilled ?? 0} skills distilled` : '';
  const entities = c.entities_merged ? ` · ${c.entities_merged} entities merged` : '';
  return `${report.dry_run ? 'would change' : 'changed'}: ${c.merged} merged, ${c.superseded} superseded, ${c.rolled_up} rolled up, ${c.compressed} core blocks tidied${model}${entities} · ${c.faded} faded (kept) · ${c.examined} examined`;
}

/** The line for the changes a user accepted from a dry run. */
export function appliedSummary(r: DreamApplyReport): string {
  const c = r.counts;
  if (!r.applied.length) return 'changed nothing: no change was accepted';
  const other = c.other ? `, ${c.other} other` : '';
  return `changed ${r.applied.length} accepted: ${c.merged} merged, ${c.superseded} superseded, ${c.rolled_up} rolled up, ${c.rewritten} rewritten${other}`;
}
