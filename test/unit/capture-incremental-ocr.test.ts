import { describe, expect, it } from 'vitest';
import { changedRegions, mergeOcr, stackRegions } from '../../electron/sensing/capture/incremental-ocr.js';
import type { OcrResult } from '../../electron/sensing/perception/index.js';
import { lineExtent } from '../../electron/sensing/perception/tesseract-pool.js';

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
      { y0: 30, y1: 60, x0: 0, x1: W, stackY: 0 },
      { y0: 140, y1: 170, x0: 0, x1: W, stackY: 46 },
    ];
    const plan = stackRegions(blank(), W, regions);
    expect(plan.stackedHeight).toBe(30 + 16 + 30);
    const partial: OcrResult = { text: '', confidence: 80, lines: [line('first edited', 8), line('new last', 52)] };
    const merged = mergeOcr(base, partial, regions);
    expect(merged.text).toBe('title\nfirst edited\nnew last');
    expect(merged.lines[2]!.bbox.y0).toBe(52 - 46 + 140);
  });

  it('does not read an unchanged line again when a new line is written just under it', () => {
    const a = blank();
    const b = blank();
    // The new line's ink starts two rows under the previous line's box (a terminal's line pitch).
    for (let y = 154; y < 166; y++) for (let x = 10; x < 60; x++) if ((x + y) % 3 === 0) b[y * W + x] = 0;
    const base: OcrResult = { text: 'above\nprevious', confidence: 90, lines: [line('above', 120), line('previous', 140)] };
    const r = changedRegions(a, b, W, H, base.lines)!;
    expect(r).toHaveLength(1);
    expect(r[0]!.y0).toBeGreaterThanOrEqual(153);
    expect(r[0]!.y0).toBeLessThanOrEqual(154);
    expect(r[0]!.y1).toBeGreaterThanOrEqual(166);
    const read = { ...line('new', 1), words: [{ text: 'new', bbox: { x0: 10, y0: 2, x1: 40, y1: 12 } }] };
    const merged = mergeOcr(base, { text: 'new', confidence: 80, lines: [read] }, r);
    expect(merged.text).toBe('above\nprevious\nnew');
    // Its word boxes move back to the frame with it (a secret in it is masked where it is on screen).
    const dy = merged.lines[2]!.bbox.y0 - 1;
    expect(merged.lines[2]!.words).toEqual([{ text: 'new', bbox: { x0: 10, y0: 2 + dy, x1: 40, y1: 12 + dy } }]);
  });

  it('reads only the changed columns, keeps a line beside them, and blanks the rest of the band', () => {
    const a = blank();
    const b = blank();
    for (let x = 60; x < 80; x++) b[100 * W + x] = 0;
    const beside = { text: 'left column', confidence: 90, bbox: { x0: 2, y0: 95, x1: 40, y1: 107 } };
    const base: OcrResult = { text: 'left column', confidence: 90, lines: [beside] };
    // Something dark left of the change, in the same rows: it must not reach the OCR.
    for (let y = 90; y < 112; y++) a[y * W + 50] = b[y * W + 50] = 0;
    const r = changedRegions(a, b, W, H, base.lines)!;
    expect(r).toHaveLength(1);
    expect(r[0]!.x0).toBeGreaterThan(50);
    expect(r[0]!.x1).toBeLessThanOrEqual(W);
    const plan = stackRegions(b, W, r);
    for (let y = 0; y < plan.stackedHeight; y++) expect(plan.stacked[y * W + 50]).toBe(255);
    expect(plan.stacked.includes(0)).toBe(true);
    const merged = mergeOcr(base, { text: 'edit', confidence: 80, lines: [{ text: 'edit', confidence: 80, bbox: { x0: 60, y0: 8, x1: 80, y1: 18 } }] }, r);
    expect(merged.text).toBe('left column\nedit');
  });

  it('grows a region to a whole previous line it touches in part', () => {
    const a = blank();
    const b = blank();
    for (let x = 70; x < 75; x++) b[100 * W + x] = 0;
    const base: OcrResult = { text: 'a long line', confidence: 90, lines: [{ text: 'a long line', confidence: 90, bbox: { x0: 5, y0: 95, x1: 90, y1: 107 } }] };
    const r = changedRegions(a, b, W, H, base.lines)!;
    expect(r[0]!.x0).toBeLessThanOrEqual(5);
    expect(r[0]!.x1).toBeGreaterThanOrEqual(90);
    expect(r[0]!.y0).toBeLessThanOrEqual(95);
    expect(r[0]!.y1).toBeGreaterThanOrEqual(107);
  });

  it("keeps a line's box to its text row when tesseract attached a blob from the row below", () => {
    // Measured on an xterm: the block cursor under the first letter made the line 41 px tall.
    const withCursor = { bbox: { x0: 43, y0: 143, x1: 853, y1: 184 }, baseline: { y0: 157, y1: 157 }, rowAttributes: { rowHeight: 18, descenders: 4 } };
    expect(lineExtent(withCursor)).toEqual({ x0: 43, y0: 143, x1: 853, y1: 161 });
    const plain = { bbox: { x0: 43, y0: 55, x1: 776, y1: 73 }, baseline: { y0: 69, y1: 69 }, rowAttributes: { rowHeight: 18, descenders: 4 } };
    expect(lineExtent(plain)).toEqual(plain.bbox);
    expect(lineExtent({ bbox: plain.bbox })).toEqual(plain.bbox);
  });
});
