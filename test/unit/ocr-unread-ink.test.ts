/**
 * Ink that tesseract's page layout left unread (unread-ink.ts): which runs of ink are read again
 * (those no read word covers, in a row of read text, at its height), and how their second reading
 * joins the result (junk of low confidence dropped, a misread vertical "column" replaced).
 */
import { describe, expect, it } from 'vitest';
import type { OcrBox, OcrImage, OcrLine, OcrResult } from '../../electron/sensing/perception/index.js';
import { addUnread, KEEP_FROM, misreadColumn, rowWords, unreadInk } from '../../electron/sensing/perception/unread-ink.js';

const W = 400;
const H = 200;

/** A white page with dark glyph-like strokes (2 px wide, 1 px apart) filling each box. */
function page(...boxes: OcrBox[]): OcrImage {
  const header = Buffer.from(`P5\n${W} ${H}\n255\n`, 'latin1');
  const pgm = Buffer.alloc(header.length + W * H, 255);
  header.copy(pgm, 0);
  const px = pgm.subarray(header.length);
  for (const b of boxes) for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) if ((x - b.x0) % 3 < 2) px[y * W + x] = 20;
  return { pgm, width: W, height: H, layout: 'auto' };
}

const box = (x0: number, y0: number, x1: number, y1: number): OcrBox => ({ x0, y0, x1, y1 });

function line(text: string, b: OcrBox, confidence = 90): OcrLine {
  return { text, confidence, bbox: b, words: [{ text, bbox: b, confidence }] };
}

function result(...lines: OcrLine[]): OcrResult {
  return { text: lines.map((l) => l.text).join('\n'), confidence: 90, lines };
}

describe('which ink is read again', () => {
  const sku = box(10, 20, 70, 32);
  const qty = box(300, 20, 322, 32);
  it('a run in a row of read text that no word covers', () => {
    expect(unreadInk(page(sku, qty), result(line('PK-1015', sku)))).toEqual([qty]);
  });

  it('none when every run is covered by a word', () => {
    expect(unreadInk(page(sku, qty), result(line('PK-1015', sku), line('820', qty)))).toEqual([]);
  });

  it('not ink outside every row of text, nor runs far taller than the row (a chart, a photo)', () => {
    const below = box(300, 120, 330, 132);
    const tall = box(200, 0, 260, 90);
    expect(unreadInk(page(sku, below, tall), result(line('PK-1015', sku)))).toEqual([]);
  });

  it('not a speck: a dot or a rule end too small to be a glyph', () => {
    expect(unreadInk(page(sku, box(300, 24, 302, 27)), result(line('PK-1015', sku)))).toEqual([]);
  });

  it("the ink of a column tesseract read as one line of vertical junk, in reading order", () => {
    const a = box(300, 20, 308, 32);
    const b = box(300, 50, 308, 62);
    const junk = line('Ww NN ©', box(298, 18, 310, 64), 35);
    expect(misreadColumn(junk)).toBe(true);
    const text = result(line('PK-1015', sku), line('PK-1022', box(10, 50, 70, 62)), junk);
    expect(unreadInk(page(sku, a, b, box(10, 50, 70, 62)), text)).toEqual([a, b]);
    // The same box read with confidence is a word like any other.
    expect(misreadColumn({ ...junk, confidence: KEEP_FROM + 20 })).toBe(false);
  });

  it('joins the digits of one value into one run', () => {
    const digits = [box(300, 20, 305, 32), box(308, 20, 313, 32), box(316, 20, 321, 32)];
    expect(unreadInk(page(sku, ...digits), result(line('PK-1015', sku)))).toEqual([box(300, 20, 321, 32)]);
  });
});

describe('what a second reading adds', () => {
  const base = result(line('PK-1015 Edge protectors', box(10, 20, 200, 32)), line('PK-1022 Strapping band', box(10, 50, 200, 62)));
  const runs = [box(300, 20, 322, 32), box(300, 50, 308, 62), box(360, 20, 380, 32)];

  it('each run read with confidence becomes a line, a column at a time, after the page text', () => {
    const out = addUnread(base, runs, [[{ text: '820', confidence: 91 }], [{ text: '9', confidence: 88 }], [{ text: '500', confidence: 93 }]]);
    expect(out.text).toBe(`${base.text}\n\n820\n9\n\n500`);
    expect(out.lines.slice(2).map((l) => [l.text, l.bbox])).toEqual([
      ['820', runs[0]],
      ['9', runs[1]],
      ['500', runs[2]],
    ]);
    expect(out.lines[2]!.words).toEqual([{ text: '820', bbox: runs[0], confidence: 91 }]);
  });

  it('junk of low confidence or without a letter or digit is dropped', () => {
    const out = addUnread(base, runs, [[{ text: 'Ww', confidence: KEEP_FROM - 10 }], [{ text: '©', confidence: 95 }], []]);
    expect(out).toBe(base);
  });

  it('a misread column is replaced by what its ink reads as, in the lines and the text', () => {
    const junk = line('Ww NN', box(298, 18, 318, 64), 30);
    const withJunk = { ...base, text: `${base.text}\n\nWw NN`, lines: [...base.lines, junk] };
    const out = addUnread(withJunk, runs.slice(0, 2), [[{ text: '820', confidence: 91 }], [{ text: '9', confidence: 88 }]]);
    expect(out.text).toBe(`${base.text}\n\n820\n9`);
    expect(out.lines.map((l) => l.text)).toEqual(['PK-1015 Edge protectors', 'PK-1022 Strapping band', '820', '9']);
  });

  it('a misread column is kept when nothing of it reads again', () => {
    const junk = line('Ww NN', box(298, 18, 318, 64), 30);
    const withJunk = { ...base, text: `${base.text}\n\nWw NN`, lines: [...base.lines, junk] };
    expect(addUnread(withJunk, runs.slice(0, 1), [[]])).toBe(withJunk);
  });

  it("the strip's words go to the row they were read in", () => {
    const rows = [
      { y0: 24, y1: 48 },
      { y0: 72, y1: 96 },
    ];
    const read = result(line('820', box(12, 26, 40, 46), 91), line('9', box(12, 74, 20, 94), 70));
    expect(rowWords(rows, read)).toEqual([[{ text: '820', confidence: 91 }], [{ text: '9', confidence: 70 }]]);
  });
});
