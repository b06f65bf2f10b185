import { sharpFrom } from './sharp-input.js';
import type { ScreenImage } from '../sources/index.js';

/**
 * Change detection, from one shrink of the screen to a 153x128 grey thumbnail:
 * - `hash`: the classic 9x8 dHash (each cell brighter than its right neighbour?), 64 bits as 16 hex
 *   digits, stored with the frame as its phash and compared with a bit threshold;
 * - `thumb`: the thumbnail itself (19.6 KB, kept in memory for the last frame of each display).
 *   A 64-bit hash averages a new line of text in a terminal away; counting thumbnail cells that
 *   moved by more than a few grey levels sees it, while a blinking cursor touches only one or two.
 */
export interface FrameSignature {
  hash: string;
  /** Null for a signature rebuilt from the store (only the hash is stored). */
  thumb: Uint8Array | null;
}

/** Thumbnail size: both grids divide it exactly, so each grid cell is a plain box average. */
const THUMB_W = 153; // 9 * 17
const THUMB_H = 128; // 8 * 16

export async function frameSignature(image: ScreenImage): Promise<FrameSignature> {
  const grey = await (await sharpFrom(image))
    .greyscale()
    .resize(THUMB_W, THUMB_H, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return signatureFromThumb(grey);
}

export function signatureFromThumb(grey: Uint8Array): FrameSignature {
  return { hash: dHashHex(boxShrink(grey, THUMB_W, THUMB_H, 9, 8), 9, 8), thumb: grey };
}

/** Thumbnail cells whose grey level moved by more than `delta`. */
export function changedCells(a: Uint8Array, b: Uint8Array, delta: number): number {
  if (a.length !== b.length) return a.length;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    if (d > delta || d < -delta) n++;
  }
  return n;
}

/** The classic 64-bit dHash alone (9x8). */
export async function dHash(image: ScreenImage): Promise<string> {
  return (await frameSignature(image)).hash;
}

function boxShrink(src: Uint8Array, sw: number, sh: number, dw: number, dh: number): Float64Array {
  const bx = sw / dw;
  const by = sh / dh;
  const out = new Float64Array(dw * dh);
  for (let y = 0; y < dh; y++) {
    for (let x = 0; x < dw; x++) {
      let sum = 0;
      for (let yy = y * by; yy < (y + 1) * by; yy++) {
        const row = yy * sw;
        for (let xx = x * bx; xx < (x + 1) * bx; xx++) sum += src[row + xx]!;
      }
      out[y * dw + x] = sum / (bx * by);
    }
  }
  return out;
}

/** dHash of a (cols+1) x rows grey grid, as hex (4 bits per digit, row-major). */
export function dHashHex(grid: ArrayLike<number>, w: number, h: number): string {
  let hex = '';
  let nibble = 0;
  let n = 0;
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w - 1; col++) {
      // Half a grey level of slack: on flat backgrounds equal cells must not flip on rounding noise.
      nibble = (nibble << 1) | (grid[row * w + col]! > grid[row * w + col + 1]! + 0.5 ? 1 : 0);
      if (++n % 4 === 0) {
        hex += nibble.toString(16);
        nibble = 0;
      }
    }
  }
  return hex;
}

/** Differing bits between two hex hashes of equal length (all bits when they cannot be compared). */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) return Math.max(a.length, b.length) * 4;
  let bits = 0;
  for (let i = 0; i < a.length; i++) {
    const x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    if (Number.isNaN(x)) return a.length * 4;
    bits += POPCOUNT4[x]!;
  }
  return bits;
}

const POPCOUNT4 = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/** The frame changed when the 64-bit hash moved past `coarse` bits or at least `cells` thumbnail cells changed. */
export interface ChangeThresholds {
  /** Bits of 64 (settings: change_threshold). */
  coarse: number;
  /** Thumbnail cells (of 19,584; one cell is about 8x6 screen pixels at 1280x800). */
  cells: number;
  /** Grey levels a cell must move to count. */
  cellDelta: number;
}

export const DEFAULT_CHANGE: ChangeThresholds = { coarse: 3, cells: 12, cellDelta: 20 };

export function isChanged(prev: FrameSignature | null, next: FrameSignature, t: ChangeThresholds = DEFAULT_CHANGE): boolean {
  if (!prev) return true;
  if (hammingDistance(prev.hash, next.hash) > t.coarse) return true;
  // A signature seeded from the store has only the stored 64-bit hash.
  if (!prev.thumb || !next.thumb) return false;
  return changedCells(prev.thumb, next.thumb, t.cellDelta) >= t.cells;
}
