/**
 * The image OCR reads (issue 34): a light window on a dark desktop keeps its first column of text
 * when light-on-dark tiles are inverted, and window decorations are painted over by the window's
 * own edge, so neither the title bar nor a line beside the text is read.
 */
import { describe, expect, it } from 'vitest';
import { greyForOcr, planDecorations, type ListedWindow, type WindowSnapshot } from '../../electron/sensing/capture/index.js';
import { prepareForOcr } from '../../electron/sensing/perception/index.js';

const pixels = (p: { pgm: Buffer; width: number; height: number }) => p.pgm.subarray(p.pgm.length - p.width * p.height);

describe('light-on-dark preparation at a window edge', () => {
  // 96x48: dark desktop (grey 10) left of x=40, a light window (grey 240) from x=40, and a dark
  // 'glyph' (a 2-px ring) at x 43..50, rows 14..25: the first letter of a line, 3 px from the edge.
  const W = 96;
  const H = 48;
  const grey = new Uint8Array(W * H);
  const glyph = (x: number, y: number) => x >= 43 && x <= 50 && y >= 14 && y <= 25 && (x <= 44 || x >= 49 || y <= 15 || y >= 24);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) grey[y * W + x] = x < 40 ? 10 : glyph(x, y) ? 20 : 240;

  it('cuts the tile holding the edge along it: the letter stays dark on light, the desktop turns light', () => {
    const px = pixels(prepareForOcr(grey, W, H, { tile: 24 }));
    for (let y = 14; y <= 25; y++) for (let x = 43; x <= 50; x++) if (glyph(x, y)) expect(px[y * W + x], `glyph pixel ${x},${y}`).toBe(21);
    // Backgrounds are then stretched to white (ink by the same factor: 20 * 255/240 is 21).
    expect(px[20 * W + 46]).toBe(255); // inside the ring: the window's light background
    expect(px[20 * W + 41]).toBe(255); // between the edge and the letter
    expect(px[20 * W + 30]).toBe(255); // the desktop beside the window, inverted
    expect(px[20 * W + 5]).toBe(255);
  });

  it('does not cut at a glyph: a tile of text beside a dark tile is decided whole', () => {
    // Text at 13 px is shorter than three quarters of a tile: no edge is found in a letter's stem.
    const g = new Uint8Array(W * H).fill(240);
    for (let y = 0; y < H; y++) for (let x = 0; x < 24; x++) g[y * W + x] = 10;
    for (let y = 5; y < 18; y++) g[y * W + 30] = g[y * W + 31] = 20; // a stem 13 px tall
    const px = pixels(prepareForOcr(g, W, H, { tile: 24 }));
    expect(px[10 * W + 30]).toBe(21); // 20 stretched with its background (240 to 255)
    expect(px[10 * W + 28]).toBe(255);
  });
});

describe('solid blocks', () => {
  it('paints out a block cursor under a line with the background, and keeps letters, rules and tall stems', () => {
    const W = 120;
    const H = 60;
    const g = new Uint8Array(W * H).fill(230);
    const fillRect = (x0: number, y0: number, w: number, h: number, v = 20) => {
      for (let y = y0; y < y0 + h; y++) g.fill(v, y * W + x0, y * W + x0 + w);
    };
    fillRect(4, 20, 8, 16); // the cursor: one character cell
    fillRect(4, 2, 2, 14); // a letter's stem above it
    fillRect(30, 40, 80, 2); // a rule under a heading
    fillRect(60, 2, 6, 30); // a tall heading's stem: too narrow for its height
    const px = pixels(prepareForOcr(g, W, H, { tile: 24 }));
    // The background is then stretched to white, ink by the same factor (20 * 255/230 is 22).
    expect(px[28 * W + 8]).toBe(255);
    expect(px[8 * W + 4]).toBe(22);
    expect(px[41 * W + 50]).toBe(22);
    expect(px[20 * W + 62]).toBe(22);
  });
});

describe('window decorations in the OCR image', () => {
  const display = { id: 'd', name: 'd', width: 200, height: 100, x: 0, y: 0, primary: true };
  const win = (id: string, bounds: ListedWindow['bounds'], content?: ListedWindow['bounds']): ListedWindow => ({ id, title: id, app: 'XTerm', classes: [], pid: null, path: null, url: null, bounds, ...(content ? { content } : {}) });

  it('plans each frame less its content, less the windows above; none for a window without known content', () => {
    const below = win('below', { x: 10, y: 10, width: 100, height: 60 }, { x: 11, y: 30, width: 98, height: 39 });
    const above = win('above', { x: 60, y: 0, width: 100, height: 100 });
    const snapshot: WindowSnapshot = { windows: [below, above], stacked: true, active: above, complete: true };
    const deco = planDecorations(snapshot, display, { width: 200, height: 100 });
    const area = deco.reduce((n, d) => n + d.rect.width * d.rect.height, 0);
    // Visible part of 'below' is x 10..60: title bar 50x20, left border 1x39, bottom border 50x1.
    expect(area).toBe(50 * 20 + 39 + 50);
    for (const d of deco) {
      expect(d.rect.x + d.rect.width).toBeLessThanOrEqual(60);
      expect(d.content).toEqual({ x: 11, y: 30, width: 98, height: 39 });
    }
  });

  it('paints a title bar over with the content edge below it, pixel column by column, never the content', async () => {
    const W = 40;
    const H = 30;
    const data = Buffer.alloc(W * H * 3, 0);
    const set = (x: number, y: number, v: number) => data.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) set(x, y, y < 10 ? 90 + (x % 3) * 50 : x % 2 ? 30 : 35); // busy title bar over a dark content
    const shot = { display: { ...display, width: W, height: H }, captured_at: 0, image: { format: 'raw' as const, data, width: W, height: H, channels: 3 as const } };
    const content = { x: 0, y: 10, width: W, height: 20 };
    const { data: g } = await greyForOcr(shot, 2560, [{ rect: { x: 0, y: 0, width: W, height: 10 }, content }]);
    for (let y = 0; y < 10; y++) for (let x = 0; x < W; x++) expect(g[y * W + x]).toBe(g[10 * W + x]);
    expect(g[10 * W + 1]).toBe(30);
    expect(g[10 * W + 0]).toBe(35);
  });
});
