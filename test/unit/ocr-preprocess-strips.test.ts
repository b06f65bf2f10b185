/**
 * Level window edges inside a tile (issue 34): the strip of dark desktop between a tile's border and
 * a light window's top or bottom edge goes with the desktop tile beyond that border, so no dark bar
 * is left along the window for tesseract to read as '————' (the capture bench's language pages lost
 * up to 20 points to such bars). A solid stroke whose tile across the border is light is no such
 * strip: a CJK glyph's horizontal stroke stays as it is.
 */
import { describe, expect, it } from 'vitest';
import { prepareForOcr } from '../../electron/sensing/perception/index.js';

const pixels = (p: { pgm: Buffer; width: number; height: number }) => p.pgm.subarray(p.pgm.length - p.width * p.height);
const W = 96;
const H = 96;

describe('level edges of a light window on a dark desktop', () => {
  // Dark desktop (10); a light window (240) over rows 30..69 and columns 0..95; a 'letter' stem at
  // x 10..11, rows 40..52.
  const grey = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) grey[y * W + x] = y >= 30 && y < 70 ? ((x === 10 || x === 11) && y >= 40 && y < 53 ? 20 : 240) : 10;

  it('turns the desktop strip above the top edge light, with the desktop above it', () => {
    const px = pixels(prepareForOcr(grey, W, H, { tile: 24 }));
    for (const y of [24, 27, 29]) expect(px[y * W + 50], `row ${y}`).toBe(245);
    expect(px[10 * W + 50]).toBe(245);
    expect(px[35 * W + 50]).toBe(240);
    expect(px[45 * W + 10]).toBe(20);
  });

  it('turns the desktop strip below the bottom edge light', () => {
    const px = pixels(prepareForOcr(grey, W, H, { tile: 24 }));
    for (const y of [70, 71]) expect(px[y * W + 50], `row ${y}`).toBe(245);
    expect(px[65 * W + 50]).toBe(240);
    expect(px[80 * W + 50]).toBe(245);
  });
});

describe('a stroke at a tile border on a light page', () => {
  it('stays dark: the tile across the border is light', () => {
    const g = new Uint8Array(W * H).fill(240);
    for (let y = 24; y < 29; y++) for (let x = 4; x < 90; x++) g[y * W + x] = 20;
    for (let y = 29; y < 40; y++) for (let x = 40; x < 42; x++) g[y * W + x] = 20;
    const px = pixels(prepareForOcr(g, W, H, { tile: 24 }));
    for (const y of [24, 26, 28]) expect(px[y * W + 30], `row ${y}`).toBe(20);
    expect(px[35 * W + 40]).toBe(20);
  });
});

describe('a grey region', () => {
  it('is stretched to white with its ink kept dark', () => {
    // A light page with a mid-grey box (150) holding a dark stem (10), as a pill looks once inverted.
    const g = new Uint8Array(W * H).fill(240);
    for (let y = 24; y < 72; y++) for (let x = 24; x < 72; x++) g[y * W + x] = 150;
    for (let y = 40; y < 53; y++) g[y * W + 40] = g[y * W + 41] = 10;
    const px = pixels(prepareForOcr(g, W, H, { tile: 24 }));
    expect(px[30 * W + 30]).toBe(255);
    expect(px[45 * W + 40]).toBeLessThan(20);
    expect(px[10 * W + 10]).toBe(240);
  });
});
