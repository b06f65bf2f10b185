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

  // Light backgrounds end up white (stretched), ink by the same factor: the stem's 20 is 21.
  it('turns the desktop strip above the top edge light, with the desktop above it', () => {
    const px = pixels(prepareForOcr(grey, W, H, { tile: 24 }));
    for (const y of [24, 27, 29]) expect(px[y * W + 50], `row ${y}`).toBe(255);
    expect(px[10 * W + 50]).toBe(255);
    expect(px[35 * W + 50]).toBe(255);
    expect(px[45 * W + 10]).toBe(21);
  });

  it('turns the desktop strip below the bottom edge light', () => {
    const px = pixels(prepareForOcr(grey, W, H, { tile: 24 }));
    for (const y of [70, 71]) expect(px[y * W + 50], `row ${y}`).toBe(255);
    expect(px[65 * W + 50]).toBe(255);
    expect(px[80 * W + 50]).toBe(255);
  });
});

describe('a stroke at a tile border on a light page', () => {
  it('stays dark: the tile across the border is light', () => {
    const g = new Uint8Array(W * H).fill(240);
    for (let y = 24; y < 29; y++) for (let x = 4; x < 90; x++) g[y * W + x] = 20;
    for (let y = 29; y < 40; y++) for (let x = 40; x < 42; x++) g[y * W + x] = 20;
    const px = pixels(prepareForOcr(g, W, H, { tile: 24 }));
    // 20 on a 240 page, stretched with it to white: 21.
    for (const y of [24, 26, 28]) expect(px[y * W + 30], `row ${y}`).toBe(21);
    expect(px[35 * W + 40]).toBe(21);
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
    expect(px[10 * W + 10]).toBe(255); // the light page around it comes up white too
  });
});

describe('one paper level', () => {
  it('brings an inverted dark theme up to the white beside it', () => {
    // A black desktop (0) with a dark-theme window (30) holding a light stem (224): inverted, the
    // window would be 225 beside the desktop's 255, two paper levels for tesseract's one threshold.
    const g = new Uint8Array(W * H).fill(0);
    for (let y = 24; y < 72; y++) for (let x = 24; x < 72; x++) g[y * W + x] = 30;
    for (let y = 40; y < 53; y++) g[y * W + 40] = g[y * W + 41] = 224;
    const px = pixels(prepareForOcr(g, W, H, { tile: 24 }));
    expect(px[10 * W + 10]).toBe(255);
    expect(px[30 * W + 30]).toBe(255);
    expect(px[45 * W + 40]).toBe(35); // 255 - 224, stretched with its background (225 to 255)
  });

  it('stretches each part of a tile cut at a window edge on its own', () => {
    // A dark desktop (10) left of x=40 and a light grey window (200) from there: the tile 24..47 is
    // cut at 40, its desktop part (inverted, 245) is most of it, and the window's strip 40..47
    // comes up white with the rest of its window, not to 200 * 255/245.
    const g = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) g[y * W + x] = x < 40 ? 10 : 200;
    const px = pixels(prepareForOcr(g, W, H, { tile: 24 }));
    for (const x of [40, 44, 47, 60]) expect(px[30 * W + x], `column ${x}`).toBe(255);
    expect(px[30 * W + 30]).toBe(255);
  });
});

describe('a region too short to cut along', () => {
  it('comes up white where it reaches into a tile of another background', () => {
    // A dark page (29) with a pill (100) 20 px tall, too short for its left edge at x=40 to cut the
    // tile 24..47, holding a light stem (240). Inverted, the pill's 8 columns in that tile were left
    // mid-grey beside the pill's first letter (stretched with the page's paper: 175), which
    // tesseract read as part of it ('Design critique' as '(oe gn critique').
    const W2 = 96;
    const H2 = 48;
    const g = new Uint8Array(W2 * H2).fill(29);
    for (let y = 26; y < 46; y++) for (let x = 40; x < 90; x++) g[y * W2 + x] = 100;
    for (let y = 30; y < 41; y++) g[y * W2 + 50] = g[y * W2 + 51] = 240;
    const px = pixels(prepareForOcr(g, W2, H2, { tile: 24 }));
    for (const x of [40, 44, 47, 60]) expect(px[35 * W2 + x], `column ${x}`).toBe(255);
    expect(px[35 * W2 + 30]).toBe(255); // the page beside it
    expect(px[35 * W2 + 50]).toBeLessThan(40); // the stem, inverted: ink
  });
});
