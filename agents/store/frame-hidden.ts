import { HiddenCountsSchema, type HiddenCounts, type HiddenReason } from '../../shared/api/index.js';

/** Counts by reason as the frames.hidden column holds them: JSON, or NULL when nothing was masked. */
export function encodeHidden(counts: HiddenCounts | null | undefined): string | null {
  if (!counts) return null;
  const parsed = HiddenCountsSchema.parse(counts);
  return Object.keys(parsed).length > 0 ? JSON.stringify(parsed) : null;
}

/**
 * The column read back, checked: a value that is not counts by a known reason reads as null
 * (the label is left out; the frame and its picture are untouched).
 */
export function decodeHidden(raw: string | null): HiddenCounts | null {
  if (raw === null) return null;
  try {
    const r = HiddenCountsSchema.safeParse(JSON.parse(raw));
    return r.success && Object.keys(r.data).length > 0 ? r.data : null;
  } catch {
    return null;
  }
}

/** Reasons listed once per masked window (the pipeline's form) as counts by reason. */
export function countHidden(reasons: readonly HiddenReason[]): HiddenCounts | null {
  if (!reasons.length) return null;
  const out: HiddenCounts = {};
  for (const r of reasons) out[r] = (out[r] ?? 0) + 1;
  return out;
}
