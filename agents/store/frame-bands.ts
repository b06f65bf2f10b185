import { createHmac, hkdfSync } from 'node:crypto';
import { onFirstUse } from '../../shared/first-use/index.js';
import { StoreError } from './errors.js';

/** Raw pixels of a frame as capture has them after scaling: rows top to bottom, `channels` bytes a pixel. */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * Rows in a band. Measured on an xterm gaining a line every 2 s (1280x800, lossless WebP): new bands
 * only were 5.0 KB a frame at 32 px and 4.8 KB at 16 px against 8.8-9.0 KB for the whole frame;
 * 32 px halves the rows and keys for 4% more bytes.
 */
export const BAND_ROWS = 32;

type SharpFactory = typeof import('sharp').default;
// libvips takes ~0.3 s of CPU to load: only a process that keeps or shows a frame pays it.
const sharpLib = onFirstUse<SharpFactory>(() => import('sharp').then((m) => m.default));

/** The band's rows of a frame, in order (views into `raw.data`, not copies). */
export function cutBands(raw: RawPixels): Buffer[] {
  const row = raw.width * raw.channels;
  if (raw.data.length !== row * raw.height) throw new StoreError('INVALID_INPUT', 'frame pixels do not match their size');
  const out: Buffer[] = [];
  for (let y = 0; y < raw.height; y += BAND_ROWS) out.push(raw.data.subarray(y * row, Math.min(raw.height, y + BAND_ROWS) * row));
  return out;
}

/**
 * Names bands by a keyed hash of their pixels (HMAC-SHA256 under a sub-key of the master key, 16
 * bytes): equal pixels share one stored band, and a key says nothing about the pixels to anyone
 * without the master key (a plain hash of a blank or known screen could be guessed).
 */
export class BandKeys {
  private readonly key: Buffer;
  constructor(masterKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'engram-frame-bands-v1', 32));
  }

  of(band: Buffer, width: number, channels: number): Buffer {
    // The width and channels are part of the name: the same bytes cut at another width are other pixels.
    return createHmac('sha256', this.key).update(`${width}x${channels}:`).update(band).digest().subarray(0, 16);
  }
}

/** One band as lossless WebP (what a whole frame was stored as before bands). */
export async function encodeBand(band: Buffer, width: number, channels: 3 | 4): Promise<Buffer> {
  const sharp = await sharpLib.get();
  const rows = band.length / (width * channels);
  return sharp(band, { raw: { width, height: rows, channels } }).webp({ lossless: true, effort: 3 }).toBuffer();
}

/**
 * A frame's picture from its bands, as lossless WebP (the form readers have always had): each band
 * laid under the one before. Effort 0: readers decode it again at once (OCR, thumbnails), so the
 * encode should be quick rather than small.
 */
export async function composeBands(bands: Buffer[], width: number, height: number): Promise<Buffer> {
  const sharp = await sharpLib.get();
  let top = 0;
  const layers: { input: Buffer; top: number; left: number }[] = [];
  for (const input of bands) {
    layers.push({ input, top, left: 0 });
    top += BAND_ROWS;
  }
  if (top < height || top - BAND_ROWS >= height) throw new StoreError('IO', 'frame bands do not cover the frame');
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite(layers)
    .webp({ lossless: true, effort: 0 })
    .toBuffer();
}
