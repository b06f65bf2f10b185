import type { OcrBox, OcrLine, OcrResult } from '../perception/index.js';

/**
 * Incremental OCR: most kept frames differ from the previous one in a few rows (a line typed, a
 * message arrived, a clock ticked), and OCR is by far the costliest stage. So only the changed
 * horizontal bands are read; lines of the previous result outside them are reused as they were.
 * Bands span the full width and are widened to whole previous lines, so no line is read in halves.
 */
export interface Region {
  /** Rows [y0, y1) of the frame. */
  y0: number;
  y1: number;
  /** Where the band starts in the stacked image handed to OCR. */
  stackY: number;
}

export interface IncrementalPlan {
  regions: Region[];
  /** Grey image of the bands stacked with blank gaps: what OCR reads. */
  stacked: Uint8Array;
  stackedHeight: number;
}

const GAP = 16;

export interface ChangeOptions {
  /** Grey-level difference that counts a pixel as changed. */
  pixelDelta?: number;
  /** Rows of padding around a change (about half a line of small text). */
  pad?: number;
  /** Bands closer than this are merged. */
  mergeGap?: number;
  /** Above this share of the frame height, read the whole frame instead. */
  maxShare?: number;
}

/** Changed row bands between two grey frames of equal size; null when it is cheaper to read everything. */
export function changedRegions(prev: Uint8Array, next: Uint8Array, width: number, height: number, baseLines: OcrLine[] = [], opts: ChangeOptions = {}): Region[] | null {
  const delta = opts.pixelDelta ?? 24;
  const pad = opts.pad ?? 8;
  const mergeGap = opts.mergeGap ?? 24;
  const bands: [number, number][] = [];
  let start = -1;
  let lastChanged = -mergeGap - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let changed = false;
    for (let x = 0; x < width; x++) {
      const d = prev[row + x]! - next[row + x]!;
      if (d > delta || d < -delta) {
        changed = true;
        break;
      }
    }
    if (!changed) continue;
    if (start >= 0 && y - lastChanged <= mergeGap) {
      lastChanged = y;
      continue;
    }
    if (start >= 0) bands.push([start, lastChanged + 1]);
    start = y;
    lastChanged = y;
  }
  if (start >= 0) bands.push([start, lastChanged + 1]);
  if (bands.length === 0) return [];

  // Pad, then grow each band to whole lines of the previous result, then merge overlaps.
  let grown = bands.map(([a, b]) => [Math.max(0, a - pad), Math.min(height, b + pad)] as [number, number]);
  for (let pass = 0; pass < 3; pass++) {
    grown = grown.map(([a, b]) => {
      let lo = a;
      let hi = b;
      for (const l of baseLines) {
        if (l.bbox.y1 > lo && l.bbox.y0 < hi) {
          lo = Math.min(lo, Math.max(0, l.bbox.y0 - 2));
          hi = Math.max(hi, Math.min(height, l.bbox.y1 + 2));
        }
      }
      return [lo, hi] as [number, number];
    });
    grown.sort((p, q) => p[0] - q[0]);
    const merged: [number, number][] = [];
    for (const band of grown) {
      const last = merged[merged.length - 1];
      if (last && band[0] <= last[1] + mergeGap) last[1] = Math.max(last[1], band[1]);
      else merged.push([...band]);
    }
    grown = merged;
  }
  const total = grown.reduce((n, [a, b]) => n + (b - a), 0);
  if (total > height * (opts.maxShare ?? 0.6)) return null;
  let stackY = 0;
  return grown.map(([y0, y1]) => {
    const r = { y0, y1, stackY };
    stackY += y1 - y0 + GAP;
    return r;
  });
}

/** Stacks the bands of a grey frame into one image, separated by blank rows of the band's edge colour. */
export function stackRegions(grey: Uint8Array, width: number, regions: Region[]): IncrementalPlan {
  const stackedHeight = regions.reduce((n, r) => n + (r.y1 - r.y0) + GAP, 0) - GAP;
  const stacked = new Uint8Array(width * Math.max(1, stackedHeight));
  for (const r of regions) {
    stacked.set(grey.subarray(r.y0 * width, r.y1 * width), r.stackY * width);
    const gapStart = r.stackY + (r.y1 - r.y0);
    if (gapStart < stackedHeight) {
      // Repeat the band's last row into the gap: same background, so dark-theme tiles stay dark.
      const edge = grey.subarray((r.y1 - 1) * width, r.y1 * width);
      for (let y = gapStart; y < Math.min(stackedHeight, gapStart + GAP); y++) stacked.set(edge, y * width);
    }
  }
  return { regions, stacked, stackedHeight };
}

/** Previous lines outside the bands, plus the lines read in the bands moved back to frame coordinates. */
export function mergeOcr(base: OcrResult, partial: OcrResult, regions: Region[]): OcrResult {
  const inside = (b: OcrBox) => regions.some((r) => b.y1 > r.y0 && b.y0 < r.y1);
  const kept = base.lines.filter((l) => !inside(l.bbox));
  const moved: OcrLine[] = [];
  for (const l of partial.lines) {
    const mid = (l.bbox.y0 + l.bbox.y1) / 2;
    const r = regions.find((rr) => mid >= rr.stackY && mid < rr.stackY + (rr.y1 - rr.y0));
    if (!r) continue; // a smudge read in a gap
    const dy = r.y0 - r.stackY;
    moved.push({ ...l, bbox: { x0: l.bbox.x0, x1: l.bbox.x1, y0: l.bbox.y0 + dy, y1: l.bbox.y1 + dy } });
  }
  const lines = [...kept, ...moved].sort((a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0);
  const confidence = lines.length ? lines.reduce((n, l) => n + l.confidence, 0) / lines.length : partial.confidence;
  return { text: lines.map((l) => l.text).join('\n'), confidence, lines };
}
