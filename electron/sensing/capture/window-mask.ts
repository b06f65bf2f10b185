import type { ExclusionReason } from './privacy-gate.js';
import { windowSpaceOf, type DisplayInfo, type ScreenImage } from '../sources/index.js';
import { sharpFrom } from './sharp-input.js';
import type { ListedWindow, Rect, WindowSnapshot } from './window-list.js';

/** What is hidden on one display: rectangles in the image's pixels, and why (no titles). */
export interface MaskPlan {
  rects: Rect[];
  /** One entry per excluded window with a visible part on this display. */
  hidden: ExclusionReason[];
  /** Share of the display's pixels left unmasked, 0..1. */
  unmasked: number;
}

/** The solid fill of a hidden window: a dark grey the timeline can label as such. */
export const MASK_RGB = [0x2b, 0x2b, 0x30] as const;

/**
 * Which parts of a display to hide: every excluded window's visible part (its rectangle less the
 * windows stacked above it, where the stacking is known; its whole rectangle where it is not),
 * clipped to the display and scaled to the image's pixels (HiDPI: the image may be larger than the
 * display's logical size). Edges are rounded outwards: a pixel half covered is hidden.
 */
export function planMasks(snapshot: WindowSnapshot, exclusion: (w: ListedWindow) => ExclusionReason | null, display: DisplayInfo, image: { width: number; height: number }): MaskPlan {
  // Window bounds are in the window list's coordinates (macOS points, Windows physical pixels, X11
  // root pixels); the image is the display's pixels.
  const screen: Rect = windowSpaceOf(display);
  const sx = image.width / screen.width;
  const sy = image.height / screen.height;
  const rects: Rect[] = [];
  const hidden: ExclusionReason[] = [];
  const ws = snapshot.windows;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const reason = exclusion(w);
    if (!reason) continue;
    let visible = [w.bounds];
    if (snapshot.stacked) for (let j = i + 1; j < ws.length && visible.length > 0; j++) visible = visible.flatMap((r) => subtract(r, ws[j]!.bounds));
    let shown = false;
    for (const r of visible) {
      const c = intersect(r, screen);
      if (!c) continue;
      const x0 = Math.max(0, Math.floor((c.x - screen.x) * sx));
      const y0 = Math.max(0, Math.floor((c.y - screen.y) * sy));
      const x1 = Math.min(image.width, Math.ceil((c.x + c.width - screen.x) * sx));
      const y1 = Math.min(image.height, Math.ceil((c.y + c.height - screen.y) * sy));
      if (x1 <= x0 || y1 <= y0) continue;
      rects.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
      shown = true;
    }
    if (shown) hidden.push(reason);
  }
  const total = image.width * image.height;
  return { rects, hidden, unmasked: total > 0 ? 1 - unionArea(rects) / total : 0 };
}

/** Fills the rectangles in place (raw images) or in a decoded copy (PNG/JPEG), never on disk. */
export async function applyMasks(image: ScreenImage, rects: Rect[]): Promise<ScreenImage> {
  if (rects.length === 0) return image;
  let raw: Extract<ScreenImage, { format: 'raw' }>;
  if (image.format === 'raw') raw = image;
  else {
    const { data, info } = await (await sharpFrom(image)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    raw = { format: 'raw', data, width: info.width, height: info.height, channels: 3 };
  }
  fillRects(raw.data, raw.width, raw.height, raw.channels, rects);
  return raw;
}

export function fillRects(data: Buffer, width: number, height: number, channels: 3 | 4, rects: Rect[]): void {
  const pattern = Buffer.from(channels === 4 ? [...MASK_RGB, 255] : [...MASK_RGB]);
  for (const r of rects) {
    const x0 = Math.max(0, r.x);
    const x1 = Math.min(width, r.x + r.width);
    const y0 = Math.max(0, r.y);
    const y1 = Math.min(height, r.y + r.height);
    if (x1 <= x0) continue;
    for (let y = y0; y < y1; y++) {
      const row = y * width * channels;
      data.fill(pattern, row + x0 * channels, row + x1 * channels);
    }
  }
}

export function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  return x1 > x && y1 > y ? { x, y, width: x1 - x, height: y1 - y } : null;
}

/** a minus b: up to four rectangles (above, below, left, right of the overlap). */
export function subtract(a: Rect, b: Rect): Rect[] {
  const o = intersect(a, b);
  if (!o) return [a];
  const out: Rect[] = [];
  const ax1 = a.x + a.width;
  const ay1 = a.y + a.height;
  const ox1 = o.x + o.width;
  const oy1 = o.y + o.height;
  if (o.y > a.y) out.push({ x: a.x, y: a.y, width: a.width, height: o.y - a.y });
  if (oy1 < ay1) out.push({ x: a.x, y: oy1, width: a.width, height: ay1 - oy1 });
  if (o.x > a.x) out.push({ x: a.x, y: o.y, width: o.x - a.x, height: o.height });
  if (ox1 < ax1) out.push({ x: ox1, y: o.y, width: ax1 - ox1, height: o.height });
  return out;
}

/** Area of a union of rectangles (a sweep over x; the lists are short). */
export function unionArea(rects: Rect[]): number {
  const xs = [...new Set(rects.flatMap((r) => [r.x, r.x + r.width]))].sort((a, b) => a - b);
  let area = 0;
  for (let i = 0; i + 1 < xs.length; i++) {
    const xa = xs[i]!;
    const xb = xs[i + 1]!;
    const spans = rects
      .filter((r) => r.x <= xa && r.x + r.width >= xb)
      .map((r) => [r.y, r.y + r.height] as const)
      .sort((p, q) => p[0] - q[0]);
    let covered = 0;
    let end = -Infinity;
    for (const [s, e] of spans) {
      if (e <= end) continue;
      covered += e - Math.max(s, end);
      end = e;
    }
    area += covered * (xb - xa);
  }
  return area;
}

/** A fingerprint of the excluded windows (id, place, title): two reads that differ drop the frame. */
export function exclusionSignature(snapshot: WindowSnapshot, exclusion: (w: ListedWindow) => ExclusionReason | null): string {
  return snapshot.windows
    .filter((w) => exclusion(w) !== null)
    .map((w) => `${w.id}@${w.bounds.x},${w.bounds.y},${w.bounds.width}x${w.bounds.height}:${w.title}`)
    .join('|');
}
