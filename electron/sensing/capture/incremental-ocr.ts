import type { OcrBox, OcrLine, OcrResult } from '../perception/index.js';

/**
 * Incremental OCR: most kept frames differ from the previous one in a few rows (a line typed, a
 * message arrived, a clock ticked), and OCR is by far the costliest stage. So only the changed
 * parts are read; lines of the previous result outside them are reused as they were. A region is
 * a band of rows limited to the columns that changed, widened to whole previous lines (no line is
 * read in halves); the bands are stacked into one image for a single OCR call, with everything
 * outside a band's columns filled with its background (another window's edge beside a short band
 * reads as a stray "|" otherwise).
 */
export interface Region {
  /** Rows [y0, y1) of the frame. */
  y0: number;
  y1: number;
  /** Columns [x0, x1) of the frame that are read; the rest of the band is blanked. */
  x0: number;
  x1: number;
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
  /**
   * Columns of padding left and right of a change (anti-aliased glyph edges). Small on purpose:
   * the background fill around the band is the OCR's margin, and a wider one reaches the edge of
   * the window the text is in (a terminal's text starts two or three pixels from it), which OCR
   * then reads as "|" or merges into the first letter.
   */
  padX?: number;
  /** Bands closer than this are merged. */
  mergeGap?: number;
  /** Above this share of the frame height, read the whole frame instead. */
  maxShare?: number;
}

type Box = { y0: number; y1: number; x0: number; x1: number };

const overlaps = (a: Box, b: OcrBox) => b.y1 > a.y0 && b.y0 < a.y1 && b.x1 > a.x0 && b.x0 < a.x1;

