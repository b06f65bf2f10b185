/**
 * A column of labels read before the column of their values. A form, a quotation, an account page
 * or a table laid out as "label | value" is often read by OCR one column at a time: every label, then
 * every value ("Moving date, Crew arrival window, Total" … "Sat 19 Dec, 07:15-08:00, £865.00"). The
 * question's words find the label; the value sits as many lines into the value column as the label
 * sits into its own, and often several passages away, where neither "under its label" nor "above
 * its caption" reaches. No rule for any one page: only the lines' shapes and their counts.
 */

/** One passage of a screen in reading order, as screen-rank sees it. */
export interface ColumnPassage {
  seq: number;
  /** Its text (lines). */
  text: string;
  /** The line of it that holds the question's words (null: none, or unknown). */
  hitLine?: number | null;
  /** Whether it comes right after the previous item on the same screen. */
  follows: boolean;
}

/** A label longer than this is a sentence or an address, not a label. */
const LABEL_CHARS = 48;
/** A label has at most this many words. */
const LABEL_WORDS = 7;
/** Fewer labels than this in a run is no column (a card's caption and its value is screen-rank's). */
export const MIN_COLUMN = 3;
/** How many lines either side of the aligned one may hold the value (a wrapped label shifts the count). */
export const ALIGN_SLACK = 1;

const MONTHS = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b/i;

/**
 * A line that reads as a label: short, a few words, no sentence end, and no value's shape (an
 * amount, a clock time, a date, mostly figures). What a label adds in brackets ("New monthly price
 * (from 1 Jan)") does not count.
 */
export function isLabelLine(line: string): boolean {
  const t = line
    .replace(/\([^)]*\)?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!t || t.length > LABEL_CHARS || /[.!?]$/.test(t)) return false;
  const words = t.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (!words.length || words.length > LABEL_WORDS) return false;
  if (/[£$€¥₹]\s?\d|\d\s?[£$€¥₹]|\d[:.h]\d\d\b|\d[.,]\d{2}\b|%/u.test(t)) return false;
  const figures = words.filter((w) => /\d/.test(w)).length;
  if (figures && MONTHS.test(t)) return false;
  return figures * 4 <= words.length;
}

/** Prose between the two columns (a note under a form): a long line, or one that ends a sentence. */
function isProse(line: string): boolean {
  const t = line.trim();
  return t.length > 60 || (t.length > LABEL_CHARS && /[.!?]$/.test(t));
}

interface Line {
  item: number;
  text: string;
}

/**
 * For each passage holding the question's words on a label inside a column of at least MIN_COLUMN
 * labels, the passages holding the value lines the same count into the column that follows (the
 * aligned line and ALIGN_SLACK either side), each with the matched passage's index. A run whose
 * following lines are mostly labels too (a menu, a list of names) pairs nothing.
 */
