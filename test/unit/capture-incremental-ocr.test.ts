import { describe, expect, it } from 'vitest';
import { changedRegions, mergeOcr, stackRegions } from '../../electron/sensing/capture/incremental-ocr.js';
import type { OcrResult } from '../../electron/sensing/perception/index.js';

const W = 100;
const H = 200;
const blank = () => new Uint8Array(W * H).fill(255);
const line = (text: string, y0: number) => ({ text, confidence: 90, bbox: { x0: 5, y0, x1: 90, y1: y0 + 12 } });

describe('incremental OCR', () => {
  it('finds the changed row band, widened to whole previous lines, and nothing for an identical frame', () => {
    const a = blank();
    const b = blank();
    for (let x = 10; x < 60; x++) b[150 * W + x] = 0;
    expect(changedRegions(a, a, W, H)).toEqual([]);
    const base = [line('old line', 140)];
    const r = changedRegions(a, b, W, H, base)!;
    expect(r).toHaveLength(1);
    expect(r[0]!.y0).toBeLessThanOrEqual(138);
    expect(r[0]!.y1).toBeGreaterThanOrEqual(159);
    // A change over most of the frame reads everything.
    const c = new Uint8Array(W * H).fill(0);
    expect(changedRegions(a, c, W, H)).toBeNull();
  });

  it('stacks bands and merges: lines outside bands kept, lines inside replaced, order by position', () => {
    const base: OcrResult = { text: '', confidence: 90, lines: [line('title', 5), line('first', 40), line('old last', 150)] };
    const regions = [
      { y0: 30, y1: 60, stackY: 0 },
      { y0: 140, y1: 170, stackY: 46 },
    ];
    const plan = stackRegions(blank(), W, regions);
    expect(plan.stackedHeight).toBe(30 + 16 + 30);
    const partial: OcrResult = { text: '', confidence: 80, lines: [line('first edited', 8), line('new last', 52)] };
    const merged = mergeOcr(base, partial, regions);
    expect(merged.text).toBe('title\nfirst edited\nnew last');
    expect(merged.lines[2]!.bbox.y0).toBe(52 - 46 + 140);
  });
});
