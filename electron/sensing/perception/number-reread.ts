import type { OcrBox, OcrImage, OcrResult } from './ocr-engine.js';

/**
 * Tesseract drops the decimal point of small numbers in 14-16 px serif text: a payslip's
 * "Leave balance: 11.5 days" came back as "115days", a bill's "214.37" as "21437", while the
 * prepared image still shows the dot and the same page read at twice the size reads both right.
 * Reading whole frames larger would cost 2-4x the OCR CPU, so only the words that may have lost a
 * separator (a run of 3+ digits with none inside) are cut out, doubled in size, stacked into one
 * strip and read once more (only those tesseract was not sure of); a word is replaced only when that reading has the same characters
 * with '.' or ',' put between digits, so nothing but a lost separator is ever restored.
 */

/** At most this many words of one image are read again (a table of figures costs one strip still). */
export const MAX_REREAD_WORDS = 48;
/**
 * Words tesseract is at least this sure of (0..100) are not read again: the lost points measured
 * were read at 65-88 ("115days" 68, "21437" 80, "882" 87), while whole integers (years, account
 * numbers) mostly read at 89-96, and each word left out makes the strip cheaper.
 */
export const SURE_FROM = 90;
/** Pixels kept around a word's box when it is cut out. */
const MARGIN = 4;
/** White rows between two words in the strip (after scaling), so tesseract sees separate lines. */
const GAP = 24;
/** White columns left and right of the words in the strip. */
const PAD = 12;
const SCALE = 2;

/** A word that may have lost a separator: where it is in the result. */
export interface NumberWord {
  line: number;
  word: number;
  bbox: OcrBox;
}

/** A run of 3+ digits and no separator between two digits: "21437", "115days" (not "214.37", "1,098"). */
export function mayHaveLostSeparator(text: string): boolean {
  return /\d{3}/.test(text) && !/\d[.,]\d/.test(text);
}

/** The words worth reading again (see mayHaveLostSeparator and SURE_FROM), in reading order, at most `max`. */
export function numberWords(result: OcrResult, max = MAX_REREAD_WORDS): NumberWord[] {
  const out: NumberWord[] = [];
  result.lines.forEach((line, i) => {
    (line.words ?? []).forEach((w, j) => {
      const unsure = (w.confidence ?? line.confidence) < SURE_FROM;
      if (out.length < max && unsure && mayHaveLostSeparator(w.text) && w.bbox.x1 > w.bbox.x0 && w.bbox.y1 > w.bbox.y0) out.push({ line: i, word: j, bbox: w.bbox });
    });
  });
  return out;
}

/** The strip read once for all the words: its image and the rows each word occupies in it. */
export interface NumberStrip {
  image: OcrImage;
  rows: { y0: number; y1: number }[];
}

/**
 * The words' boxes (with a margin) cut out of the prepared image, scaled 2x (bilinear) and stacked
 * left-aligned on white with GAP rows between them.
 */
export function numberStrip(image: OcrImage, words: readonly NumberWord[]): NumberStrip {
  const src = image.pgm.subarray(image.pgm.length - image.width * image.height);
  const crops = words.map(({ bbox }) => {
    const x = Math.max(0, bbox.x0 - MARGIN);
    const y = Math.max(0, bbox.y0 - MARGIN);
    return { x, y, w: Math.max(1, Math.min(image.width, bbox.x1 + MARGIN) - x), h: Math.max(1, Math.min(image.height, bbox.y1 + MARGIN) - y) };
  });
  const width = Math.max(...crops.map((c) => c.w * SCALE)) + 2 * PAD;
  const height = crops.reduce((n, c) => n + c.h * SCALE + GAP, GAP);
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const pgm = Buffer.alloc(header.length + width * height, 255);
  header.copy(pgm, 0);
  const out = pgm.subarray(header.length);
  const rows: NumberStrip['rows'] = [];
  let top = GAP;
  for (const c of crops) {
    const h2 = c.h * SCALE;
    const w2 = c.w * SCALE;
    for (let oy = 0; oy < h2; oy++) {
      // Bilinear sampling at pixel centres: nearest-neighbour doubling keeps the blocky edges that
      // made tesseract miss the dot in the first place.
      const fy = Math.min(c.h - 1, Math.max(0, (oy + 0.5) / SCALE - 0.5));
      const y0 = Math.floor(fy);
      const y1 = Math.min(c.h - 1, y0 + 1);
      const ty = fy - y0;
      const r0 = (c.y + y0) * image.width + c.x;
      const r1 = (c.y + y1) * image.width + c.x;
      const o = (top + oy) * width + PAD;
      for (let ox = 0; ox < w2; ox++) {
        const fx = Math.min(c.w - 1, Math.max(0, (ox + 0.5) / SCALE - 0.5));
        const x0 = Math.floor(fx);
        const x1 = Math.min(c.w - 1, x0 + 1);
        const tx = fx - x0;
        const a = src[r0 + x0]! * (1 - tx) + src[r0 + x1]! * tx;
        const b = src[r1 + x0]! * (1 - tx) + src[r1 + x1]! * tx;
        out[o + ox] = Math.round(a * (1 - ty) + b * ty);
      }
    }
    rows.push({ y0: top, y1: top + h2 });
    top += h2 + GAP;
  }
  return { image: { pgm, width, height, layout: 'block' }, rows };
}

