import { onFirstUse } from '../../shared/first-use/index.js';
import type { FrameImageCodec } from './deps.js';

const sharpLib = onFirstUse(() => import('sharp').then((m) => m.default));

/**
 * Downscales decrypted frames in memory with sharp (WebP out). Never touches the disk. sharp is
 * loaded on the first thumbnail, not at start: the host answers its first call sooner.
 */
export class SharpImageCodec implements FrameImageCodec {
  async render(image: Buffer, opts: { maxWidth: number; quality: number }) {
    const sharp = await sharpLib.get();
    const { data, info } = await sharp(image, { failOn: 'error' })
      .resize({ width: opts.maxWidth, withoutEnlargement: true })
      .webp({ quality: opts.quality, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/webp', width: info.width, height: info.height };
  }
}

/** Sniffs the image type of stored frame bytes (they are WebP today; older frames may be PNG/JPEG). */
export function sniffMime(buf: Buffer): string {
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  if (buf.length >= 8 && buf[0] === 0x89 && buf.toString('ascii', 1, 4) === 'PNG') return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  return 'application/octet-stream';
}
