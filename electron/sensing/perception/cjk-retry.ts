import type { OcrLanguage } from '../../../shared/settings/index.js';
import type { OcrBox, OcrImage, OcrResult } from './ocr-engine.js';

/**
 * Tesseract reading Chinese or Japanese with English beside it sometimes keeps the English
 * reading of a whole CJK line: a page's second line '请把报销单交给财务部门。' came back as
 * 'FREER BE RE XS MS BIT' at confidence 34, while chi_sim alone reads it right at 82. Which
 * reading wins depends on what else is on the page (a rule 200 px below the text flipped it), so
 * the fix is not in the image: such a line is read again by the CJK languages alone, and the
 * reading with the higher confidence is kept. An English line read well is never re-read.
 */
export const CJK_LANGUAGES: readonly OcrLanguage[] = ['chi_sim', 'jpn'];

/** Below this line confidence (tesseract's 0..100) a line without CJK characters is suspect. */
const SUSPECT_BELOW = 60;
/** Pixels kept around a line's box when it is cut out to be read again. */
const MARGIN = 6;
const CJK_CHAR = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

/** The CJK languages among these, "chi_sim+jpn" (empty when none). */
export function cjkLanguages(langs: readonly string[]): OcrLanguage[] {
  return CJK_LANGUAGES.filter((l) => langs.includes(l));
}

/** Indexes of lines that may be a CJK line read as Latin: low confidence, no CJK character. */
export function suspectLines(result: OcrResult): number[] {
  const out: number[] = [];
  result.lines.forEach((l, i) => {
    if (l.confidence < SUSPECT_BELOW && !CJK_CHAR.test(l.text) && /\S{2}/.test(l.text)) out.push(i);
  });
  return out;
}

/** A line's box (with a margin) cut out of a prepared image, as its own PGM, and where it was cut. */
export function cropLine(image: OcrImage, box: OcrBox): { image: OcrImage; x: number; y: number } {
  const x = Math.max(0, box.x0 - MARGIN);
  const y = Math.max(0, box.y0 - MARGIN);
  const w = Math.min(image.width, box.x1 + MARGIN) - x;
  const h = Math.min(image.height, box.y1 + MARGIN) - y;
  const src = image.pgm.subarray(image.pgm.length - image.width * image.height);
  const header = Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1');
  const pgm = Buffer.allocUnsafe(header.length + w * h);
  header.copy(pgm, 0);
  for (let row = 0; row < h; row++) pgm.set(src.subarray((y + row) * image.width + x, (y + row) * image.width + x + w), header.length + row * w);
  return { image: { pgm, width: w, height: h, layout: 'block' }, x, y };
}

/**
 * The result with line i replaced by the CJK reading of its crop (cut at x, y) when that reading is
 * more confident; the page text changes with it. The result is left as it was otherwise.
 */
export function keepBetter(result: OcrResult, i: number, retried: OcrResult, x: number, y: number): OcrResult {
  const old = result.lines[i]!;
  const text = retried.lines.map((l) => l.text).join(' ').trim();
  if (!text || retried.lines.length === 0) return result;
  const confidence = retried.lines.reduce((n, l) => n + l.confidence, 0) / retried.lines.length;
  if (confidence <= old.confidence) return result;
  const shift = (b: OcrBox): OcrBox => ({ x0: b.x0 + x, y0: b.y0 + y, x1: b.x1 + x, y1: b.y1 + y });
  const words = retried.lines.flatMap((l) => (l.words ?? []).map((w) => ({ ...w, bbox: shift(w.bbox) })));
  const lines = result.lines.slice();
  lines[i] = { text, confidence, bbox: old.bbox, words };
  const at = result.text.indexOf(old.text);
  const pageText = at >= 0 ? result.text.slice(0, at) + text + result.text.slice(at + old.text.length) : result.text;
  return { ...result, text: pageText, lines };
}