/** The text read in each word's rows of the strip (words joined by a space; '' when none was read). */
export function stripTexts(strip: NumberStrip, read: OcrResult): string[] {
  const texts: string[][] = strip.rows.map(() => []);
  for (const line of read.lines) {
    for (const w of line.words ?? [{ text: line.text, bbox: line.bbox }]) {
      const mid = (w.bbox.y0 + w.bbox.y1) / 2;
      const i = strip.rows.findIndex((r) => mid >= r.y0 - GAP / 2 && mid < r.y1 + GAP / 2);
      if (i >= 0 && w.text.trim()) texts[i]!.push(w.text.trim());
    }
  }
  return texts.map((t) => t.join(' '));
}

/**
 * The re-read word when it is the first read with only '.' or ',' put between two digits (and
 * spacing, which the first read lost with the dot: "115days" -> "11.5 days"); null otherwise. A
 * different digit, a letter, a lost or added character: the first read stands.
 */
export function restoredSeparator(first: string, reread: string): string | null {
  const again = reread.trim();
  if (!/\d[.,]\d/.test(again)) return null;
  const stripped = again.replace(/(?<=\d)[.,](?=\d)/g, '');
  if (stripped.replace(/\s+/g, '') !== first.replace(/\s+/g, '')) return null;
  // A separator the first read already had between the same digits is no news; one more is.
  const count = (s: string) => (s.match(/(?<=\d)[.,](?=\d)/g) ?? []).length;
  return count(again) > count(first) ? again : null;
}

/** The result with the words whose re-read restored a separator replaced, in their line's and the page's text. */
export function applyRereads(result: OcrResult, words: readonly NumberWord[], texts: readonly string[]): OcrResult {
  const byLine = new Map<number, Map<number, string>>();
  words.forEach((w, i) => {
    const word = result.lines[w.line]?.words?.[w.word];
    const fixed = word ? restoredSeparator(word.text, texts[i] ?? '') : null;
    if (!fixed) return;
    if (!byLine.has(w.line)) byLine.set(w.line, new Map());
    byLine.get(w.line)!.set(w.word, fixed);
  });
  if (byLine.size === 0) return result;
  const lines = result.lines.slice();
  let pageText = result.text;
  let pageCursor = 0;
  result.lines.forEach((line, i) => {
    const fixes = byLine.get(i);
    const at = pageText.indexOf(line.text, pageCursor);
    if (!fixes) {
      if (at >= 0) pageCursor = at + line.text.length;
      return;
    }
    // Each word is found in its line's text after the one before it, so a repeated word is replaced where it was read.
    let text = line.text;
    let cursor = 0;
    const words = (line.words ?? []).map((w, j) => {
      const pos = text.indexOf(w.text, cursor);
      const fixed = fixes.get(j);
      if (pos < 0) return fixed ? { ...w, text: fixed } : w;
      if (!fixed) {
        cursor = pos + w.text.length;
        return w;
      }
      text = text.slice(0, pos) + fixed + text.slice(pos + w.text.length);
      cursor = pos + fixed.length;
      return { ...w, text: fixed };
    });
    lines[i] = { ...line, text, words };
    if (at >= 0) {
      pageText = pageText.slice(0, at) + text + pageText.slice(at + line.text.length);
      pageCursor = at + text.length;
    }
  });
  return { ...result, text: pageText, lines };
}
