import type { OcrBox, OcrImage, OcrLine, OcrResult } from './ocr-engine.js';

/**
 * Tesseract's page layout (PSM 3, whole screens) cuts a table's right-aligned number columns into
 * blocks of their own and drops some of them whole: no word is read, though the prepared image shows
 * every figure (screen day 6's stock table lost 820, 9, 140, 265, 58 and 24 from its "On hand"
 * column). Which values go turns on the slightest change of the page (two rows tinted pale orange
 * moved its threshold and lost six, the same table untinted lost none; other tables lose single
 * digits untinted). So the ink no word covers is found afterwards, and the runs of it that sit in a
 * row of text read elsewhere on the page, at that row's height, are read again, all in one strip,
 * with no layout analysis. Icons and rules that pass are read as junk of low confidence and dropped.
 */

/** A pixel darker than this is ink (prepared images are dark ink on white paper). */
const INK_BELOW = 128;
/** Grid cell edge in pixels: ink is grouped cell by cell. */
const CELL = 3;
/** Cells of gap that still join two pieces of ink into one run (the gaps between a number's digits). */
const JOIN = 2;
/** Pixels around each read word that its ink may spill into (antialiasing, a box drawn tight). */
const WORD_MARGIN = 3;
/** Fewest ink pixels of a run worth reading: a dot, a rule's end, a stray pixel are not. */
const MIN_INK = 12;
/** At most this many runs of one image are read again. */
export const MAX_UNREAD = 48;
/** Words read from the strip below this confidence (0..100) are dropped: an icon reads as junk. */
export const KEEP_FROM = 60;

