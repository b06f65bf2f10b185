import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareForOcr } from '../../electron/sensing/perception/index.js';
import { decodeFrameNumber, renderFrame, type SessionScene } from '../fakes/barcode-desktop.js';

// The scripted desktop's frame number must survive the real OCR preprocessor, or the reliability
// proofs (privacy, delete, power loss) starve without saying why: twice a preprocessor change (the
// block paint-out, then the grey stretch of 11062c9) made the fake read no number on dark or light frames.
const scene = (dark: boolean): SessionScene => ({ app: 'Editor', title: 'notes.ts', lines: ['const retryOnBusy = true;', 'Ana owns the rollout checklist'], dark });

describe('the scripted desktop frame number', () => {
  for (const dark of [false, true]) {
    it(`reads back through prepareForOcr on ${dark ? 'dark' : 'light'} frames`, async () => {
      for (const n of [0, 1, 2, 5, 23, 511, 1023, 777_777]) {
        const { data, info } = await sharp(await renderFrame(n, scene(dark)))
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect(decodeFrameNumber(prepareForOcr(new Uint8Array(data), info.width, info.height))).toBe(n);
      }
    });
  }
});
