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
  const rects: Rect[] = [];
  const hidden: ExclusionReason[] = [];
  const ws = snapshot.windows;
  for (let i = 0; i < ws.length; i++) {
    const reason = exclusion(ws[i]!);
    if (!reason) continue;
    const shown = visibleInImage(snapshot, i, [ws[i]!.bounds], display, image);
    rects.push(...shown);
    if (shown.length > 0) hidden.push(reason);
  }
  const total = image.width * image.height;
  return { rects, hidden, unmasked: total > 0 ? 1 - unionArea(rects) / total : 0 };
}

/**
 * A part of the image OCR should not read, in the image's pixels: a visible piece of a window's
 * decorations with that window's content (painted over with the content's edge), or a masked
 * window (no content: painted white, so its fill is no edge beside the text next to it).
 */
export interface Decoration {
  rect: Rect;
  content?: Rect;
}

/**
 * The visible window-manager decorations (title bars, borders) on one display, in the image's
 * pixels: each window's frame less its content, less the windows above it. OCR reads the buttons
 * and icons of a title bar as garbage lines, and the title itself is known exactly from the window
 * list, so these parts are blanked in the image handed to OCR (never in the kept frame). Edges are
 * rounded inwards, so a pixel of content is never blanked.
 */
export function planDecorations(snapshot: WindowSnapshot, display: DisplayInfo, image: { width: number; height: number }): Decoration[] {
  const out: Decoration[] = [];
  snapshot.windows.forEach((w, i) => {
    if (!w.content) return;
    const [content] = visibleInImage({ ...snapshot, stacked: false }, i, [w.content], display, image, 'in');
    if (!content) return;
    for (const rect of visibleInImage(snapshot, i, subtract(w.bounds, w.content), display, image, 'in')) out.push({ rect, content });
  });
  return out;
}

/**
 * Parts of window i's rectangles not covered by windows stacked above it (when the stacking is
 * known), clipped to the display and scaled to the image's pixels (HiDPI: the image may be larger
 * than the display's logical size). Rounded outwards (a pixel half covered is included) unless
 * asked inwards.
 */
function visibleInImage(snapshot: WindowSnapshot, i: number, parts: Rect[], display: DisplayInfo, image: { width: number; height: number }, round: 'out' | 'in' = 'out'): Rect[] {
  // Window bounds are in the window list's coordinates (macOS points, Windows physical pixels, X11
  // root pixels); the image is the display's pixels.
  const screen: Rect = windowSpaceOf(display);
  const sx = image.width / screen.width;
  const sy = image.height / screen.height;
  const lo = round === 'out' ? Math.floor : Math.ceil;
  const hi = round === 'out' ? Math.ceil : Math.floor;
  const ws = snapshot.windows;
  let visible = parts;
  if (snapshot.stacked) for (let j = i + 1; j < ws.length && visible.length > 0; j++) visible = visible.flatMap((r) => subtract(r, ws[j]!.bounds));
  const rects: Rect[] = [];
  for (const r of visible) {
    const c = intersect(r, screen);
    if (!c) continue;
    const x0 = Math.max(0, lo((c.x - screen.x) * sx));
    const y0 = Math.max(0, lo((c.y - screen.y) * sy));
    const x1 = Math.min(image.width, hi((c.x + c.width - screen.x) * sx));
    const y1 = Math.min(image.height, hi((c.y + c.height - screen.y) * sy));
    if (x1 <= x0 || y1 <= y0) continue;
    rects.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  return rects;
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