/** Runs of ink in the prepared image that no read word covers, that sit in a row of read text: in reading order, at most `max`. */
export function unreadInk(image: OcrImage, result: OcrResult, max = MAX_UNREAD): OcrBox[] {
  const { width: W, height: H } = image;
  const src = image.pgm.subarray(image.pgm.length - W * H);
  const covered = new Uint8Array(W * H);
  for (const line of result.lines) {
    if (misreadColumn(line)) continue;
    for (const b of line.words?.length ? line.words.map((w) => w.bbox) : [line.bbox]) {
      const x0 = Math.max(0, b.x0 - WORD_MARGIN);
      const x1 = Math.min(W, b.x1 + WORD_MARGIN);
      for (let y = Math.max(0, b.y0 - WORD_MARGIN), y1 = Math.min(H, b.y1 + WORD_MARGIN); y < y1; y++) covered.fill(1, y * W + x0, y * W + x1);
    }
  }
  const cols = Math.ceil(W / CELL);
  const rows = Math.ceil(H / CELL);
  const cellInk = new Uint16Array(cols * rows);
  for (let y = 0; y < H; y++) {
    for (let x = 0, i = y * W; x < W; x++, i++) if (src[i]! < INK_BELOW && !covered[i]) cellInk[Math.floor(y / CELL) * cols + Math.floor(x / CELL)]!++;
  }
  // Runs: cells with ink joined to any within JOIN cells across and one cell up or down.
  const seen = new Uint8Array(cols * rows);
  const runs: { box: OcrBox; ink: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < cols * rows; start++) {
    if (!cellInk[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let [cx0, cy0, cx1, cy1, ink] = [cols, rows, 0, 0, 0];
    while (stack.length) {
      const k = stack.pop()!;
      const [cx, cy] = [k % cols, Math.floor(k / cols)];
      [cx0, cy0, cx1, cy1] = [Math.min(cx0, cx), Math.min(cy0, cy), Math.max(cx1, cx), Math.max(cy1, cy)];
      ink += cellInk[k]!;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -JOIN; dx <= JOIN; dx++) {
          const [nx, ny] = [cx + dx, cy + dy];
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const n = ny * cols + nx;
          if (cellInk[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    if (ink >= MIN_INK) runs.push({ box: tighten(src, W, covered, { x0: cx0 * CELL, y0: cy0 * CELL, x1: Math.min(W, (cx1 + 1) * CELL), y1: Math.min(H, (cy1 + 1) * CELL) }), ink });
  }
  const lines = result.lines.filter((l) => l.bbox.y1 > l.bbox.y0 && !misreadColumn(l));
  return runs
    .map((r) => r.box)
    .filter((b) => b.x1 > b.x0 && lines.some((l) => inRow(b, l)))
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
    .slice(0, max);
}

/**
 * A column of short values that tesseract's layout took for one line of vertical text: a box taller
 * than wide, read as junk of low confidence ("Ww NN UB oo ©" for a column of single digits). Screens
 * hardly ever hold vertical text; its ink is read again and the junk dropped when that reads.
 */
export function misreadColumn(line: OcrLine): boolean {
  return line.confidence < KEEP_FROM && line.bbox.y1 - line.bbox.y0 > 2 * (line.bbox.x1 - line.bbox.x0);
}

/**
 * Whether a run sits in a line's row at its height: most of the run's height inside the line's,
 * and the two heights within half and twice each other. A run of glyphs beside a table's read
 * cells does; a chart, a photo or a tall icon does not.
 */
function inRow(b: OcrBox, line: OcrLine): boolean {
  const h = b.y1 - b.y0;
  const lh = line.bbox.y1 - line.bbox.y0;
  const overlap = Math.min(b.y1, line.bbox.y1) - Math.max(b.y0, line.bbox.y0);
  return overlap >= 0.6 * h && h >= 0.5 * lh && h <= 2 * lh;
}

/** The box shrunk to the uncovered ink it holds (cells are coarser than glyphs). */
function tighten(src: Uint8Array, W: number, covered: Uint8Array, b: OcrBox): OcrBox {
  let [x0, y0, x1, y1] = [b.x1, b.y1, b.x0, b.y0];
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0, i = y * W + b.x0; x < b.x1; x++, i++) {
      if (src[i]! >= INK_BELOW || covered[i]) continue;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
    }
  }
  return { x0, y0, x1, y1 };
}

/**
 * The result with the runs' re-read text added: each run with words read at KEEP_FROM or more
 * becomes a line of its own (its box the run's), after the page's text, the runs of one column
 * (overlapping across) together from top to bottom, as tesseract gives a column of its own.
 */
export function addUnread(result: OcrResult, runs: readonly OcrBox[], reads: readonly { text: string; confidence: number }[][]): OcrResult {
  const found: OcrLine[] = [];
  runs.forEach((box, i) => {
    const words = (reads[i] ?? []).filter((w) => w.confidence >= KEEP_FROM && /[\p{L}\p{N}]/u.test(w.text));
    if (words.length === 0) return;
    const confidence = words.reduce((n, w) => n + w.confidence, 0) / words.length;
    const text = words.map((w) => w.text).join(' ');
    found.push({ text, confidence, bbox: box, words: [{ text, bbox: box, confidence }] });
  });
  if (found.length === 0) return result;
  // A misread column whose ink was read again is dropped, its junk taken out of the page's text.
  const dropped = result.lines.filter((l) => misreadColumn(l) && found.some((f) => overlaps(f.bbox, l.bbox)));
  let pageText = result.text;
  for (const l of dropped) pageText = pageText.replace(l.text, '');
  pageText = pageText.replace(/\n{3,}/g, '\n\n').trim();
  const columns: OcrLine[][] = [];
  for (const line of found.sort((a, b) => a.bbox.x0 - b.bbox.x0)) {
    const col = columns.find((c) => c.some((l) => Math.min(l.bbox.x1, line.bbox.x1) > Math.max(l.bbox.x0, line.bbox.x0)));
    if (col) col.push(line);
    else columns.push([line]);
  }
  const ordered = columns.map((c) => c.sort((a, b) => a.bbox.y0 - b.bbox.y0));
  const text = [pageText, ...ordered.map((c) => c.map((l) => l.text).join('\n'))].filter(Boolean).join('\n\n');
  return { ...result, text, lines: [...result.lines.filter((l) => !dropped.includes(l)), ...ordered.flat()] };
}

function overlaps(a: OcrBox, b: OcrBox): boolean {
  return Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);
}

/** The words read in each row of a strip (see numberStrip), with their confidence. */
export function rowWords(rows: readonly { y0: number; y1: number }[], read: OcrResult): { text: string; confidence: number }[][] {
  const out: { text: string; confidence: number }[][] = rows.map(() => []);
  // Half the strip's gap between rows either side: a word's box may reach past its row's.
  const slack = rows.length > 1 ? (rows[1]!.y0 - rows[0]!.y1) / 2 : 12;
  for (const line of read.lines) {
    for (const w of line.words ?? [{ text: line.text, bbox: line.bbox, confidence: line.confidence }]) {
      const mid = (w.bbox.y0 + w.bbox.y1) / 2;
      const i = rows.findIndex((r) => mid >= r.y0 - slack && mid < r.y1 + slack);
      if (i >= 0 && w.text.trim()) out[i]!.push({ text: w.text.trim(), confidence: w.confidence ?? line.confidence });
    }
  }
  return out;
}
