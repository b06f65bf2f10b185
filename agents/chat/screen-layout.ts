import { readLines, type LayoutCell, type LayoutLine, type LineReading } from '../../shared/layout/index.js';
import type { FrameWords } from '../store/index.js';
import { tileValues } from './tile-values.js';
import { headNumber } from './numbered-column.js';
import { withoutSheetFrame } from './sheet-grid.js';

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

type Cell = LayoutCell;
type Line = LayoutLine;

/**
 * Lines as a row's whole height so far gathers them; words narrower apart than 1.1 line heights
 * are one cell, a wider gap or a drawn column line ("|") starts the next column.
 */
const READING: LineReading = { rows: 'span', gap: { factor: 1.1, by: 'median' }, rules: true };
/** A value sits under its label within this many line heights. */
const BELOW_GAP = 2.2;
/** Rows of one table follow each other within this many line heights. */
const ROW_GAP = 3.5;

const hasDigit = (s: string) => /\d/.test(s);
const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;
/** A figure, with its unit or currency if any ("€ 4.20", "1,412 kg", "12"): as many digits as letters at least. */
const figureLike = (s: string) => hasDigit(s) && (s.match(/\d/g) ?? []).length >= letters(s);
/** A label names something: mostly letters, short, not a sentence ("Personnel no." ends with an abbreviation, not a full stop). */
const labelLike = (s: string) => !/@|:\/\/|^www\./.test(s) && s.length <= 40 && letters(s) >= 2 && letters(s) >= s.replace(/\s/g, '').length / 2 && !/[!?]$/.test(s) && !/\S{5,}\.$/.test(s);
/** A period a column may be headed by: a year, a quarter or half, a fiscal year, a month of a year, a week ("2025", "Q3", "FY24", "Mar 2026", "Week 12"). */
const PERIOD = /^(?:(?:19|20)\d{2}(?:[/-]\d{2})?|[QH][1-4](?:\s?['’]?(?:19|20)?\d{2})?|FY\s?['’]?(?:19|20)?\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s(?:['’]\d{2}|(?:19|20)\d{2})|(?:week|wk)\s?\d{1,2})$/iu;
const periodLike = (s: string) => PERIOD.test(s.trim());
/**
 * A column titled by its unit alone, as sheets and price lists head them ("€/h", "£/day", "km/h", "%"),
 * or by a short yes-or-no question ("Paid?", "Done?", "Signed off?"): a header cell, though no label.
 */
const UNIT_OR_ASKED_HEAD = /^(?:[€$£¥%]|[€$£¥]\s?\/\s?\p{L}{1,5}|\p{L}{1,4}\/\p{L}{1,4}|\p{L}{2,12}(?:\s\p{L}{2,8})?\?)$/u;
/** A header cell is a label with no figures, a day and date ("Tue 3 Jun"), a period, a unit, or a numbered column ("Paper 2 (/80)", "R3"). */
const headerLike = (s: string) => /^(?:#|№|No\.?)$/.test(s) || UNIT_OR_ASKED_HEAD.test(s) || periodLike(s) || headNumber(s) !== null || (labelLike(s) && (!hasDigit(s) || /^\p{L}{2,9}\.?\s+\d{1,2}(?:\s+\p{L}{3,9})?$/u.test(s)));

/** Words grouped into lines by their vertical centres, each line cut into cells at wide gaps (shared/layout). */
export function linesOf(fw: FrameWords): Line[] {
  return readLines(fw.words, READING);
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

/**
 * The header cell of each cell of a table row. A cell under a header's text is in its column; a
 * cell under none (a right-aligned figure under a left-aligned header, a wide column's value far
 * from its short title) is in the one column left free between its neighbours' columns that it
 * fits in, past the header before, short of the header after, and ending right of where its own
 * header starts: a row holds one cell a column,
 * so a figure beside the carrier's name is not the carrier. Else as columnOf says.
 */
function columnsOf(line: Line, header: Line): number[] {
  const cols = line.map((c) => (header.some((h) => overlap(c, h) > 0) ? columnOf(c, header) : -1));
  line.forEach((cell, k) => {
    if (cols[k]! >= 0) return;
    const before = Math.max(-1, ...cols.slice(0, k).filter((c) => c >= 0));
    const after = Math.min(header.length, ...cols.slice(k + 1).filter((c) => c >= 0));
    const free: number[] = [];
    for (let j = before + 1; j < after; j++) {
      // Ending right of where its header starts: a time in a calendar's gutter, left of the first day, is in no day.
      if (!cols.includes(j) && !rowNumber(header[j]!.text) && cell.x1 > header[j]!.x0 && cell.x0 >= (header[j - 1]?.x1 ?? -Infinity) && cell.x1 <= (header[j + 1]?.x0 ?? Infinity)) free.push(j);
    }
    if (free.length === 1) cols[k] = free[0]!;
  });
  // The rest as before: the nearest header centre, when close enough.
  return cols.map((c, k) => (c >= 0 ? c : columnOf(line[k]!, header)));
}

/** A spreadsheet's row number ("7" in the margin before each row): no label and no value. */
const rowNumber = (s: string) => /^\d{1,3}$/.test(s);
/**
 * A header row: three labels at least, after the sheet's row number if any. Periods head columns
 * two at least ("Region  Q3  Q4"): a row with one year among words ("2023  Ana Costa  Approved") is
 * a row of a table.
 */
const isHeaderRow = (line: Line) => {
  const cells = line.filter((c, k) => !(k === 0 && rowNumber(c.text)));
  const periods = cells.filter((c) => periodLike(c.text)).length;
  // A standings table heads columns with one letter ("P  W  D  L") beside words: two such at least
  // and two words (a row "Ana  B  Passed" holds a grade; a sheet's "A  B  C" names its columns).
  const letters = cells.filter((c) => /^\p{Lu}$/u.test(c.text)).length;
  const labels = cells.filter((c) => headerLike(c.text)).length;
  return cells.length >= 3 && labels + letters === cells.length && (letters === 0 || (letters >= 2 && labels >= 2)) && periods !== 1;
};

/**
 * The group header over a header row ("Lisbon leg" over "Budget  Actual"): a line of labels just
 * above it, each spanning two header cells or more. Gives each header cell its group's text, if any.
 */
function groupsOver(lines: Line[], i: number, header: Line): { names: (string | null)[]; at: number; corner: Cell[] } | null {
  for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
    const line = lines[k]!;
    if (top(header) - bottom(line) > 1.5 * height(header)) break;
    // A title left of every header cell ("Region" in the corner, above the row labels) heads the rows' own column.
    const first = header.find((h) => !rowNumber(h.text));
    const corner = line.filter((c) => !rowNumber(c.text) && first && c.x1 < first.x0 && labelLike(c.text) && !hasDigit(c.text));
    const groups = line.filter((c) => !rowNumber(c.text) && !corner.includes(c));
    const spans = groups.map((g) => spanned(g, header));
    // A sheet's merged cell prints its text at its left edge: each group then spans from the header
    // cell it starts over to the one before the next group's.
    const starts = groups.map((g) => header.findIndex((h) => !rowNumber(h.text) && Math.abs(h.x0 - g.x0) <= height(header)));
    if (groups.length >= 2 && starts.every((a, j) => a >= 0 && (j === 0 || a > starts[j - 1]!))) {
      starts.forEach((a, j) => {
        if (spans[j]!.size >= 2) return;
        // The last group spans as many columns as the one before it: a column after it ("Total") is none of its.
        const end = j + 1 < starts.length ? starts[j + 1]! : Math.min(header.length, a + (starts[j]! - starts[j - 1]!));
        spans[j] = new Set([...Array(end - a).keys()].map((d) => a + d));
      });
    }
    if (!groups.length || !groups.every((g, j) => headerLike(g.text) && spans[j]!.size >= 2)) continue;
    // One title over every column names the table, not a group of its columns; a lone line above
    // a header groups the columns it reaches over, or sits centred over the gap between two.
    if (groups.length === 1 && (spans[0]!.size === header.length || Math.abs(groups[0]!.x0 - header[0]!.x0) <= height(header) || !(header.filter((h) => overlap(groups[0]!, h) > 0).length >= 2 || overGap(groups[0]!, header)))) return null;
    return { names: header.map((_, hk) => groups.find((_, j) => spans[j]!.has(hk))?.text ?? null), at: k, corner };
  }
  return null;
}

/**
 * The header cells a group header spans: those it overlaps, and the two either side of its centre
 * (a merged cell's text sits centred over its columns, often over the gap between their labels).
 */
function spanned(g: Cell, header: Line): Set<number> {
  const mid = (g.x0 + g.x1) / 2;
  const out = new Set<number>();
  header.forEach((h, k) => {
    if (!rowNumber(h.text) && overlap(g, h) > 0) out.add(k);
  });
  const over = header.findIndex((h) => h.x0 <= mid && h.x1 >= mid);
  const left = over >= 0 ? over - 1 : header.reduce((b, h, k) => (h.x1 < mid ? k : b), -1);
  const right = over >= 0 ? over + 1 : header.findIndex((h) => h.x0 > mid);
  for (const k of [left, over, right]) if (k >= 0 && k < header.length && !rowNumber(header[k]!.text)) out.add(k);
  return left >= 0 && right >= 0 ? out : new Set();
}

/** A cell centred over the gap between two header cells, no wider than the two together. */
function overGap(g: Cell, header: Line): boolean {
  const mid = (g.x0 + g.x1) / 2;
  const k = header.findIndex((h) => h.x0 > mid);
  const left = header[k - 1];
  const right = header[k];
  return !!left && !!right && left.x1 < mid && g.x0 >= left.x0 && g.x1 <= right.x1;
}

/**
 * A header's second row ("Previous  Current" under "Readings", beside "Meter  Used" drawn over both
 * rows): labels right under the header that sit between its cells, not under one. Joined into it.
 */
function withSubHeader(header: Line, sub: Line | undefined): Line | null {
  if (!sub || top(sub) - bottom(header) > height(header) || !sub.every((c) => headerLike(c.text) && !hasDigit(c.text))) return null;
  if (sub.some((c) => header.some((h) => overlap(c, h) > 0))) return null;
  return [...header, ...sub].sort((a, b) => a.x0 - b.x0);
}

/**
 * A header opens its table: a row of labels with another such row right above it, label over label
 * ("Insured item  Canyon Grail 7" over "Claim status  Waiting for repair quote"), is one row of a
 * label and value list, not the head of a table.
 */
function amongRows(lines: Line[], i: number, header: Line): boolean {
  const h = height(header);
  // The list goes on under it: its first column holds a label on the next line too (a card's name
  // over its role, with a phone number under, still lets the role head its column).
  const below = lines[i + 1]?.find((c) => Math.abs(c.x0 - header[0]!.x0) <= h);
  if (!below || !labelLike(below.text) || hasDigit(below.text)) return false;
  for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
    const line = lines[k]!;
    if (top(header) - bottom(line) > ROW_GAP * h) return false;
    const aligned = line.filter((c) => !rowNumber(c.text) && header.some((x) => Math.abs(x.x0 - c.x0) <= h));
    if (aligned.length >= 2 && headerLike(aligned[0]!.text)) return true;
  }
  return false;
}

/** Where the columns of a header meet: half way between neighbouring header cells. */
const bounds = (header: Line) => header.slice(1).map((h, k) => (header[k]!.x1 + h.x0) / 2);

/**
 * A table as its header and rows: each row's cells by column (null where it has none), and its
 * cells under no header (a row label under an empty corner). Read for questions over a whole column
 * ("which team scored the most", agents/chat/table-extreme.ts).
 */
export interface LaidTable {
  /** Each column's name, a group header's before its own ("Q3 / Revenue"); '' for none. */
  columns: string[];
  rows: { cells: (string | null)[]; loose: string[] }[];
}

/** Cells of a table's rows labelled by the header row above them. */
/** Reads tables; `headers` gets the index of every line a table took (its header and its rows); `tables` each table read. */
function tableValues(lines: Line[], headers: Set<number>, tables?: LaidTable[]): LabelledValue[] {
  const out: LabelledValue[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!isHeaderRow(lines[i]!) || amongRows(lines, i, lines[i]!)) continue;
    const merged = withSubHeader(lines[i]!, lines[i + 1]);
    // A value under a header that a group header spans is labelled by both ("Porto leg / Actual").
    const groups = groupsOver(lines, i, merged ?? lines[i]!);
    const corner = groups?.corner ?? [];
    const header = [...corner, ...(merged ?? lines[i]!)];
    const groupNames = [...corner.map(() => null), ...(groups?.names ?? [])];
    const names = header.map((h, k) => (k === 0 && rowNumber(h.text) ? null : groupNames[k] ? `${groupNames[k]} / ${h.text}` : h.text));
    const edges = bounds(header);
    const rows: { line: Line; cols: number[]; at: number }[] = [];
    let prevBottom = bottom(lines[merged ? i + 1 : i]!);
    for (let j = merged ? i + 2 : i + 1; j < lines.length; j++) {
      const line = lines[j]!;
      if (top(line) - prevBottom > ROW_GAP * height(header)) break;
      // The next header row ends this table.
      if (isHeaderRow(line)) break;
      prevBottom = bottom(line);
      // A line across several columns (a note, a section's title) is in no column: it is not a cell.
      // Said as "Label: value" (a total under the rows), it is a labelled value of its own.
      if (line.length === 1 && edges.some((x) => line[0]!.x0 < x && line[0]!.x1 > x)) {
        const said = /^([^:]{2,40}):\s+(.*\d.*)$/.exec(line[0]!.text);
        if (said && labelLike(said[1]!)) out.push({ label: said[1]!.trim(), value: said[2]!.trim() });
        continue;
      }
      const cols = columnsOf(line, header);
      // A calendar row may hold one event beside its time: one cell under a header is enough.
      if (cols.some((c) => c >= 0)) rows.push({ line, cols, at: j });
    }
    // Cards side by side put a label and its value under each card's title: a table's row puts one
    // cell under each header cell. Read as cards, not as a table (cardValues).
    // (A row's value beside its label may fall under no header cell: the card is wider than its title.)
    const doubled = rows.filter((r) => {
      const first = r.cols.findIndex((c, k) => c >= 0 && !rowNumber(r.line[k]!.text));
      // A label, then its value beside it in the same card: not two figures OCR read under one header.
      const afterLabel = (k: number) => k > 0 && labelLike(r.line[k - 1]!.text) && !hasDigit(r.line[k - 1]!.text);
      return r.cols.some((c, k) => afterLabel(k) && ((c >= 0 && r.cols.indexOf(c) !== k) || (c < 0 && first >= 0 && k > first)));
    }).length;
    if (rows.length && doubled > rows.length / 2) continue;
    // A header heads columns with cells under them: three at least (a side menu's word beside a
    // settings row's label and value is not a table).
    const filled = new Set(rows.flatMap((r) => r.cols.filter((c) => c >= 0 && names[c])));
    if (filled.size < 3) continue;
    headers.add(i);
    if (merged) headers.add(i + 1);
    if (groups) headers.add(groups.at);
    for (const r of rows) headers.add(r.at);
    // A column is of figures when most of its cells are ("€ 4.20", "12"): a word under it ("Subtotal",
    // "Total due", "VAT 21%" beside the amount column's figure) is no value of that column but the
    // label of the figure beside it, a row of its own (a total under the items).
    // Judged on the fullest rows (the items), which the totals under them do not outvote.
    const filledOf = (r: { cols: number[] }) => new Set(r.cols.filter((c) => c >= 0)).size;
    const fullest = Math.max(0, ...rows.map(filledOf));
    const full = rows.filter((r) => filledOf(r) === fullest);
    const figureColumn = header.map((_, c) => {
      const inIt = full.flatMap((r) => r.line.filter((_, k) => r.cols[k] === c));
      return inIt.length >= 2 && inIt.filter((x) => figureLike(x.text)).length >= 0.6 * inIt.length;
    });
    const ownLabel = (line: Line, cols: number[]) => line.findIndex((c, k) => cols[k]! >= 0 && figureColumn[cols[k]!] && !figureLike(c.text) && labelLike(c.text) && !!line[k + 1] && figureLike(line[k + 1]!.text));
    tables?.push({
      columns: names.map((n) => n ?? ''),
      // A total's word under a column of figures ("Sum" under "€/h") labels its row, not that column.
      rows: rows.map(({ line, cols }) => {
        const own = ownLabel(line, cols);
        return {
          cells: names.map((_, c) => line.filter((_, k) => cols[k] === c && k !== own).map((x) => x.text).join(' ') || null),
          loose: line.filter((x, k) => (cols[k]! < 0 || k === own) && !(k === 0 && rowNumber(x.text))).map((x) => x.text),
        };
      }),
    });
    for (const { line, cols } of rows) {
      const own = ownLabel(line, cols);
      if (own >= 0) out.push({ label: line[own]!.text, value: line[own + 1]!.text });
      const labelled = line.map((c, k) => ({ c, h: cols[k]! >= 0 ? names[cols[k]!]! : null }));
      for (const [k, { c, h }] of labelled.entries()) {
        if (!h || h === c.text || k === own) continue;
        const row = labelled.filter((o, k) => o.c !== c && !(k === 0 && !o.h && rowNumber(o.c.text))).map((o) => (o.h && o.h !== o.c.text ? `${o.h}: ${o.c.text}` : o.c.text)).join(' · ');
        out.push({ label: h, value: c.text, row });
      }
    }
  }
  return out;
}

/**
 * A table turned on its side (a comparison of phones, plans or offers): the things compared head
 * the columns ("Pixel 9  iPhone 16  Galaxy S24", names that may hold figures) over an empty corner,
 * and each row below is an attribute, its name in the first column left of every header cell
 * ("Weight  198 g  170 g  167 g"). A cell is labelled by its row's name and is about its column's thing.
 * `taken` holds the lines already read and gets the lines read here.
 */
function sidewaysValues(lines: Line[], taken: Set<number>, tables?: LaidTable[]): LabelledValue[] {
  const out: LabelledValue[] = [];
  for (let i = 0; i + 2 < lines.length; i++) {
    const header = lines[i]!;
    if (taken.has(i) || header.length < 2 || !header.every((c) => labelLike(c.text) && !figureLike(c.text))) continue;
    const rows: { name: string; cells: (string | null)[]; at: number }[] = [];
    let prevBottom = bottom(header);
    for (let j = i + 1; j < lines.length && !taken.has(j); j++) {
      const line = lines[j]!;
      if (top(line) - prevBottom > ROW_GAP * height(header)) break;
      const [name, ...rest] = line;
      // The attribute's name, left of every thing compared, and one value under each thing at most.
      if (!name || !rest.length || !labelLike(name.text) || hasDigit(name.text) || name.x1 >= header[0]!.x0) break;
      const cols = rest.map((c) => columnOf(c, header));
      if (cols.some((c, k) => c < 0 || cols.indexOf(c) !== k)) break;
      rows.push({ name: name.text, cells: header.map((_, c) => rest[cols.indexOf(c)]?.text ?? null), at: j });
      prevBottom = bottom(line);
    }
    // Two attributes at least, and most things given a value in each.
    if (rows.length < 2 || rows.some((r) => r.cells.filter(Boolean).length < Math.max(2, header.length / 2))) continue;
    taken.add(i);
    for (const r of rows) taken.add(r.at);
    tables?.push({ columns: ['', ...rows.map((r) => r.name)], rows: header.map((h, c) => ({ cells: [null, ...rows.map((r) => r.cells[c]!)], loose: [h.text] })) });
    for (const r of rows) r.cells.forEach((v, c) => v && out.push({ label: r.name, value: v, row: header[c]!.text }));
    i = rows[rows.length - 1]!.at;
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
  // A label alone is measured in its own column: a side panel's label, value and next label
  // interleave with the main column's lines, which say nothing of its spacing.
  const box = line.length === 1 ? under(line[0]!, line, next) : undefined;
  const below = box && after?.find((c) => Math.abs(c.x0 - box.x0) <= 2 * height(next) && overlap(c, box) > 0);
  if (box && below) {
    if (box.y0 - line[0]!.y1 >= 0.75 * (below.y0 - box.y1)) return false;
  } else if (after && top(next) - bottom(line) >= 0.75 * (top(after) - bottom(next))) return false;
  // Values that are words too (two names under "Sender  Recipient") are told from labels by their size.
  return line.length === 1 || !next.every((c) => labelLike(c.text) && !hasDigit(c.text)) || smallOver(line, next);
}

/**
 * Labels printed smaller than the words right under them, one over each ("Sender  Recipient" over two
 * names): captions over their values, even when the values are words that could be labels too.
 */
function smallOver(line: Line, next: Line): boolean {
  if (line.length !== next.length || !line.every((c) => labelLike(c.text) && !hasDigit(c.text))) return false;
  return line.every((c, k) => under(c, line, next) === next[k] && c.y1 - c.y0 <= 0.85 * (next[k]!.y1 - next[k]!.y0));
}

/**
 * Rows that say the value first and its label after it ("WPA3 personal   encryption", a router's
 * page): two aligned columns, three rows at least, where the right one never holds a figure and the
 * left one does in a third of its rows or more. A list of labels and values has it the other way.
 */
function valueFirst(lines: Line[]): Set<number> {
  const out = new Set<number>();
  const two = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.length === 2);
  const done = new Set<number>();
  for (const { l, i } of two) {
    if (done.has(i)) continue;
    const h = height(l);
    const group = two.filter((o) => Math.abs(o.l[0]!.x0 - l[0]!.x0) <= h && Math.abs(o.l[1]!.x0 - l[1]!.x0) <= h);
    for (const o of group) done.add(o.i);
    if (group.length < 3) continue;
    const right = group.map((o) => o.l[1]!.text);
    const leftFigures = group.filter((o) => hasDigit(o.l[0]!.text)).length;
    if (right.every((t) => labelLike(t) && !hasDigit(t)) && leftFigures * 3 >= group.length) for (const o of group) out.add(o.i);
  }
  return out;
}

/**
 * The heading of the section a row is in ("Guest access" over the guest network's rows): the
 * nearest line above that is one label alone, starting at or left of the row.
 */
function sectionOf(lines: Line[], i: number): string | null {
  const row = lines[i]!;
  for (let k = i - 1; k >= 0 && k >= i - 8; k--) {
    const l = lines[k]!;
    const text = l[0]!.text.replace(/^[^\p{L}\p{N}]+/u, '');
    if (l.length === 1 && l[0]!.x0 <= row[0]!.x0 + height(row) && labelLike(text) && !hasDigit(text)) return text;
  }
  return null;
}

/** A label and the value to its right on the same row: settings rows, receipts, key-value lists. */
function rowValues(lines: Line[], headers: Set<number>): LabelledValue[] {
  const out: LabelledValue[] = [];
  const flipped = valueFirst(lines);
  lines.forEach((line, i) => {
    if (flipped.has(i) && !headers.has(i)) {
      const heading = sectionOf(lines, i);
      out.push({ label: line[1]!.text, value: line[0]!.text, ...(heading ? { row: heading } : {}) });
      return;
    }
    // A table's lines are read by its header, not cell by neighbouring cell.
    // Nor does a form's label row pair across, nor a value under one of its labels with its neighbour.
    const above = i > 0 && isLabelRow(lines[i - 1]!, line, lines[i + 1]) ? lines[i - 1]! : null;
    if (line.length < 2 || line.length > 3 || headers.has(i) || isLabelRow(line, lines[i + 1], lines[i + 2])) return;
    // Each label with the cell after it: a side menu's word may open the row ("About  Tunnel type  WireGuard").
    line.slice(0, -1).forEach((label, k) => {
      const value = line[k + 1]!;
      if (above?.some((l) => under(l, above, line) === label)) return;
      // A caption's value is under it, and the value under a caption is no label for its neighbour.
      if (captionValue(label, line, lines[i + 1]) || captionOver(label, line, lines[i - 1])) return;
      if (labelLike(label.text) && label.text !== value.text) out.push({ label: label.text, value: value.text });
    });
  });
  return out;
}

/** A caption: a label in capitals ("ESTIMATED DELIVERY", "GATE"), as tickets and trackers print them over their values. */
const caption = (s: string) => labelLike(s) && !hasDigit(s) && letters(s) >= 3 && s === s.toUpperCase() && s !== s.toLowerCase();

/**
 * The cell a caption names: the one under it, unless a figure stands beside it on its own row
 * ("TOTAL EUR   84.37", "DNS   10.64.0.1": a row's label and value, the line under is another row).
 */
function captionValue(c: Cell, line: Line, next: Line | undefined): Cell | undefined {
  if (!caption(c.text) || !next) return undefined;
  const value = under(c, line, next);
  if (!value || caption(value.text)) return undefined;
  const beside = line[line.indexOf(c) + 1];
  if (!beside || !hasDigit(beside.text)) return value;
  // Beside a figure, a caption still names the cell under it when it is printed smaller than that
  // cell (a ticket's caption over its value), unless that cell is a label with a figure of its own.
  const besideUnder = next[next.indexOf(value) + 1];
  const ownRow = labelLike(value.text) && !hasDigit(value.text) && !!besideUnder && hasDigit(besideUnder.text);
  return !ownRow && c.y1 - c.y0 <= 0.8 * (value.y1 - value.y0) ? value : undefined;
}

/** Whether this cell is the value under a caption of the line above. */
const captionOver = (cell: Cell, line: Line, above: Line | undefined): boolean => !!above && above.some((c) => captionValue(c, above, line) === cell);

/** Labels with their values right under them: a form with labels above its boxes. */
function belowValues(lines: Line[], taken: Set<number> = new Set()): LabelledValue[] {
  const out: LabelledValue[] = [];
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (taken.has(i) || taken.has(i + 1)) return;
    // A caption names the cell under it however the rows are spaced, and whatever stands beside it.
    if (!isLabelRow(line, next, lines[i + 2])) {
      for (const c of line) {
        const value = captionValue(c, line, next);
        if (value) out.push({ label: c.text, value: value.text });
      }
      return;
    }
    for (const label of line) {
      const value = under(label, line, next);
      if (value && value.text !== label.text) out.push({ label: label.text, value: value.text });
    }
  });
  return out;
}

/** Side by side regions narrower apart than this many line heights are one region. */
const GUTTER = 2;

/**
 * The side by side regions of a block of lines: x spans that cells fill, cut where no cell of any
 * of its lines reaches across a gutter (the gap between two cards, or a list and a panel beside it).
 */
function regionsOf(block: Line[]): { x0: number; x1: number }[] {
  // A line of one cell (a page title over the cards, a footer or a note under them) may run across
  // their gutters: it says where no card ends. The lines of several cells do.
  const many = block.filter((l) => l.length >= 2);
  const cells = (many.length ? many : block).flat().sort((a, b) => a.x0 - b.x0);
  const hs = cells.map((c) => c.y1 - c.y0).sort((a, b) => a - b);
  const gap = GUTTER * (hs[Math.floor(hs.length / 2)] ?? 1);
  const out: { x0: number; x1: number }[] = [];
  for (const c of cells) {
    const last = out[out.length - 1];
    if (last && c.x0 - last.x1 < gap) last.x1 = Math.max(last.x1, c.x1);
    else out.push({ x0: c.x0, x1: c.x1 });
  }
  return out;
}

/** A column of labels only (no figures) is one region with the values beside it: a list's two columns. */
function joinLabelColumns(regions: { x0: number; x1: number }[], block: Line[]): { x0: number; x1: number }[] {
  const out: { x0: number; x1: number }[] = [];
  let joinNext = false;
  for (const r of regions) {
    const cells = block.flatMap((l) => l.filter((c) => c.x0 >= r.x0 && c.x1 <= r.x1));
    const last = out[out.length - 1];
    if (joinNext && last) last.x1 = r.x1;
    else out.push({ ...r });
    const next = regions[regions.indexOf(r) + 1];
    const inIt = (l: Line, q: { x0: number; x1: number }) => l.filter((c) => c.x0 >= q.x0 && c.x1 <= q.x1);
    // Judged on the lines where both columns have a cell: a card's title above its rows may hold figures.
    const paired = next ? block.filter((l) => inIt(l, r).length && inIt(l, next).length).map((l) => inIt(l, r)) : [];
    joinNext = !joinNext && cells.length >= 2 && paired.length >= 2 && paired.every((c) => c.length === 1 && labelLike(c[0]!.text) && !hasDigit(c[0]!.text));
  }
  return out;
}

/**
 * Cards side by side (a pharmacy's three prescriptions, a claim's details beside its documents):
 * each card's labels pair only with values inside the same card, and the lines that open a card
 * above its first label and value (its title) say what every value in it is about. A block of lines
 * is read as cards when its regions hold label and value rows of their own: two cards with two
 * such rows each, or one with three. Table lines (`taken`) are left out; the lines read here are added.
 */
function cardValues(lines: Line[], taken: Set<number>): LabelledValue[] {
  const out: LabelledValue[] = [];
  let start = 0;
  while (start < lines.length) {
    let end = start + 1;
    while (end < lines.length && !taken.has(end) && !taken.has(start) && top(lines[end]!) - bottom(lines[end - 1]!) <= ROW_GAP * height(lines[end - 1]!)) end++;
    const block = [...Array(end - start).keys()].map((k) => start + k);
    start = end;
    if (block.some((i) => taken.has(i))) continue;
    // Labels over their values across the cards ("Sender  Recipient" over two names) are read as a
    // form's rows (belowValues), not as the cards' titles.
    const form = new Set<number>();
    // (Printed smaller than them: cards' titles over their first lines are as wide and as tall.)
    for (const i of block) if (lines[i]!.length >= 2 && block.includes(i + 1) && smallOver(lines[i]!, lines[i + 1]!) && isLabelRow(lines[i]!, lines[i + 1], lines[i + 2])) form.add(i).add(i + 1);
    const at = block.filter((i) => !form.has(i));
    if (!at.length) continue;
    const regions = joinLabelColumns(
      regionsOf(at.map((i) => lines[i]!)),
      at.map((i) => lines[i]!),
    );
    if (regions.length < 2) continue;
    const cards = regions.map((r) => at.map((i) => lines[i]!.filter((c) => c.x0 >= r.x0 && c.x1 <= r.x1)).filter((l) => l.length));
    const pairRows = cards.map((card) => card.filter((l) => l.length >= 2 && labelLike(l[0]!.text)).length);
    if (pairRows.filter((n) => n >= 2).length < 2 && !pairRows.some((n) => n >= 3)) continue;
    for (const card of cards) {
      // A card may hold several, one under another: lines that are no label and value row open the next.
      const pairRow = (l: Line) => l.length >= 2 && l.length <= 3;
      let k = 0;
      while (k < card.length) {
        const first = card.findIndex((l, j) => j >= k && pairRow(l));
        if (first < 0) break;
        let end = first;
        while (end < card.length && pairRow(card[end]!)) end++;
        const head = card.slice(k, first).map((l) => l.map((c) => c.text).join(' ')).join(' · ');
        // A card's rows are its label and value pairs, however evenly they are spaced.
        for (const line of card.slice(first, end)) {
          for (const [j, label] of line.slice(0, -1).entries()) {
            const value = line[j + 1]!;
            if (labelLike(label.text) && label.text !== value.text) out.push({ label: label.text, value: value.text, ...(head ? { row: head } : {}) });
          }
        }
        k = end;
      }
    }
    for (const i of at) taken.add(i);
  }
  return out;
}

/**
 * Rows of a list with no header row (an alerts panel: "FIRING  RefundQueueBacklog  queue depth
 * above 2,000  since 09:40"), four cells or more that nothing else read: each row is a value of the
 * section heading above it ("Alerts"), which says what the rows are.
 */
function listRows(lines: Line[], taken: Set<number>): LabelledValue[] {
  const out: LabelledValue[] = [];
  lines.forEach((line, i) => {
    if (line.length < 4 || taken.has(i) || isHeaderRow(line)) return;
    const heading = sectionOf(lines, i);
    if (heading) out.push({ label: heading, value: line.map((c) => c.text).join(' · ') });
  });
  return out;
}

/** The tables the screen's layout shows, header and rows. */
export function tablesOf(fw: FrameWords): LaidTable[] {
  const tables: LaidTable[] = [];
  const lines = linesOf(fw);
  const taken = new Set<number>();
  tableValues(lines, taken, tables);
  sidewaysValues(lines, taken, tables);
  return tables.map(withoutSheetFrame);
}

/** Every label with its value that the screen's layout shows, tables first. */
export function labelledValues(fw: FrameWords): LabelledValue[] {
  const lines = linesOf(fw);
  const seen = new Set<string>();
  const out: LabelledValue[] = [];
  const headers = new Set<number>();
  const tables = [...tableValues(lines, headers), ...sidewaysValues(lines, headers)];
  // Tiles before cards and rows: read across, a row of captions pairs each caption with the next.
  const tiles = tileValues(lines, headers);
  // Read before cards, which may cut such a row into pieces of two cells.
  const lists = listRows(lines, headers);
  const cards = cardValues(lines, headers);
  for (const v of [...tables, ...tiles, ...cards, ...rowValues(lines, headers), ...belowValues(lines, headers), ...lists]) {
    // The same label and value in two rows of a table are two facts (eu-west for two services).
    const k = `${v.label}\u0000${v.value}\u0000${'row' in v ? (v.row ?? '') : ''}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}
