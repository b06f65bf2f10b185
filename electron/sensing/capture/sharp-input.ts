import type { Sharp } from 'sharp';
import { onFirstUse } from '../../../shared/first-use/index.js';
import type { ScreenImage } from '../sources/index.js';

type SharpFactory = typeof import('sharp').default;
/**
 * sharp, loaded with the first image: libvips takes about 0.3 s of CPU to load, which hosts and
 * commands that never touch a screen image (engram stats, search, add) should not pay.
 */
const sharpLib = onFirstUse<SharpFactory>(() => import('sharp').then((m) => m.default));

export function loadSharp(): Promise<SharpFactory> {
  return sharpLib.get();
}

/** A sharp pipeline reading a captured screen, raw or encoded, without touching the disk. */
export async function sharpFrom(image: ScreenImage): Promise<Sharp> {
  const sharp = await loadSharp();
  if (image.format === 'raw') {
    return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  }
  return sharp(image.data);
}