export function alignedValues(items: readonly ColumnPassage[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  // The screen's lines in reading order, in runs of passages that follow one another.
  const runs: Line[][] = [];
  for (const [k, it] of items.entries()) {
    if (!it.follows || !runs.length) runs.push([]);
    for (const text of it.text.split('\n')) if (text.trim()) runs[runs.length - 1]!.push({ item: k, text });
  }
  for (const [k, it] of items.entries()) {
    if (it.hitLine == null) continue;
    const lines = runs.find((r) => r.some((l) => l.item === k));
    if (!lines) continue;
    const first = lines.findIndex((l) => l.item === k);
    const h = first + it.hitLine;
    if (!lines[h] || lines[h]!.item !== k || !isLabelLine(lines[h]!.text)) continue;
    let start = h;
    while (start > 0 && isLabelLine(lines[start - 1]!.text)) start--;
    let end = h;
    while (end + 1 < lines.length && isLabelLine(lines[end + 1]!.text)) end++;
    const count = end - start + 1;
    if (count < MIN_COLUMN) continue;
    // The table's other columns, each under its own header (a table of several value columns).
    for (const l of headedCells(lines, end, count, h - start)) if (l.item !== k) out.set(l.item, [...new Set([...(out.get(l.item) ?? []), k])]);
    // A note between the columns is skipped, once.
    let v = end + 1;
    if (lines[v] && isProse(lines[v]!.text)) {
      const skipped = lines[v]!.item;
      while (lines[v] && lines[v]!.item === skipped) v++;
    }
    // The value column ends where prose starts again (a note under the form).
    const values: Line[] = [];
    for (const l of lines.slice(v, v + count)) {
      if (isProse(l.text)) break;
      values.push(l);
    }
    if (values.length < Math.ceil(count / 2) || values.filter((l) => !isLabelLine(l.text)).length * 2 < values.length) continue;
    const at = h - start;
    const hit = new Set<number>();
    for (let j = Math.max(0, at - ALIGN_SLACK); j <= Math.min(values.length - 1, at + ALIGN_SLACK); j++) hit.add(values[j]!.item);
    for (const i of hit) if (i !== k && !out.get(i)?.includes(k)) out.set(i, [...(out.get(i) ?? []), k]);
  }
  return out;
}

/** How far past a column of labels its table's headed value columns are looked for, in lengths of that column. */
export const COLUMNS_REACH = 6;
/** At most this many value columns are read after one column of labels. */
const MAX_COLUMNS = 8;

/**
 * A table of several value columns read one column at a time ("Course, Fire safety, First aid …",
 * then "Renewal, 2 years, 1 year …", then "Expires, 14 Mar 2027, 02 Oct 2026 …"): each value column
 * opens with its header, a label right before a line with figures, and the column of labels opens with
 * its own ("Course"). The row `row` lines into the column of labels sits `row` lines into each value
 * column, its header counted. The lines there (and ALIGN_SLACK either side, short of the header), for
 * each headed column after the labels, up to where another column of labels or prose begins (another
 * table, a note). A column of words ("Compliant", "Expired") has no line of figures under its header
 * and is not read.
 */
function headedCells(lines: readonly Line[], end: number, count: number, row: number): Line[] {
  const value = (l: Line | undefined) => !!l && !isLabelLine(l.text) && !isProse(l.text);
  const stop = Math.min(lines.length, end + 1 + COLUMNS_REACH * count);
  // Each value column's header: a label right before a line with figures.
  const heads: number[] = [];
  let labels = 0;
  for (let j = end + 1; j < stop && heads.length < MAX_COLUMNS; j++) {
    const line = lines[j]!;
    if (isProse(line.text)) break;
    // A run of labels as long as a column of them is another table's (or a column of words).
    labels = isLabelLine(line.text) ? labels + 1 : 0;
    if (labels >= MIN_COLUMN) break;
    if (isLabelLine(line.text) && value(lines[j + 1]) && /\d/.test(lines[j + 1]!.text)) heads.push(j);
  }
  if (!heads.length) return [];
  // The rows a value column holds (its values up to the next label); the column of labels holds its
  // header and as many rows, and a line more when a heading above it reads as a label too.
  const depth = (j: number) => {
    let n = 0;
    while (value(lines[j + 1 + n])) n++;
    return n;
  };
  const rows = Math.max(...heads.map(depth));
  const at = count - 1 - rows === 1 ? row - 1 : row;
  const out: Line[] = [];
  if (at < 1) return out;
  for (const j of heads) {
    // The lines under the header down to the row's: values, most of them, not labels or prose.
    const under = lines.slice(j + 1, j + 1 + at);
    if (under.length < at || under.some((l) => isProse(l.text)) || under.filter((l) => !isLabelLine(l.text)).length * 2 <= under.length) continue;
    for (let d = -ALIGN_SLACK; d <= ALIGN_SLACK; d++) {
      const cell = lines[j + at + d];
      if (j + at + d > j && value(cell)) out.push(cell!);
    }
  }
  return out;
}
