import type { LayoutCell } from '../../shared/layout/index.js';

/**
 * Tiles: a dashboard's, a boarding pass's or a summary card's captions in a row with their figures
 * in a row right under them, one figure under each caption ("p99 latency   5xx error rate" over
 * "842 ms   2.7 %"), or the figures on top and the captions under them ("1,284" over "Requests per
 * second"). A caption may hold figures of its own ("p99", "5xx", "(30 days)"), so these rows are no
 * table header (a header is labels only) and no form (whose labels have no figures); read across,
 * they would pair one caption with the next.
 */

/** One cell of a screen line, as shared/layout cuts it. */
type TileCell = LayoutCell;

export interface TileValue {
  label: string;
  value: string;
}

/** A caption or a figure lies under its partner within this many line heights. */
const STACK_GAP = 2.5;

const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;
const digits = (s: string) => (s.match(/\d/gu) ?? []).length;
/** Words that name something: letters outnumber figures, short, not a sentence. */
const captionLike = (s: string) => s.length <= 40 && letters(s) >= 3 && letters(s) > 2 * digits(s) && !/[.!?]$/.test(s) && !/@|:\/\//.test(s);
/** A figure, with its unit if any ("842 ms", "3,410", "2.7 %", "14C", "€ 1,475"): more figures than letters. */
const figureLike = (s: string) => digits(s) >= 1 && digits(s) >= letters(s) && s.length <= 24;

const height = (l: TileCell[]) => Math.max(...l.map((c) => c.y1)) - Math.min(...l.map((c) => c.y0));
const top = (l: TileCell[]) => Math.min(...l.map((c) => c.y0));
const bottom = (l: TileCell[]) => Math.max(...l.map((c) => c.y1));

/** Two cells of a tile: one over the other, left edges or centres together. */
function stacked(a: TileCell, b: TileCell, h: number): boolean {
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const mid = (c: TileCell) => (c.x0 + c.x1) / 2;
  return overlap > 0 && (Math.abs(a.x0 - b.x0) <= 1.5 * h || Math.abs(mid(a) - mid(b)) <= 1.5 * h);
}

/** Whether `lower` is one figure (or caption) under each cell of `upper`, in order, close below it. */
function pairsUnder(upper: TileCell[], lower: TileCell[] | undefined): boolean {
  if (!lower || upper.length < 2 || upper.length !== lower.length) return false;
  const h = Math.max(height(upper), height(lower));
  if (top(lower) - bottom(upper) > STACK_GAP * h) return false;
  return upper.every((c, k) => stacked(c, lower[k]!, h));
}

/**
 * Captions with their figures, read from rows of tiles; `taken` holds the lines already read (a
 * table's) and gets the lines read here, so nothing else pairs them across.
 */
export function tileValues(lines: TileCell[][], taken: Set<number>): TileValue[] {
  const out: TileValue[] = [];
  const free = (i: number) => i >= 0 && i < lines.length && !taken.has(i);
  const captions = (i: number) => free(i) && lines[i]!.every((c) => captionLike(c.text));
  const figures = (i: number) => free(i) && lines[i]!.every((c) => figureLike(c.text));
  // Captions over figures first, top down: in a grid of tiles the caption row under a figure row
  // belongs to the figures under it, not to those above it.
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!captions(i) || !figures(i + 1) || !pairsUnder(lines[i]!, lines[i + 1])) continue;
    lines[i]!.forEach((c, k) => out.push({ label: c.text, value: lines[i + 1]![k]!.text }));
    taken.add(i).add(i + 1);
  }
  // Figures over captions ("1,284" over "Requests per second"), when the captions have no figures of their own under them.
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!figures(i) || !captions(i + 1) || !pairsUnder(lines[i]!, lines[i + 1])) continue;
    if (lines[i + 1]!.some((c) => /\d/.test(c.text))) continue;
    lines[i]!.forEach((c, k) => out.push({ label: lines[i + 1]![k]!.text, value: c.text }));
    taken.add(i).add(i + 1);
  }
  return out;
}
