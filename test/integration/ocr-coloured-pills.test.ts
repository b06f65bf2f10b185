/**
 * White text on coloured blocks in a light page: the events of a day or week calendar, tags,
 * badges, buttons. Through the capture pipeline's OCR (greyForOcr at the pipeline's OCR size,
 * prepareForOcr, tesseract), the blocks' text must be read. A block's grey can fall on either side of
 * the dark threshold (blue and green below it, salmon or orange above), and a block above it had its
 * background stretched to white, taking its lighter text with it: screen bench day 5's calendar read
 * none of its event blocks. The screens are drawn with SVG here, our own lines, not the bench's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greyForOcr } from '../../electron/sensing/capture/index.js';
import { prepareForOcr, TesseractPool } from '../../electron/sensing/perception/index.js';

const OCR_MAX_SIDE = 2560;

interface Block {
  y: number;
  fill: string;
  lines: string[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A light page (1280x800) with coloured blocks of white text and one line of dark text above them. */
async function page(blocks: Block[]): Promise<string> {
  const width = 1280;
  const height = 800;
  const body = blocks
    .map(
      (b) =>
        `<rect x="70" y="${b.y}" width="800" height="${16 + b.lines.length * 17}" rx="4" fill="${b.fill}"/>` +
        b.lines.map((l, i) => `<text x="78" y="${b.y + 20 + i * 17}" font-family="DejaVu Sans" font-size="13" fill="#ffffff">${esc(l)}</text>`).join(''),
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#ffffff"/>` +
    `<text x="20" y="30" font-family="DejaVu Sans" font-size="18" fill="#3c4043">Wednesday, 17 March</text>${body}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const shot = {
    display: { id: 'test', name: 'test', width, height, x: 0, y: 0, primary: true },
    captured_at: Date.now(),
    image: { format: 'raw' as const, data, width: info.width, height: info.height, channels: 4 as const },
  };
  const grey = await greyForOcr(shot, OCR_MAX_SIDE);
  return (await pool.recognize(prepareForOcr(grey.data, grey.info.width, grey.info.height))).text;
}

let dir: string;
let pool: TesseractPool;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-ocr-pills-'));
  pool = new TesseractPool({ cachePath: join(dir, 'ocr'), workers: 1, languages: ['eng'] });
});
afterAll(async () => {
  await pool.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('white text on coloured blocks in a light page', () => {
  it('reads blue, green, salmon and orange blocks alike', async () => {
    const text = await page([
      { y: 80, fill: '#1a73e8', lines: ['Budget review with finance', '10:00 - 11:00 · Harbour room 4'] },
      { y: 170, fill: '#0b8043', lines: ['Lunch with Priya', '12:30 - 13:15 · Noodle bar'] },
      { y: 260, fill: '#e67c73', lines: ['Dentist check-up', '17:45 - 18:30 · Elm Street clinic'] },
      { y: 350, fill: '#f4511e', lines: ['School pick-up', '15:10 · North gate'] },
    ]);
    for (const want of ['Budget review', 'Harbour room 4', 'Lunch with Priya', 'Noodle bar', 'Dentist check-up', 'Elm Street clinic', 'School pick-up', 'North gate']) {
      expect(text, want).toContain(want);
    }
    // The page's own dark text is still read.
    expect(text).toContain('Wednesday, 17 March');
  }, 60_000);
});
