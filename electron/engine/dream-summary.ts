import type { DreamReport } from '../../agents/dream/index.js';

/** The one line a consolidation run is told in: the window's progress panel and `engram dream` alike. */
export function dreamSummary(report: Pick<DreamReport, 'counts' | 'dry_run'>): string {
  const c = report.counts;
  return `${report.dry_run ? 'would change' : 'changed'}: ${c.merged} merged, ${c.superseded} superseded, ${c.rolled_up} rolled up, ${c.compressed} core blocks tidied · ${c.faded} faded (kept) · ${c.examined} examined`;
}
