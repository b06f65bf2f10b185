import type { HiddenCounts, HiddenReason } from '../../../../shared/api/index.js';
import { fmtCount } from '../../lib/format.js';
import { HIDDEN_REASON_LABEL } from '../privacy/hidden-reasons.js';

/**
 * "1 window hidden (private browsing and excluded titles)": what the privacy gate filled in a
 * stored frame, in the Privacy screen's words per reason. null when nothing was hidden.
 */
export function hiddenLabel(counts: HiddenCounts | null | undefined): string | null {
  const n = hiddenTotal(counts);
  if (!counts || n === 0) return null;
  const reasons = (Object.keys(counts) as HiddenReason[]).filter((r) => (counts[r] ?? 0) > 0);
  const why = reasons.map((r) => HIDDEN_REASON_LABEL[r]).sort((a, b) => a.localeCompare(b));
  return `${fmtCount(n, 'window')} hidden (${why.join(', ')})`;
}

/** How many windows were filled in a frame, all reasons together (0 when none). */
export function hiddenTotal(counts: HiddenCounts | null | undefined): number {
  if (!counts) return 0;
  return (Object.values(counts) as (number | undefined)[]).reduce<number>((sum, c) => sum + (c && c > 0 ? c : 0), 0);
}

/** A row's short form: "1 window hidden"; the whole label goes in its tooltip. null when nothing was hidden. */
export function hiddenShort(counts: HiddenCounts | null | undefined): string | null {
  const n = hiddenTotal(counts);
  return n === 0 ? null : `${fmtCount(n, 'window')} hidden`;
}
