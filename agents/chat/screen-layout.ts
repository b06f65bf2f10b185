import type { FrameWords } from '../store/index.js';

/**
 * A screen read back from its OCR word boxes as rows and columns, so that what a label says is
 * paired with the value where a reader's eye finds it: to its right on the same row (settings rows,
 * receipts, key-value lists), under it in the same column (a form with labels above its boxes), or
 * in its column under a table's header row (tables, timetables, calendar grids). Tesseract's text
 * loses this: it reads a table column by column and a label far from its value as two blocks.
 */
export interface LabelledValue {
  /** What the value is, as the screen labels it ("Cost centre", "Tuesday", "Owner"). */
  label: string;
  value: string;
  /** The other cells of a table row, labelled by their headers, naming what the row is about. */
  row?: string;
}

interface Cell {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

type Line = Cell[];

/** Words narrower apart than this many line heights are one cell; a wider gap starts the next column. */
const CELL_GAP = 1.1;
/** A value sits under its label within this many line heights. */
const BELOW_GAP = 2.2;
/** Rows of one table follow each other within this many line heights. */
const ROW_GAP = 3.5;

const hasDigit = (s: string) => /\d/.test(s);
const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;
/** A label names something: mostly letters, short, not a sentence ("Personnel no." ends with an abbreviation, not a full stop). */
const labelLike = (s: string) => !/@|:\/\/|^www\./.test(s) && s.length <= 40 && letters(s) >= 2 && letters(s) >= s.replace(/\s/g, '').length / 2 && !/[!?]$/.test(s) && !/\S{5,}\.$/.test(s);
/** A header cell is a label with no figures, or a day and date ("Tue 3 Jun"). */
const headerLike = (s: string) => /^(?:#|№|No\.?)$/.test(s) || (labelLike(s) && (!hasDigit(s) || /^\p{L}{2,9}\.?\s+\d{1,2}(?:\s+\p{L}{3,9})?$/u.test(s)));

/** Words grouped into lines by their vertical centres, each line cut into cells at wide gaps. */
export function linesOf(fw: FrameWords): Line[] {
  const words = fw.words.filter((w) => w.text.trim() && w.y1 > w.y0 && w.x1 > w.x0).sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const rows: (typeof words)[] = [];
  for (const w of words) {
    const mid = (w.y0 + w.y1) / 2;
    const row = rows[rows.length - 1];
    const top = row ? Math.min(...row.map((r) => r.y0)) : 0;
    const bottom = row ? Math.max(...row.map((r) => r.y1)) : 0;
    if (row && mid >= top && mid <= bottom) row.push(w);
    else rows.push([w]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x0 - b.x0);
    const heights = row.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
    const h = heights[Math.floor(heights.length / 2)] ?? 1;
    const cells: Cell[] = [];
    for (const w of row) {
      const last = cells[cells.length - 1];
      if (last && w.x0 - last.x1 <= CELL_GAP * h) {
        last.text = `${last.text} ${w.text.trim()}`;
        last.x1 = Math.max(last.x1, w.x1);
        last.y0 = Math.min(last.y0, w.y0);
        last.y1 = Math.max(last.y1, w.y1);
      } else cells.push({ text: w.text.trim(), x0: w.x0, x1: w.x1, y0: w.y0, y1: w.y1 });
    }
    return cells;
  });
}

const height = (l: Line) => Math.max(...l.map((c) => c.y1)) - Math.min(...l.map((c) => c.y0));
const top = (l: Line) => Math.min(...l.map((c) => c.y0));
const bottom = (l: Line) => Math.max(...l.map((c) => c.y1));
const overlap = (a: Cell, b: Cell) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));

/** The header cell a cell sits under: the one it overlaps most, or whose span its centre falls in. */
function columnOf(cell: Cell, header: Line): number {
  let best = -1;
  let most = 0;
  header.forEach((h, i) => {
    const o = overlap(cell, h);
    if (o > most) [best, most] = [i, o];
  });
  if (best >= 0) return best;
  // Cells wider or narrower than their header (centred, right-aligned): nearest header centre.
  const mid = (cell.x0 + cell.x1) / 2;
  let nearest = -1;
  let dist = Infinity;
  header.forEach((h, i) => {
    const d = Math.abs((h.x0 + h.x1) / 2 - mid);
    if (d < dist) [nearest, dist] = [i, d];
  });
  const span = header[nearest];
  return span && dist <= Math.max(span.x1 - span.x0, cell.x1 - cell.x0) ? nearest : -1;
}

