import sharp from 'sharp';
import { TesseractPool } from '../../electron/sensing/perception/index.js';
import type { OcrLanguage } from '../../shared/settings/index.js';

/**
 * Reads one line of text rendered in Noto Sans CJK with a fresh TesseractPool in this process and
 * prints what it read as JSON on stdout, so a test can look at what tesseract's worker printed to
 * stderr (a worker thread's stderr is this process's). argv: cache dir, languages ("jpn+eng"), text.
 */
const [cachePath, langs, text] = process.argv.slice(2) as [string, string, string];
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="80"><rect width="100%" height="100%" fill="white"/><text x="16" y="52" font-family="Noto Sans CJK JP" font-size="32" fill="black">${text}</text></svg>`;
const { data, info } = await sharp(Buffer.from(svg)).grayscale().raw().toBuffer({ resolveWithObject: true });
const pgm = Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data.subarray(0, info.width * info.height)]);
const pool = new TesseractPool({ cachePath, workers: 1, languages: langs.split('+') as OcrLanguage[] });
const r = await pool.recognize({ pgm, width: info.width, height: info.height, layout: 'block' });
await pool.stop();
process.stdout.write(JSON.stringify({ text: r.text }) + '\n');
