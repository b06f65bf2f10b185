import { findSecretsIn, switchesForModel, type LaidOutSecret, type RedactionSwitches } from '../../../shared/redaction/index.js';
import type { OcrBox, OcrResult } from '../perception/index.js';
import { loadSharp } from './sharp-input.js';
import { laidOutSecrets, wordSpans } from './word-boxes.js';

/** Longest side of the image a model sees (Anthropic scales anything larger down to about this). */
export const CAPTION_MAX_SIDE = 1568;
/** Pixels added around a secret's word box: OCR boxes hug the ink, anti-aliasing reaches past them. */
const PAD = 3;
/** What fills a secret's box in the image sent: plain black, which no model reads anything into. */
export const MASK_FILL = { r: 0, g: 0, b: 0 } as const;

/**
 * The boxes, in OCR image coordinates, of every word that holds a secret a model may never see
 * (the user's redaction switches, plus what switchesForModel always takes out). The words of all
 * lines are read as one text, so a secret labelled on one line and shown on the next is found as
 * in the stored text; a line without word boxes counts as one word. Null when the stored text has
 * a secret these words do not account for: then no image is sent (fail closed).
 */
export function secretBoxes(result: OcrResult, user: RedactionSwitches, laidOut: readonly LaidOutSecret[] = laidOutSecrets(result)): OcrBox[] | null {
  const switches = switchesForModel(user);
  const { text, spans } = wordSpans(result);
  const found = findSecretsIn(text, switches, laidOut);
  if (findSecretsIn(result.text, switches, laidOut).length > found.length) return null;
  const boxes: OcrBox[] = [];
  for (const s of found) for (const w of spans) if (w.start < s.end && w.end > s.start) boxes.push(w.bbox);
  return boxes;
}

/**
 * The stored frame as a model may see it: each box (in the coordinates of an OCR image of
 * ocrWidth x ocrHeight) filled with MASK_FILL at the frame's own scale, then shrunk to
 * CAPTION_MAX_SIDE and encoded as PNG (lossless: a filled box stays filled to the last pixel).
 */
export async function maskedForModel(frame: Buffer, boxes: readonly OcrBox[], ocrWidth: number, ocrHeight: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sx = info.width / Math.max(1, ocrWidth);
  const sy = info.height / Math.max(1, ocrHeight);
  for (const b of boxes) {
    const x0 = Math.max(0, Math.floor(b.x0 * sx) - PAD);
    const x1 = Math.min(info.width, Math.ceil(b.x1 * sx) + PAD);
    const y0 = Math.max(0, Math.floor(b.y0 * sy) - PAD);
    const y1 = Math.min(info.height, Math.ceil(b.y1 * sy) + PAD);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * info.width + x) * info.channels;
        data[i] = MASK_FILL.r;
        data[i + 1] = MASK_FILL.g;
        data[i + 2] = MASK_FILL.b;
      }
    }
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize(CAPTION_MAX_SIDE, CAPTION_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}
