import type { HiddenCounts, HiddenReason } from '../../../../shared/api/index.js';
import { HIDDEN_REASON_LABEL } from '../privacy/hidden-reasons.js';

/**
 * "1 window hidden (private browsing and excluded titles)": what the privacy gate filled in a
 * stored frame, in the Privacy screen's words per reason. null when nothing was hidden.
 */
export function hiddenLabel(counts: HiddenCounts | null | undefined): string | null {
  if (!counts) return null;
  const reasons = (Object.keys(counts) as HiddenReason[]).filter((r) => (counts[r] ?? 0) > 0);
  const n = reasons.reduce((sum, r) => sum + (counts[r] ?? 0), 0);
  if (n === 0) return null;
  const why = reasons.map((r) => HIDDEN_REASON_LABEL[r]).sort((a, b) => a.localeCompare(b));
  return `${n.toLocaleString()} ${n === 1 ? 'window' : 'windows'} hidden (${why.join(', ')})`;
}
