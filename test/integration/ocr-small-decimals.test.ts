/**
 * Small serif numbers with a decimal point, read through the capture pipeline's OCR (greyForOcr at
 * the pipeline's OCR size, prepareForOcr, tesseract): at 13-16 px tesseract drops the point of some
 * ("88.2" read "882", "11.5 days" read "115days"; screen bench day 5's payslip and day 4's bill),
 * though the prepared image still shows it. The pool reads such words again at twice the size
 * (number-reread.ts). The screens are drawn with SVG here, our own lines, not the bench's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greyForOcr } from '../../electron/sensing/capture/index.js';
import { prepareForOcr, TesseractPool } from '../../electron/sensing/perception/index.js';

const OCR_MAX_SIDE = 2560;

const PHRASES = [
  'Leave balance: 11.5 days', 'Total to pay 214.37', 'Rate 0.2734 per kWh', 'Interest 3.25% a year',
  'Height 176.5 cm', 'Paid 48.90 in March', 'Balance 7.5 hours', 'Fuel 63.4 litres',
  'Room 4.12 is free', 'Deposit 650.00 held', 'Tip 12.50 added', 'Overtime 2.5 hours',
  'Distance 18.6 km', 'Price 9.99 each', 'Refund 31.07 due', 'Speed 88.2 km/h',
];

/** A light page (1280x800) of the phrases in three columns, in this serif font and size. */
async function read(font: string, size: number): Promise<string> {
  const width = 1280;
  const height = 800;
  const texts = PHRASES.map((p, i) => `<text x="${40 + (i % 3) * 400 + ((i * 0.37) % 1)}" y="${60 + Math.floor(i / 3) * 44}" font-family="${font}" font-size="${size}" fill="#111111">${p}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#ffffff"/>${texts.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const shot = {
    display: { id: 'test', name: 'test', width, height, x: 0, y: 0, primary: true },
    captured_at: Date.now(),
    image: { format: 'raw' as const, data, width: info.width, height: info.height, channels: 4 as const },
  };
  const grey = await greyForOcr(shot, OCR_MAX_SIDE);
  return (await pool.recognize(prepareForOcr(grey.data, grey.info.width, grey.info.height))).text;
}

const NUMBERS = PHRASES.flatMap((p) => p.match(/\d+(?:\.\d+)+/g) ?? []);

let dir: string;
let pool: TesseractPool;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-ocr-decimals-'));
  pool = new TesseractPool({ cachePath: join(dir, 'ocr'), workers: 1, languages: ['eng'] });
});
afterAll(async () => {
  await pool.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('small serif numbers with a decimal point', () => {
  for (const font of ['P052', 'C059']) {
    it(`keeps the point of every number in 13 px ${font}`, async () => {
      const text = await read(font, 13);
      for (const n of NUMBERS) {
        expect(text, n).toContain(n);
        // The same digits are never read without the point either.
        expect(text, n).not.toMatch(new RegExp(`(?<![\\d.])${n.replace('.', '')}(?![\\d.])`));
      }
    }, 60_000);
  }
});