/** Changed regions between two grey frames of equal size; null when it is cheaper to read everything. */
export function changedRegions(prev: Uint8Array, next: Uint8Array, width: number, height: number, baseLines: OcrLine[] = [], opts: ChangeOptions = {}): Region[] | null {
  const delta = opts.pixelDelta ?? 24;
  const pad = opts.pad ?? 8;
  const padX = opts.padX ?? 2;
  const mergeGap = opts.mergeGap ?? 24;
  const differs = (i: number) => {
    const d = prev[i]! - next[i]!;
    return d > delta || d < -delta;
  };
  // Changed rows, each with the first and last changed column, merged into bands.
  let bands: Box[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    for (let x = 0; x < width; x++) {
      if (differs(row + x)) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    let last = first;
    for (let x = width - 1; x > first; x--) {
      if (differs(row + x)) {
        last = x;
        break;
      }
    }
    const band = bands[bands.length - 1];
    if (band && y - (band.y1 - 1) <= mergeGap) {
      band.y1 = y + 1;
      band.x0 = Math.min(band.x0, first);
      band.x1 = Math.max(band.x1, last + 1);
    } else bands.push({ y0: y, y1: y + 1, x0: first, x1: last + 1 });
  }
  if (bands.length === 0) return [];

  // Grow each band to the whole previous lines its changed pixels touch, merging bands that come
  // close, until nothing moves.
  const grow = (list: Box[]): Box[] => {
    for (let pass = 0; pass < 8; pass++) {
      let moved = false;
      for (const b of list) {
        for (const l of baseLines) {
          if (!overlaps(b, l.bbox)) continue;
          const y0 = Math.min(b.y0, Math.max(0, l.bbox.y0));
          const y1 = Math.max(b.y1, Math.min(height, l.bbox.y1));
          const x0 = Math.min(b.x0, Math.max(0, l.bbox.x0));
          const x1 = Math.max(b.x1, Math.min(width, l.bbox.x1));
          if (y0 !== b.y0 || y1 !== b.y1 || x0 !== b.x0 || x1 !== b.x1) moved = true;
          Object.assign(b, { y0, y1, x0, x1 });
        }
      }
      const merged = mergeBands(list, mergeGap);
      if (merged.length !== list.length) moved = true;
      list = merged;
      if (!moved) break;
    }
    return list;
  };
  bands = grow(bands);
  // Then a margin for the OCR, stopping short of an unchanged neighbouring line: a new line in a
  // terminal sits a pixel or two under the previous one, and a margin reaching into that line
  // would read it again (about as much OCR as the new line itself) for nothing, since its text is
  // kept from the previous result.
  bands = bands.map((b) => {
    let { y0, y1, x0, x1 } = { y0: Math.max(0, b.y0 - pad), y1: Math.min(height, b.y1 + pad), x0: Math.max(0, b.x0 - padX), x1: Math.min(width, b.x1 + padX) };
    for (const l of baseLines) {
      const bb = l.bbox;
      const besideRows = bb.x1 > b.x0 && bb.x0 < b.x1;
      const besideCols = bb.y1 > b.y0 && bb.y0 < b.y1;
      if (besideRows && bb.y1 <= b.y0 && bb.y1 + 1 > y0) y0 = Math.min(b.y0, bb.y1 + 1);
      if (besideRows && bb.y0 >= b.y1 && bb.y0 - 1 < y1) y1 = Math.max(b.y1, bb.y0 - 1);
      if (besideCols && bb.x1 <= b.x0 && bb.x1 + 1 > x0) x0 = Math.min(b.x0, bb.x1 + 1);
      if (besideCols && bb.x0 >= b.x1 && bb.x0 - 1 < x1) x1 = Math.max(b.x1, bb.x0 - 1);
    }
    return { y0, y1, x0, x1 };
  });
  // Margins that met (or a corner of a line they reach diagonally) are grown and merged again.
  bands = grow(mergeBands(bands, 0));
  const total = bands.reduce((n, b) => n + (b.y1 - b.y0), 0);
  if (total > height * (opts.maxShare ?? 0.6)) return null;
  let stackY = 0;
  return bands.map(({ y0, y1, x0, x1 }) => {
    const r = { y0, y1, x0, x1, stackY };
    stackY += y1 - y0 + GAP;
    return r;
  });
}

/** Sorted bands, those whose rows come within `gap` of each other merged into one. */
function mergeBands(bands: Box[], gap: number): Box[] {
  const sorted = [...bands].sort((p, q) => p.y0 - q.y0);
  const merged: Box[] = [];
  for (const band of sorted) {
    const last = merged[merged.length - 1];
    if (last && band.y0 <= last.y1 + gap) {
      last.y1 = Math.max(last.y1, band.y1);
      last.x0 = Math.min(last.x0, band.x0);
      last.x1 = Math.max(last.x1, band.x1);
    } else merged.push({ ...band });
  }
  return merged;
}

/**
 * Stacks the bands of a grey frame into one image, separated by blank rows. Each band keeps its
 * columns [x0, x1) where they are; the rest of its rows and the gap after it are filled with the
 * band's most common grey (its background, so dark-theme tiles stay dark).
 */
export function stackRegions(grey: Uint8Array, width: number, regions: Region[]): IncrementalPlan {
  const stackedHeight = regions.reduce((n, r) => n + (r.y1 - r.y0) + GAP, 0) - GAP;
  const stacked = new Uint8Array(width * Math.max(1, stackedHeight));
  const hist = new Uint32Array(256);
  for (const r of regions) {
    hist.fill(0);
    for (let y = r.y0; y < r.y1; y++) for (let x = r.x0, i = y * width + r.x0; x < r.x1; x++, i++) hist[grey[i]!]!++;
    let fill = 255;
    for (let v = 0, best = -1; v < 256; v++) {
      if (hist[v]! > best) {
        best = hist[v]!;
        fill = v;
      }
    }
    const bandEnd = r.stackY + (r.y1 - r.y0);
    stacked.fill(fill, r.stackY * width, Math.min(stackedHeight, bandEnd + GAP) * width);
    for (let y = r.y0; y < r.y1; y++) stacked.set(grey.subarray(y * width + r.x0, y * width + r.x1), (r.stackY + y - r.y0) * width + r.x0);
  }
  return { regions, stacked, stackedHeight };
}

/** Previous lines outside the bands, plus the lines read in the bands moved back to frame coordinates. */
export function mergeOcr(base: OcrResult, partial: OcrResult, regions: Region[]): OcrResult {
  const inside = (b: OcrBox) => regions.some((r) => overlaps(r, b));
  const kept = base.lines.filter((l) => !inside(l.bbox));
  const moved: OcrLine[] = [];
  for (const l of partial.lines) {
    const mid = (l.bbox.y0 + l.bbox.y1) / 2;
    const r = regions.find((rr) => mid >= rr.stackY && mid < rr.stackY + (rr.y1 - rr.y0));
    if (!r) continue; // a smudge read in a gap
    const dy = r.y0 - r.stackY;
    const shift = (b: OcrBox): OcrBox => ({ x0: b.x0, x1: b.x1, y0: b.y0 + dy, y1: b.y1 + dy });
    moved.push({ ...l, bbox: shift(l.bbox), ...(l.words ? { words: l.words.map((w) => ({ ...w, bbox: shift(w.bbox) })) } : {}) });
  }
  const lines = [...kept, ...moved].sort((a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0);
  const confidence = lines.length ? lines.reduce((n, l) => n + l.confidence, 0) / lines.length : partial.confidence;
  return { text: lines.map((l) => l.text).join('\n'), confidence, lines };
}
