import sharp from 'sharp';
import type { ScreenImage } from './screen-source.js';

/** A sharp pipeline reading a captured screen, raw or encoded, without touching the disk. */
export function sharpFrom(image: ScreenImage): ReturnType<typeof sharp> {
  if (image.format === 'raw') {
    return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  }
  return sharp(image.data);
}
