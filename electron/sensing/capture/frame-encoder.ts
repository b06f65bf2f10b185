import { sharpFrom } from './sharp-input.js';
import type { ScreenImage } from '../sources/index.js';

export interface EncodedFrame {
  webp: Buffer;
  width: number;
  height: number;
}

/** A screen scaled as it is stored, as raw RGB rows (the store keeps the bands that changed). */
export interface ScaledFrame {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

export interface FrameEncoderOptions {
  /** Longest side of a stored frame. */
  maxSide?: number;
  /**
   * Lossless WebP is both smaller and sharper than lossy on screen content (flat colours, text):
   * about 20 KB for a dense 1280x800 terminal against 70 KB at lossy q60. Lossy remains for photos-heavy use.
   */
  lossless?: boolean;
  quality?: number;
  effort?: number;
}

/** Downscales a captured screen (longest side 1280 by default) and encodes it as WebP, in memory. */
export class FrameEncoder {
  private readonly maxSide: number;
  constructor(private readonly opts: FrameEncoderOptions = {}) {
    this.maxSide = opts.maxSide ?? 1280;
  }

  /** The screen scaled to the stored size, raw: capture's path since frames are kept as bands. */
  async scale(image: ScreenImage): Promise<ScaledFrame> {
    const { data, info } = await (await sharpFrom(image))
      .removeAlpha()
      .resize(this.maxSide, this.maxSide, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 3 };
  }

  async encode(image: ScreenImage): Promise<EncodedFrame> {
    const { data, info } = await (await sharpFrom(image))
      .removeAlpha()
      .resize(this.maxSide, this.maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp(
        this.opts.lossless === false
          ? { quality: this.opts.quality ?? 60, effort: this.opts.effort ?? 2 }
          : { lossless: true, effort: this.opts.effort ?? 3 },
      )
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  }
}
