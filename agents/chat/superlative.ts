/**
 * "Which route is the slowest", "what's the cheapest plan", "which bike is lighter": a question that
 * asks for the extreme of a list is answered by reading the whole list, not by the line that shares
 * most words with it. The rows of a found screen that hold a value of what the adjective measures
 * (measure-words) are ordered, and the row at the asked end is stated.
 */
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { ScreenOf } from './unmatched-screen.js';
import { isChatEpisode } from './question-context.js';
import { meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import { adjectiveBase, measureOf, polesOf, type Pole } from './measure-words.js';
import type { FrameWords } from '../store/index.js';
import { tablesOf } from './screen-layout.js';
import { columnAsk, columnEnd } from './table-extreme.js';
import { acrossEnd, headOf } from './row-extreme.js';
import { askedRank, rankEnd } from './rank-top.js';

/** What a question asks the extreme of: the adjective as said, and its readings (flipped for "least"). */
export interface AskedExtreme {
  word: string;
  poles: Pole[];
}

/** Only a question that asks to pick one ("which", "what", "who", "where") asks for an extreme of a list. */
const PICKING = /^\s*(?:and\s+|so\s+)?(?:which|what|who|where)\b/i;

/** The extreme a question asks for, or null: "-est", "most / least …", or "-er" when it asks which one. */
export function askedExtreme(question: string): AskedExtreme | null {
  if (!PICKING.test(question)) return null;
  const most = /\b(most|least)\s+([a-z]+)\b/i.exec(question);
  if (most) {
    const poles = polesOf(most[2]!);
    if (poles.length) return { word: `${most[1]!.toLowerCase()} ${most[2]!.toLowerCase()}`, poles: most[1]!.toLowerCase() === 'least' ? poles.map((p) => ({ ...p, more: !p.more })) : poles };
  }
  for (const m of question.matchAll(/\b[a-z]+(?:est|er)\b/gi)) {
    const w = m[0].toLowerCase();
    // "How much longer", "anything closer": a comparison with one thing, not a choice among a list.
    if (/er$/.test(w) && !/\b(?:which|who)\b/i.test(question)) continue;
    if (adjectiveBase(w) && adjectiveBase(w) !== w) return { word: w, poles: polesOf(w) };
  }
  return null;
}

/** Lines that sum up or average a list are not rows of it. */
const NOT_A_ROW = /\b(?:total|subtotal|sum|average|avg|mean|median|overall|in all|combined)\b/i;

/** Rows of a list compared, at least. */
const MIN_ROWS = 2;

/**
 * The row at the asked end of the list in these lines: the first reading of the adjective that two
 * rows or more can be ordered by. Null when no list can be ordered, or when two rows share the extreme
 * (no one answer).
 */
export function extremeRow(asked: AskedExtreme, lines: readonly string[]): { row: string; said: string; of: number } | null {
  for (const pole of asked.poles) {
    const rows: { row: string; value: number; said: string }[] = [];
    for (const line of lines) {
      const row = line.trim();
      if (!row || NOT_A_ROW.test(row)) continue;
      const m = measureOf(pole.dim, row);
      if (m && Number.isFinite(m.value)) rows.push({ row, value: m.value, said: m.said });
    }
    if (rows.length < MIN_ROWS || new Set(rows.map((r) => r.value)).size < 2) continue;
    const end = pole.more ? Math.max(...rows.map((r) => r.value)) : Math.min(...rows.map((r) => r.value));
    const at = rows.filter((r) => r.value === end);
    if (at.length !== 1) return null;
    return { row: at[0]!.row, said: at[0]!.said, of: rows.length };
  }
  return null;
}

/** Screens read for a list, at most: those of the best matched passages, one per window. */
const LIST_SCREENS = 3;

/**
 * The extreme asked for, from the lists on the best found screens that name what the question is
 * about: the row, the [n] that cites the screen and its passage.
 */
export function extremeLead(question: string, asked: AskedValue, numbered: readonly NumberedMemory[], screens?: ScreenOf, layout?: (frameId: string) => FrameWords | null): { text: string; n: number; passage: PassageMatch; one: boolean } | null {
  const ext = askedExtreme(question);
  const byColumn = layout ? columnAsk(question) : null;
  const ranked = layout ? askedRank(question) : null;
  if (!ext && !byColumn && !ranked) return null;
  const adjective = stem((ext?.word ?? byColumn?.word ?? ranked!).split(' ').pop()!);
  // "Most" and "least" say which end, as the adjective does: no noun of what the list is of.
  const nouns = asked.terms.filter((t) => t !== adjective && !asked.loose.includes(t) && !adjectiveBase(t) && !/^(?:most|least)$/.test(t));
  const best = numbered
    .filter((m) => m.passages?.length && !isChatEpisode(m.memory))
    .map((m) => ({ m, top: [...m.passages!].sort((a, b) => b.score - a.score)[0]! }))
    .sort((a, b) => b.top.score - a.top.score);
  const titles = new Set<string>();
  for (const { m, top } of best) {
    if (titles.size >= LIST_SCREENS) break;
    const title = top.window_title ?? '';
    if (titles.has(title)) continue;
    titles.add(title);
    const whole = (screens?.(m.memory) ?? []).filter((p) => (p.window_title ?? '') === title);
    const lines = (whole.length ? whole : m.passages!).flatMap((p) => p.text.split('\n'));
    // The list must be of what was asked about: a screen that names none of the question's nouns is another list.
    const stems = stemsOf(`${lines.join('\n')}\n${title}\n${m.memory.title}`);
    const frames = new Set((whole.length ? whole : m.passages!).map((p) => p.frame_id).filter((f): f is string => !!f));
    const tables = (byColumn || ranked) && layout ? [...frames].flatMap((id) => { const fw = layout(id); return fw ? tablesOf(fw) : []; }) : [];
    // "Which team is top of the league": the first place of a ranked table, whatever the question's nouns.
    for (const table of ranked ? tables : []) {
      const end = rankEnd(question, table);
      if (end) return { text: end.text, n: m.n, passage: top, one: end.one };
    }
    // A noun a table's heads name by their kind ("round" for R1 R2 R3, "month" for January …) is said there too.
    if (nouns.length && !nouns.some((t) => meets(t, stems) || metByKin(t, stems, asked.kin) || tables.some((tb) => tb.columns.some((h) => headOf(t, h))))) continue;
    // A table laid out on the screen is read by its columns: OCR's lines may hold one cell each.
    for (const table of tables) {
      const end = columnEnd(question, asked, table, `${lines.join('\n')}\n${title}\n${m.memory.title}`) ?? acrossEnd(question, asked, table);
      if (end) return { text: end.text, n: m.n, passage: top, one: end.one };
    }
    const row = ext ? extremeRow(ext, lines) : null;
    if (row) return { text: `${row.row.replace(/\s{2,}/g, '  ').replace(/[.;:,]+$/, '')} (the ${ext!.word} of ${row.of} listed)`, n: m.n, passage: top, one: true };
  }
  return null;
}
