/**
 * "Which team is top of the league", "who's bottom of the table", "who is leading the standings":
 * a ranked table's first or last place. A table is ranked when a column of places counts its rows
 * from 1 ("#", "Pos", "Rank", "Pl.", "Platz"); the row at place 1 is the top, the highest place the
 * bottom. A table with no such column tells no place, whatever order its rows are in.
 */
import type { LaidTable } from './screen-layout.js';
import { columnFigures } from './table-extreme.js';

/** A question for the first or last place of a ranking (a league, a table, standings, a leaderboard). */
const TOP = /\b(?:top\s+of|(?:leading|leads|heads?|heading|tops?|topping)\s+(?:the\s+)?(?:league|table|standings|leaderboard|ranking|rankings|group|division|chart|pool)|(?:in|at)\s+first\s+place|first\s+in\s+the\s+(?:league|table|standings|group|rankings?))\b/i;
const BOTTOM = /\b(?:bottom\s+of|(?:in|at)\s+last\s+place|last\s+in\s+the\s+(?:league|table|standings|group|rankings?))\b/i;
/** "Top of" must be of a ranking, not of a page or a list of things to do. */
const OF_RANKING = /\b(?:of|in)\s+(?:the\s+|our\s+|my\s+)?(?:[\p{L}-]+\s+)?(?:league|table|standings|leaderboard|ranking|rankings|group|division|chart|pool|ladder|class)\b/iu;

/** A column of places, in everyday languages. */
const PLACE_HEAD = /^(?:#|№|pos\.?|position|rank|rk\.?|pl\.?|place|platz|pl\.|rang|plaats|posición|pos|posizione|classement|clasificación)$/i;

/** Which end of a ranking a question asks, or null. */
export function askedRank(question: string): 'top' | 'bottom' | null {
  if (!/^\s*(?:and\s+|so\s+)?(?:which|who|what)\b/i.test(question)) return null;
  if (TOP.test(question) && (OF_RANKING.test(question) || !/\btop\s+of\b/i.test(question))) return 'top';
  if (BOTTOM.test(question) && OF_RANKING.test(question)) return 'bottom';
  return null;
}

/** The row at the asked end of a ranked table, said with its place and its other cells. */
export function rankEnd(question: string, table: LaidTable): { text: string; one: boolean } | null {
  const end = askedRank(question);
  if (!end || table.rows.length < 3) return null;
  const placeCol = table.columns.findIndex((h, c) => PLACE_HEAD.test(h.trim()) && table.rows.every((r) => /^\d{1,3}\.?$/.test(r.cells[c]?.trim() ?? '')));
  if (placeCol < 0) return null;
  const places = table.rows.map((r) => parseInt(r.cells[placeCol]!, 10));
  // Places count the rows from 1 (a tie may share one): not a column of other figures.
  if (Math.min(...places) !== 1 || places.some((p, k) => k > 0 && p < places[k - 1]!) || Math.max(...places) > table.rows.length) return null;
  // A ranking is ranked by something: a column of figures (points, a time) in order down its rows,
  // not a list that merely numbers its lines (orders #1, #2 … by date).
  const byFigures = table.columns.some((_, c) => {
    const f = c === placeCol ? null : columnFigures(table, c);
    if (!f || f.some((x) => !x) || f[0]!.kind === 'date') return false;
    const v = f.map((x) => x!.value);
    const down = v.every((x, k) => k === 0 || x <= v[k - 1]!);
    const up = v.every((x, k) => k === 0 || x >= v[k - 1]!);
    return (down || up) && new Set(v).size >= 2;
  });
  if (!byFigures) return null;
  const want = end === 'top' ? 1 : Math.max(...places);
  const at = table.rows.map((_, k) => k).filter((k) => places[k] === want);
  // The row's name: its first cell of words.
  const nameCol = table.columns.findIndex((_, c) => c !== placeCol && table.rows.filter((r) => r.cells[c] && /\p{L}{2}/u.test(r.cells[c]!)).length >= table.rows.length / 2);
  if (nameCol < 0) return null;
  const name = (k: number) => table.rows[k]!.cells[nameCol]!;
  const others = (k: number) =>
    table.columns
      .map((h, c) => ({ h: h.trim(), v: table.rows[k]!.cells[c] }))
      .filter((x, c) => c !== placeCol && c !== nameCol && x.h && x.v)
      .map((x) => `${x.h} ${x.v}`)
      .join(', ');
  if (at.length !== 1) return { text: `${at.map(name).join(' and ')} share place ${want} of ${table.rows.length}`, one: false };
  const k = at[0]!;
  return { text: `${name(k)} — ${end === 'top' ? 'top' : 'bottom'}, place ${want} of ${table.rows.length}${others(k) ? ` (${others(k)})` : ''}`, one: true };
}
