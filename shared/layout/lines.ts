/**
 * A screen read back from its OCR word boxes as lines of cells. Tesseract's text loses where words
 * stand: it reads a settings pane's label column and value column as separate blocks, and a table
 * column by column. Here the words are put back in rows (vertical centres together) and each row is
 * cut into cells at column gaps, so a label and its value are neighbours again. Redaction pairs
 * secrets with their labels on these cells (shared/redaction/layout-pairs.ts), answers pair facts
 * with theirs (agents/chat/screen-layout.ts).
 */

/** A word read off the screen with its box (any pixel scale; only its own proportions matter). */
export interface PlacedWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A run of words on one visual row with no column gap inside: a label, a value, a button. */
export interface LayoutCell {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export type LayoutLine = LayoutCell[];

/**
 * How the words are grouped. `rows`: 'first' puts a word in a row when its centre and the row's
 * first word's centre fall inside each other's boxes; 'span' when its centre falls inside the
 * row's whole height so far. `gap`: a gap wider than `factor` word heights ends a cell, measured by
 * the taller of the two words ('pair') or by the row's median word ('median'). `rules`: a drawn
 * column line read as "|" ends a cell.
 */
export interface LineReading {
  rows: 'first' | 'span';
  gap: { factor: number; by: 'pair' | 'median' };
  rules: boolean;
}

/** Column rules as OCR reads them, at a word's start or end or alone. */
const RULES = /^[|¦│]+|[|¦│]+$/g;
const RULES_BEFORE = /^[|¦│]/;
const RULES_AFTER = /[|¦│]$/;

const centre = (b: { y0: number; y1: number }) => (b.y0 + b.y1) / 2;
const tall = (b: { y0: number; y1: number }) => Math.max(1, b.y1 - b.y0);

function rowsOf<W extends PlacedWord>(words: readonly W[], by: LineReading['rows']): W[][] {
  const sorted = words.filter((w) => w.text.trim() && w.x1 > w.x0 && w.y1 > w.y0).sort((a, b) => centre(a) - centre(b));
  const rows: W[][] = [];
  for (const w of sorted) {
    const row = rows[rows.length - 1];
    const c = centre(w);
    let joins = false;
    if (row && by === 'first') {
      const first = row[0]!;
      // Either centre inside the other's box: a lower-case word's box is shorter than a capital's.
      joins = (c >= first.y0 && c <= first.y1) || (centre(first) >= w.y0 && centre(first) <= w.y1);
    } else if (row) joins = c >= Math.min(...row.map((r) => r.y0)) && c <= Math.max(...row.map((r) => r.y1));
    if (joins) row!.push(w);
    else rows.push([w]);
  }
  return rows;
}

/** The words as lines top to bottom, each cut into cells left to right. */
export function readLines(words: readonly PlacedWord[], how: LineReading): LayoutLine[] {
  return rowsOf(words, how.rows).map((row) => {
    row.sort((a, b) => a.x0 - b.x0);
    const heights = row.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
    const median = heights[Math.floor(heights.length / 2)] ?? 1;
    const cells: LayoutCell[] = [];
    let cut = false;
    let last: PlacedWord | null = null;
    for (const w of row) {
      const raw = w.text.trim();
      const text = how.rules ? raw.replace(RULES, '').trim() : raw;
      const before = how.rules && text !== raw && RULES_BEFORE.test(raw);
      const after = how.rules && text !== raw && RULES_AFTER.test(raw);
      if (!text) {
        cut = true;
        continue;
      }
      const cell = cells[cells.length - 1];
      const h = how.gap.by === 'median' ? median : Math.max(tall(w), last ? tall(last) : 0);
      const gapTo = how.gap.by === 'median' ? cell?.x1 : last?.x1;
      if (cell && gapTo !== undefined && !cut && !before && w.x0 - gapTo <= how.gap.factor * h) {
        cell.text = `${cell.text} ${text}`;
        cell.x1 = Math.max(cell.x1, w.x1);
        cell.y0 = Math.min(cell.y0, w.y0);
        cell.y1 = Math.max(cell.y1, w.y1);
      } else cells.push({ text, x0: w.x0, x1: w.x1, y0: w.y0, y1: w.y1 });
      cut = after;
      last = w;
    }
    return cells;
  });
}
