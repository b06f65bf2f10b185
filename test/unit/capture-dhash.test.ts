import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { changedCells, DEFAULT_CHANGE, dHashHex, frameSignature, hammingDistance, isChanged, type ScreenImage } from '../../electron/sensing/capture/index.js';

const W = 1280;
const H = 800;
/** A dark terminal-like screen with light "text" bars; extra draws more. */
function screen(lines: number, extra?: (px: Buffer) => void): ScreenImage {
  const data = Buffer.alloc(W * H * 3, 30);
  for (let l = 0; l < lines; l++) {
    for (let y = 40 + l * 22; y < 52 + l * 22; y++) for (let x = 20; x < 20 + ((l * 137) % 600) + 200; x++) data.fill(220, (y * W + x) * 3, (y * W + x) * 3 + 3);
  }
  extra?.(data);
  return { format: 'raw', data, width: W, height: H, channels: 3 };
}

describe('change detection', () => {
  it('hashes are 64-bit hex, stable for identical pixels, and compare by Hamming distance', async () => {
    const a = await frameSignature(screen(10));
    const b = await frameSignature(screen(10));
    expect(a.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(a.hash).toBe(b.hash);
    expect(hammingDistance(a.hash, b.hash)).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(dHashHex([3, 2, 1, 0, 0, 0, 0, 0, 0], 9, 1)).toBe('e0');
  });

  it('a blinking cursor is a near-duplicate; one new line of text is a change; a new screen is a change', async () => {
    const base = await frameSignature(screen(10));
    const cursor = await frameSignature(
      screen(10, (px) => {
        for (let y = 260; y < 276; y++) for (let x = 300; x < 309; x++) px.fill(220, (y * W + x) * 3, (y * W + x) * 3 + 3);
      }),
    );
    expect(isChanged(base, cursor, DEFAULT_CHANGE)).toBe(false);
    const oneMoreLine = await frameSignature(screen(11));
    expect(changedCells(base.thumb!, oneMoreLine.thumb!, DEFAULT_CHANGE.cellDelta)).toBeGreaterThanOrEqual(DEFAULT_CHANGE.cells);
    expect(isChanged(base, oneMoreLine, DEFAULT_CHANGE)).toBe(true);
    const other = await frameSignature({ format: 'png', width: 64, height: 40, data: await sharp({ create: { width: 64, height: 40, channels: 3, background: '#ffffff' } }).png().toBuffer() });
    expect(isChanged(base, other, DEFAULT_CHANGE)).toBe(true);
    // Seeded from the store (hash only): equal hashes count as unchanged.
    expect(isChanged({ hash: base.hash, thumb: null }, oneMoreLine, DEFAULT_CHANGE)).toBe(hammingDistance(base.hash, oneMoreLine.hash) > DEFAULT_CHANGE.coarse);
  });
});
