/**
 * Tables whose rows are tinted (issue 34/30: screen day 6's stock table, two rows on pale orange,
 * lost six values of its right-aligned number columns). Tinted rows move tesseract's one threshold
 * for the page a little; its page layout (PSM 3) then cut the right-aligned numbers of a sparse
 * column into blocks of their own and dropped some of them whole, no word read at all. Every value
 * must be read: highlighted, zebra-striped and selected rows, in several tints, light and dark.
 * Our own tables here (Chromium at 1280x800, the pipeline's prepareForOcr and TesseractPool), with
 * figures made up per table, not the bench's page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareForOcr, TesseractPool } from '../../electron/sensing/perception/index.js';
import { CHROMIUM_PATH } from '../e2e/chromium.js';

interface Table {
  /** Page, text, header, border colours. */
  theme: { bg: string; fg: string; head: string; rule: string };
  /** The tint of row i, or '' for none. */
  tint: (i: number) => string;
  rows: string[][];
}

const HEAD = ['Code', 'Item', 'Location', 'Qty', 'Unit', 'Min', 'Vendor'];
const NUMERIC = [3, 5];

/** Rows of made-up stock: numbers of 1 to 4 digits in the two right-aligned columns. */
function stock(seed: number, n = 8): string[][] {
  const items = ['Corner boards', 'Kraft tape 50 mm', 'Void fill paper', 'Pallet labels A5', 'Shrink hood 1400', 'Bubble roll 1 m', 'Cable ties 300', 'Desiccant bags', 'Carton 600x400', 'Slip sheets'];
  const units = ['box', 'roll', 'pack', 'piece', 'bag'];
  const vendors = ['Nordpack', 'Tapeline BV', 'Rhein Supply', 'Kartonnage Oost'];
  let s = seed;
  const next = (m: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor(s / 65536) % m;
  };
  return Array.from({ length: n }, (_, i) => {
    const digits = 1 + next(4);
    const qty = String(10 ** (digits - 1) + next(9 * 10 ** (digits - 1)));
    return [`WX-${3100 + seed * 10 + i}`, items[(i + seed) % items.length]!, `R-${10 + next(80)}-0${1 + next(8)}`, qty, units[next(units.length)]!, String(1 + next(400)), vendors[next(vendors.length)]!];
  });
}

function html(t: Table): string {
  const cell = (v: string, j: number) => `<td${NUMERIC.includes(j) ? ' class="r"' : ''}>${v}</td>`;
  const rows = t.rows.map((r, i) => `<tr${t.tint(i) ? ` style="background:${t.tint(i)}"` : ''}>${r.map(cell).join('')}</tr>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:'DejaVu Sans',sans-serif;margin:0;background:${t.theme.bg};color:${t.theme.fg};font-size:15px}
.wrap{padding:16px 24px} h1{font-size:20px;margin:0 0 12px}
table{border-collapse:collapse;width:100%} th{background:${t.theme.head};text-align:left;padding:7px 9px;border-bottom:2px solid ${t.theme.rule};font-size:14px}
td{padding:7px 9px;border-bottom:1px solid ${t.theme.rule}} .r{text-align:right}
</style></head><body><div class="wrap"><h1>Packaging stock</h1><table><tr>${HEAD.map((h, j) => `<th${NUMERIC.includes(j) ? ' class="r"' : ''}>${h}</th>`).join('')}</tr>${rows}</table></div></body></html>`;
}

const LIGHT = { bg: '#ffffff', fg: '#20262e', head: '#e8eaf6', rule: '#e6e8f0' };
const DARK = { bg: '#1e1f24', fg: '#e6e6e6', head: '#2b2d35', rule: '#3a3d47' };

let dir: string;
let pool: TesseractPool;
let browser: Browser;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engram-ocr-tinted-'));
  pool = new TesseractPool({ cachePath: join(dir, 'ocr'), workers: 1, languages: ['eng'] });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
});
afterAll(async () => {
  await browser?.close();
  await pool?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The numbers of the table's right-aligned columns that its OCR text does not hold as words. */
async function missing(t: Table): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  let png: Buffer;
  try {
    await page.setContent(html(t));
    png = await page.screenshot();
  } finally {
    await page.close();
  }
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const text = (await pool.recognize(prepareForOcr(new Uint8Array(data), info.width, info.height))).text;
  const words = new Set(text.split(/\s+/));
  // The rest of the page is still read: its title and the vendors.
  expect(text).toContain('Packaging stock');
  for (const r of t.rows) expect(text).toContain(r[6]);
  return t.rows.flatMap((r) => NUMERIC.map((j) => r[j]!)).filter((v) => !words.has(v));
}

describe('tables with tinted rows', () => {
  const cases: [string, Table][] = [
    ['two rows highlighted pale orange', { theme: LIGHT, tint: (i) => (i === 0 || i === 4 ? '#fff4e5' : ''), rows: stock(1) }],
    ['one row highlighted yellow', { theme: LIGHT, tint: (i) => (i === 2 ? '#fff9c4' : ''), rows: stock(2) }],
    ['a selected row in blue', { theme: LIGHT, tint: (i) => (i === 3 ? '#d2e3fc' : ''), rows: stock(3) }],
    ['zebra stripes in grey', { theme: LIGHT, tint: (i) => (i % 2 ? '#f3f4f6' : ''), rows: stock(4) }],
    ['zebra stripes in pale blue', { theme: LIGHT, tint: (i) => (i % 2 ? '#eef4fb' : ''), rows: stock(5) }],
    ['dark theme, highlighted rows', { theme: DARK, tint: (i) => (i === 1 || i === 5 ? '#3d3420' : ''), rows: stock(6) }],
    ['dark theme, zebra stripes', { theme: DARK, tint: (i) => (i % 2 ? '#2a2c33' : ''), rows: stock(7) }],
    ['no tint (the baseline)', { theme: LIGHT, tint: () => '', rows: stock(8) }],
  ];
  for (const [name, t] of cases) {
    it(`reads every value of the number columns: ${name}`, async () => {
      expect(await missing(t)).toEqual([]);
    }, 120_000);
  }
});
