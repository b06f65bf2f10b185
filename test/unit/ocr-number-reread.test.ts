/**
 * The second read of number words (number-reread.ts): which words are read again, how the strip is
 * laid out and read back, and the replacement rule: only a '.' or ',' lost between digits is ever
 * restored; any other difference keeps the first read.
 */
import { describe, expect, it } from 'vitest';
import type { OcrLine, OcrResult } from '../../electron/sensing/perception/index.js';
import { applyRereads, mayHaveLostSeparator, numberStrip, numberWords, restoredSeparator, stripTexts } from '../../electron/sensing/perception/number-reread.js';

/** A line of words 10 px apart, each 8 px a character, at row y, read at this confidence. */
function line(words: string[], y: number, confidence = 80): OcrLine {
  let x = 0;
  const ws = words.map((text) => {
    const w = { text, bbox: { x0: x, y0: y, x1: x + text.length * 8, y1: y + 14 }, confidence };
    x = w.bbox.x1 + 10;
    return w;
  });
  return { text: words.join(' '), confidence: 90, bbox: { x0: 0, y0: y, x1: x, y1: y + 14 }, words: ws };
}

function result(...lines: OcrLine[]): OcrResult {
  return { text: lines.map((l) => l.text).join('\n'), confidence: 90, lines };
}

describe('replacement rule', () => {
  it('restores a decimal point or comma lost between digits', () => {
    expect(restoredSeparator('21437', '214.37')).toBe('214.37');
    expect(restoredSeparator('115days', '11.5 days')).toBe('11.5 days');
    expect(restoredSeparator('1098', '1,098')).toBe('1,098');
    expect(restoredSeparator('€21437', '€214.37')).toBe('€214.37');
  });

  it('keeps the first read when a digit differs, is lost or is added', () => {
    expect(restoredSeparator('21437', '214.87')).toBeNull();
    expect(restoredSeparator('21437', '21.37')).toBeNull();
    expect(restoredSeparator('21437', '2143.77')).toBeNull();
    expect(restoredSeparator('21437', '12.437')).toBeNull();
  });

  it('never adds a separator the re-read did not show, nor anything but a separator', () => {
    expect(restoredSeparator('2026', '2026')).toBeNull();
    expect(restoredSeparator('2026', '')).toBeNull();
    expect(restoredSeparator('2026', '2026.')).toBeNull();
    expect(restoredSeparator('2026', '20-26')).toBeNull();
    expect(restoredSeparator('115days', '11.5 dogs')).toBeNull();
    // Only when the re-read itself says so.
    expect(restoredSeparator('2026', '20.26')).toBe('20.26');
  });

  it('is no news when the separators were already there', () => {
    expect(restoredSeparator('1,09', '1,09')).toBeNull();
  });
});

describe('words read again', () => {
  it('are those with a run of 3+ digits and no separator between digits, capped', () => {
    expect(['21437', '115days', 'E17K0442', '2026'].every(mayHaveLostSeparator)).toBe(true);
    expect(['214.37', '1,098', '17', 'days', '3.5'].some(mayHaveLostSeparator)).toBe(false);
    const r = result(line(['Total', '21437', 'and', '214.37'], 10), line(['Leave', '115days'], 40));
    expect(numberWords(r).map((w) => [w.line, w.word])).toEqual([[0, 1], [1, 1]]);
    expect(numberWords(r, 1)).toHaveLength(1);
    expect(numberWords(result(line(['Total', 'due'], 10)))).toEqual([]);
  });

  it('leave out the words tesseract was sure of', () => {
    const r = result(line(['Year', '2026'], 10, 96), line(['Total', '21437'], 40, 80));
    expect(numberWords(r).map((w) => [w.line, w.word])).toEqual([[1, 1]]);
  });

  it('are stacked 2x in one strip and read back by row, a missing row reading empty', () => {
    const width = 100;
    const height = 60;
    const pgm = Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), Buffer.alloc(width * height, 0)]);
    const r = result(line(['21437'], 5), line(['115days'], 30));
    const words = numberWords(r);
    const strip = numberStrip({ pgm, width, height }, words);
    expect(strip.rows).toHaveLength(2);
    // Each row is the word's box with its margin, doubled: 14 + 2*4 = 22 px -> 44.
    expect(strip.rows.map((row) => row.y1 - row.y0)).toEqual([44, 44]);
    expect(strip.rows[1]!.y0).toBeGreaterThan(strip.rows[0]!.y1);
    expect(strip.image.height).toBeGreaterThan(strip.rows[1]!.y1);
    const pixels = strip.image.pgm.subarray(strip.image.pgm.length - strip.image.width * strip.image.height);
    // The crops are black (the source image), the gaps white.
    expect(pixels[(strip.rows[0]!.y0 + 5) * strip.image.width + 20]).toBe(0);
    expect(pixels[(strip.rows[0]!.y1 + 2) * strip.image.width + 20]).toBe(255);
    const at = (text: string, row: { y0: number; y1: number }): OcrLine => ({ text, confidence: 90, bbox: { x0: 12, y0: row.y0 + 4, x1: 80, y1: row.y1 - 4 }, words: [{ text, bbox: { x0: 12, y0: row.y0 + 4, x1: 80, y1: row.y1 - 4 } }] });
    expect(stripTexts(strip, result(at('11.5', strip.rows[1]!)))).toEqual(['', '11.5']);
  });
});

describe('applying the re-reads', () => {
  it('replaces only the restored words, in the words, the line and the page text', () => {
    const r = result(line(['Ref', '21437', 'paid', '21437'], 10), line(['Leave', 'balance:', '115days'], 40), line(['Year', '2026'], 70));
    const words = numberWords(r);
    expect(words).toHaveLength(4);
    // The second 21437 on the line re-reads with a dot, the first does not; 2026 reads the same.
    const out = applyRereads(r, words, ['21437', '214.37', '11.5 days', '2026']);
    expect(out.lines[0]!.text).toBe('Ref 21437 paid 214.37');
    expect(out.lines[0]!.words!.map((w) => w.text)).toEqual(['Ref', '21437', 'paid', '214.37']);
    expect(out.lines[1]!.text).toBe('Leave balance: 11.5 days');
    expect(out.text).toBe('Ref 21437 paid 214.37\nLeave balance: 11.5 days\nYear 2026');
    expect(out.lines[0]!.words![3]!.bbox).toEqual(r.lines[0]!.words![3]!.bbox);
  });

  it('leaves the result as it was when nothing was restored', () => {
    const r = result(line(['Total', '21437'], 10));
    expect(applyRereads(r, numberWords(r), ['21487'])).toBe(r);
  });
});
