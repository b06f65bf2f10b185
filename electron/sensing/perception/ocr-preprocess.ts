import type { OcrImage } from './ocr-engine.js';

export interface PreparedOcr extends OcrImage {
  /** Share of the image that was light-on-dark and got inverted (0..1). */
  invertedShare: number;
}

export interface PrepareOptions {
  /** Tile edge in pixels: dark areas are found and inverted tile by tile. */
  tile?: number;
  /** A tile whose median grey is below this counts as a dark background. */
  darkBelow?: number;
}

/**
 * Makes light-on-dark text readable for tesseract, which is trained on dark-on-light: the image is
 * cut into tiles, and each tile whose median grey is dark (its background, since text covers a
 * minority of pixels) is inverted. Menu bars, dark panels and whole dark themes are handled alike,
 * and a mixed screen keeps its light parts as they are. Output is a binary PGM, free to decode.
 */
export function prepareForOcr(grey: Uint8Array, width: number, height: number, opts: PrepareOptions = {}): PreparedOcr {
  if (grey.length < width * height) throw new Error('grey buffer smaller than width*height');
  const tile = opts.tile ?? 24;
  const darkBelow = opts.darkBelow ?? 110;
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const pgm = Buffer.allocUnsafe(header.length + width * height);
  header.copy(pgm, 0);
  const out = pgm.subarray(header.length);
  out.set(grey.subarray(0, width * height));
  const hist = new Uint32Array(256);
  let inverted = 0;
  for (let ty = 0; ty < height; ty += tile) {
    const th = Math.min(tile, height - ty);
    for (let tx = 0; tx < width; tx += tile) {
      const tw = Math.min(tile, width - tx);
      hist.fill(0);
      for (let y = ty; y < ty + th; y++) {
        const row = y * width;
        for (let x = tx; x < tx + tw; x++) hist[out[row + x]!]!++;
      }
      const half = (tw * th) / 2;
      let acc = 0;
      let median = 0;
      for (; median < 256; median++) {
        acc += hist[median]!;
        if (acc >= half) break;
      }
      if (median < darkBelow) {
        inverted += tw * th;
        for (let y = ty; y < ty + th; y++) {
          const row = y * width;
          for (let x = tx; x < tx + tw; x++) out[row + x] = 255 - out[row + x]!;
        }
      }
    }
  }
  return { pgm, width, height, invertedShare: width * height > 0 ? inverted / (width * height) : 0 };
}

/** Cuts a rectangle out of a grey image (for OCR of the changed part of a screen only). */
export function cropGrey(grey: Uint8Array, width: number, x: number, y: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let row = 0; row < h; row++) out.set(grey.subarray((y + row) * width + x, (y + row) * width + x + w), row * w);
  return out;
}
