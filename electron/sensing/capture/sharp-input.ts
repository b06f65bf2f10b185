import type { Sharp } from 'sharp';
import type { ScreenImage } from './screen-source.js';

type SharpFactory = typeof import('sharp').default;
let sharpLoad: Promise<SharpFactory> | null = null;

/**
 * sharp, loaded with the first image: libvips takes about 0.3 s of CPU to load, which hosts and
 * commands that never touch a screen image (engram stats, search, add) should not pay.
 */
export function loadSharp(): Promise<SharpFactory> {
  return (sharpLoad ??= import('sharp').then(
    (m) => m.default,
    (err: unknown) => {
      sharpLoad = null;
      throw err;
    },
  ));
}

/** A sharp pipeline reading a captured screen, raw or encoded, without touching the disk. */
export async function sharpFrom(image: ScreenImage): Promise<Sharp> {
  const sharp = await loadSharp();
  if (image.format === 'raw') {
    return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  }
  return sharp(image.data);
}