/** Cells of a table's rows labelled by the header row above them. */
/** Reads tables; `headers` gets the index of every line a table took (its header and its rows). */
function tableValues(lines: Line[], headers: Set<number>): LabelledValue[] {
  const out: LabelledValue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i]!;
    if (header.length < 3 || !header.every((c) => headerLike(c.text))) continue;
    const rows: { line: Line; cols: number[]; at: number }[] = [];
    let prevBottom = bottom(header);
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!;
      if (top(line) - prevBottom > ROW_GAP * height(header)) break;
      // The next header row ends this table.
      if (line.length >= 3 && line.every((c) => headerLike(c.text))) break;
      prevBottom = bottom(line);
      const cols = line.map((c) => columnOf(c, header));
      // A calendar row may hold one event beside its time: one cell under a header is enough.
      if (cols.some((c) => c >= 0)) rows.push({ line, cols, at: j });
    }
    // A header heads columns with cells under them: three at least (a side menu's word beside a
    // settings row's label and value is not a table).
    const filled = new Set(rows.flatMap((r) => r.cols.filter((c) => c >= 0)));
    if (filled.size < 3) continue;
    headers.add(i);
    for (const r of rows) headers.add(r.at);
    for (const { line, cols } of rows) {
      const labelled = line.map((c, k) => ({ c, h: cols[k]! >= 0 ? header[cols[k]!]!.text : null }));
      for (const { c, h } of labelled) {
        if (!h || h === c.text) continue;
        const row = labelled.filter((o) => o.c !== c).map((o) => (o.h && o.h !== o.c.text ? `${o.h}: ${o.c.text}` : o.c.text)).join(' · ');
        out.push({ label: h, value: c.text, row });
      }
    }
  }
  return out;
}

/** The cell right under a label, left edges together (a form's box under its label), if any. */
function under(label: Cell, line: Line, next: Line | undefined): Cell | undefined {
  // Labels are often smaller than what they label: measure by the taller of the two rows.
  const h = Math.max(height(line), height(next ?? line));
  if (!next || top(next) - bottom(line) > BELOW_GAP * h) return undefined;
  return next.find((c) => Math.abs(c.x0 - label.x0) <= 2 * h && overlap(c, label) > 0);
}

/**
 * A row of labels over a row of their values ("Department  Cost centre" over "Data Platform  CC-4471"):
 * every cell a label with a cell under it, and the row under is not labels only (a settings list's
 * rows, label and value each, stack the same way; their values are words and figures alike).
 */
function isLabelRow(line: Line, next: Line | undefined, after: Line | undefined): boolean {
  if (!next || !line.every((c) => labelLike(c.text) && !hasDigit(c.text) && under(c, line, next))) return false;
  // A label sits closer to its own box than to the box above the next label; evenly spaced rows are a list.
  if (after && top(next) - bottom(line) >= 0.75 * (top(after) - bottom(next))) return false;
  return line.length === 1 || !next.every((c) => labelLike(c.text) && !hasDigit(c.text));
}

/** A label and the value to its right on the same row: settings rows, receipts, key-value lists. */
function rowValues(lines: Line[], headers: Set<number>): LabelledValue[] {
  const out: LabelledValue[] = [];
  lines.forEach((line, i) => {
    // A table's lines are read by its header, not cell by neighbouring cell.
    // Nor does a form's label row pair across, nor a value under one of its labels with its neighbour.
    const above = i > 0 && isLabelRow(lines[i - 1]!, line, lines[i + 1]) ? lines[i - 1]! : null;
    if (line.length < 2 || line.length > 3 || headers.has(i) || isLabelRow(line, lines[i + 1], lines[i + 2])) return;
    // Each label with the cell after it: a side menu's word may open the row ("About  Tunnel type  WireGuard").
    line.slice(0, -1).forEach((label, k) => {
      const value = line[k + 1]!;
      if (above?.some((l) => under(l, above, line) === label)) return;
      if (labelLike(label.text) && label.text !== value.text) out.push({ label: label.text, value: value.text });
    });
  });
  return out;
}

/** Labels with their values right under them: a form with labels above its boxes. */
function belowValues(lines: Line[]): LabelledValue[] {
  const out: LabelledValue[] = [];
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (!isLabelRow(line, next, lines[i + 2])) return;
    for (const label of line) {
      const value = under(label, line, next);
      if (value && value.text !== label.text) out.push({ label: label.text, value: value.text });
    }
  });
  return out;
}

/** Every label with its value that the screen's layout shows, tables first. */
export function labelledValues(fw: FrameWords): LabelledValue[] {
  const lines = linesOf(fw);
  const seen = new Set<string>();
  const out: LabelledValue[] = [];
  const headers = new Set<number>();
  const tables = tableValues(lines, headers);
  for (const v of [...tables, ...rowValues(lines, headers), ...belowValues(lines)]) {
    const k = `${v.label}\u0000${v.value}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}
