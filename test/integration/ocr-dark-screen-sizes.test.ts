/**
 * Dark windows on large screens (issue 34): a dark-theme window (#1e1e1e, light text) on a black
 * desktop, as the capture pipeline makes it into the image OCR reads (greyForOcr at the pipeline's
 * OCR size, then prepareForOcr) and read by tesseract. Inverted, the window's background is a light
 * grey (225) beside the white of the inverted desktop; on a 1920x1080 screen the white outweighed
 * the ink so far that tesseract's one threshold for the page fell between the two greys and the
 * window was read as a block of ink: nothing at all (the capture bench's dark pages read 0% there,
 * 99.8% at 1280x800). Every background is now stretched to white. The screens are drawn with SVG
 * text here, so no X server is needed; the lines are our own, not the bench's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greyForOcr } from '../../electron/sensing/capture/index.js';
import { prepareForOcr, TesseractPool } from '../../electron/sensing/perception/index.js';

const LINES = [
  'The ferry to the north pier leaves at seven fifteen sharp.',
  'Invoice 2291 was paid on the third of May by bank transfer.',
  'Lukas will bring the projector and two spare HDMI cables.',
  'grep -rn "timeout" ./config | sort -u > /tmp/timeouts.txt',
];

/** The pipeline's OCR size (CapturePipeline's ocrMaxSide). */
const OCR_MAX_SIDE = 2560;

interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
  bg: string;
  fg: string;
  lines: string[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A screen of the given size: a desktop colour and windows of monospace text, as RGBA pixels. */
async function screen(width: number, height: number, desktop: string, windows: Window[]): Promise<{ data: Buffer; width: number; height: number }> {
  const body = windows
    .map(
      (w) =>
        `<rect x="${w.x}" y="${w.y}" width="${w.width}" height="${w.height}" fill="${w.bg}"/>` +
        w.lines.map((l, i) => `<text x="${w.x + 4}" y="${w.y + 24 + i * 22}" font-family="DejaVu Sans Mono" font-size="17" fill="${w.fg}">${esc(l)}</text>`).join(''),
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${desktop}"/>${body}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

let dir: string;
let pool: TesseractPool;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-ocr-sizes-'));
  pool = new TesseractPool({ cachePath: join(dir, 'ocr'), workers: 1, languages: ['eng'] });
});
afterAll(async () => {
  await pool.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Reads a screen the way the capture pipeline does (grey at the OCR size, prepared, tesseract). */
async function read(width: number, height: number, desktop: string, windows: Window[]): Promise<string> {
  const img = await screen(width, height, desktop, windows);
  const shot = {
    display: { id: 'test', name: 'test', width, height, x: 0, y: 0, primary: true },
    captured_at: Date.now(),
    image: { format: 'raw' as const, data: img.data, width: img.width, height: img.height, channels: 4 as const },
  };
  const { data, info } = await greyForOcr(shot, OCR_MAX_SIDE);
  return (await pool.recognize(prepareForOcr(data, info.width, info.height))).text;
}

const dark = (lines: string[]): Window => ({ x: 40, y: 30, width: 1000, height: 560, bg: '#1e1e1e', fg: '#e0e0e0', lines });

describe('a dark-theme window read through the pipeline', () => {
  for (const [w, h] of [
    [1920, 1080],
    [2560, 1440],
  ] as const) {
    it(`is read on a black desktop at ${w}x${h}`, async () => {
      const text = await read(w, h, '#000000', [dark(LINES)]);
      for (const line of LINES) expect(text, line).toContain(line);
    }, 120_000);
  }

  it('is read beside a light window at 1920x1080', async () => {
    const light: Window = { x: 1080, y: 30, width: 800, height: 1000, bg: '#ffffff', fg: '#000000', lines: ['Agenda for Thursday'] };
    const text = await read(1920, 1080, '#000000', [dark(LINES.slice(0, 2)), light]);
    for (const line of [...LINES.slice(0, 2), 'Agenda for Thursday']) expect(text, line).toContain(line);
  }, 120_000);
});
