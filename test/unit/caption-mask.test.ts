import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';
import type { OcrLine, OcrResult } from '../../electron/sensing/perception/index.js';
import { ocrLine, ocrResult } from '../helpers/screen-words.js';
import { maskedForModel, secretBoxes } from '../../electron/sensing/capture/caption-mask.js';
import { CaptionBudget, meaningfulChars } from '../../electron/sensing/capture/caption-budget.js';

const line = ocrLine;
const result = ocrResult;

describe('secret boxes: where OCR read a secret a model may not see', () => {
  it('the words of a key and a card, not their neighbours', () => {
    const r = result(line('Deploy key sk-ant-api03-abcdefghijklmnopqrstuvwx now', 0), line('Card 4111 1111 1111 1111 exp', 20), line('Quarterly revenue chart', 40));
    const boxes = secretBoxes(r, DEFAULT_REDACTION)!;
    expect(boxes).toContainEqual({ x0: 110, y0: 0, x1: 110 + 37 * 10, y1: 12 });
    expect(boxes.some((b) => b.y0 === 0 && b.x0 !== 110)).toBe(false);
    // The card's four groups, each a word box on the second line; "Card" and "exp" stay visible.
    expect(boxes.filter((b) => b.y0 === 20).map((b) => b.x0)).toEqual([50, 100, 150, 200]);
    expect(boxes.some((b) => b.y0 === 40)).toBe(false);
  });

  it('credentials are masked even where the user keeps them in their notes (prompts never carry them)', () => {
    const r = result(line('password: hunter2horse', 0));
    expect(secretBoxes(r, { ...DEFAULT_REDACTION, passwords: false })!.length).toBeGreaterThan(0);
  });

  it('a line without word boxes is masked whole; a secret the words do not show refuses the image', () => {
    const plain: OcrLine = { text: 'Card 4111 1111 1111 1111', confidence: 90, bbox: { x0: 5, y0: 5, x1: 200, y1: 20 } };
    expect(secretBoxes(result(plain), DEFAULT_REDACTION)).toEqual([{ x0: 5, y0: 5, x1: 200, y1: 20 }]);
    const hidden: OcrResult = { text: 'Card 4111 1111 1111 1111', confidence: 90, lines: [line('Card', 0)] };
    expect(secretBoxes(hidden, DEFAULT_REDACTION)).toBeNull();
  });
});

describe('the image a model sees', () => {
  it('fills the boxes (scaled from the OCR image to the frame) and leaves the rest', async () => {
    // Frame 400x200, white; OCR read it at half size (200x100).
    const frame = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 255, g: 255, b: 255 } } }).webp({ lossless: true }).toBuffer();
    const png = await maskedForModel(frame, [{ x0: 50, y0: 20, x1: 100, y1: 30 }], 200, 100);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect([info.width, info.height]).toEqual([400, 200]);
    expect(at(100, 40)).toEqual([0, 0, 0]);
    expect(at(199, 59)).toEqual([0, 0, 0]);
    expect(at(150, 50)).toEqual([0, 0, 0]);
    expect(at(210, 50)).toEqual([255, 255, 255]);
    expect(at(150, 70)).toEqual([255, 255, 255]);
    expect(at(10, 10)).toEqual([255, 255, 255]);
  });
});

describe('the hourly caption budget', () => {
  it('frames with little text may use the whole hour; text-heavy ones half; the hour slides', () => {
    const b = new CaptionBudget();
    const t0 = 1_000_000;
    expect([1, 2, 3].map((i) => b.take(t0 + i, 4, false))).toEqual([true, true, false]);
    expect([4, 5, 6].map((i) => b.take(t0 + i, 4, true))).toEqual([true, true, false]);
    expect(b.used(t0 + 10)).toBe(4);
    expect(b.take(t0 + 3_600_002, 4, false)).toBe(false);
    expect(b.take(t0 + 3_600_005, 4, false)).toBe(true);
  });

  it('counts what the text says, not markers and spacing', () => {
    expect(meaningfulChars('  [redacted:card]   \n\n  ab  ')).toBe(2);
  });
});
