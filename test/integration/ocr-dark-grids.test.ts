/**
 * Dark grids (issue 34, from issue 30's dev day): a dark week planner of our own
 * (test/fixtures/ocr/dark-week-planner.html, written apart from the screen-QA days), rendered by
 * Chromium at 1280x800, prepared as the pipeline prepares a frame and read by tesseract. Its coloured
 * event pills came out of inversion mid-grey with black text, and tesseract's one threshold for the
 * page took them for ink: 2 of its 14 phrases were read. Each tile's background is now stretched
 * to white first.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareForOcr, TesseractPool } from '../../electron/sensing/perception/index.js';
import { CHROMIUM_PATH } from '../e2e/chromium.js';

const dir = mkdtempSync(join(tmpdir(), 'engram-ocr-grids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readPage(file: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
  let png: Buffer;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'ocr', file), 'utf8'));
    png = await page.screenshot();
  } finally {
    await browser.close();
  }
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const pool = new TesseractPool({ cachePath: join(dir, 'ocr'), workers: 1, languages: ['eng'] });
  try {
    return (await pool.recognize(prepareForOcr(new Uint8Array(data), info.width, info.height))).text.replace(/\s+/g, ' ');
  } finally {
    await pool.stop();
  }
}

describe('a dark week planner', () => {
  it('reads the text of its coloured event pills', async () => {
    const text = await readPage('dark-week-planner.html');
    for (const phrase of ['Standup with platform team', 'Dentist appointment', 'Design critique', 'Hiring panel: data engineer', 'Roadmap review', 'Release freeze starts', 'Customer call: Halvorsen AS']) expect(text, phrase).toContain(phrase);
    expect(text).toContain('Wednesday 8');
  }, 120_000);
});
