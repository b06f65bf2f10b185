import type { FrameWord, FrameWords } from '../../agents/store/index.js';
import type { PlacedWord } from '../../shared/layout/index.js';
import type { OcrLine, OcrResult } from '../../electron/sensing/perception/index.js';

/** About 9 px a character at 16 px text, and a 5 px space between words, as a browser draws them. */
const CH = 9;
const H = 16;

/** OCR word boxes of a cell of text starting at x on the line whose top is y (for screen-layout tests). */
export function cell(text: string, x: number, y: number, h = H): FrameWord[] {
  const out: FrameWord[] = [];
  let cx = x;
  for (const w of text.split(' ')) {
    out.push({ text: w, x0: cx, y0: y, x1: cx + w.length * CH, y1: y + h, confidence: 90 });
    cx += w.length * CH + 5;
  }
  return out;
}

/** A 1280×800 screen holding these cells' words. */
export const screenOf = (...cells: FrameWord[][]): FrameWords => ({ width: 1280, height: 800, words: cells.flat() });

/** The OCR text of a screen of word boxes: its words row by row, left to right (what the store keeps beside the boxes). */
export function textOf(fw: FrameWords): string {
  const rows = new Map<number, FrameWord[]>();
  for (const w of fw.words) rows.set(w.y0, [...(rows.get(w.y0) ?? []), w]);
  return [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, ws]) => ws.sort((a, b) => a.x0 - b.x0).map((w) => w.text).join(' '))
    .join('\n');
}

/** Word boxes of a cell laid out by hand, as redaction and the line reader take them: 8 px a letter, 14 px high, 5 px spaces. */
export function placedCell(text: string, x: number, y: number, h = 14): PlacedWord[] {
  const out: PlacedWord[] = [];
  let at = x;
  for (const w of text.split(' ')) {
    out.push({ text: w, x0: at, y0: y, x1: at + w.length * 8, y1: y + h });
    at += w.length * 8 + 5;
  }
  return out;
}

/** An OCR line whose words sit 10 px apart per character on row y, as the captioner's mask reads them. */
export function ocrLine(text: string, y: number): OcrLine {
  let x = 0;
  const words = text.split(' ').map((w) => {
    const box = { x0: x, y0: y, x1: x + w.length * 10, y1: y + 12 };
    x += (w.length + 1) * 10;
    return { text: w, bbox: box };
  });
  return { text, confidence: 90, bbox: { x0: 0, y0: y, x1: x, y1: y + 12 }, words };
}

/** An OCR result of these lines. */
export const ocrResult = (...lines: OcrLine[]): OcrResult => ({ text: lines.map((l) => l.text).join('\n'), confidence: 90, lines });
