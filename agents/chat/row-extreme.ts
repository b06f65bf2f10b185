/**
 * "Which month did we spend the most", "which round did the Hawks score most in", "which week did Sam
 * work least": the question picks among a table's column heads (months, numbered rounds or weeks,
 * days), along one row: the row the question names, else the row that totals the column. The head
 * at the asked end is stated with the row and its figure.
 */
import { meets, stem, stemsOf, type AskedValue } from './asked-value.js';
import { headNumber, sameNoun } from './numbered-column.js';
import { summaryRow } from './summary-row.js';
import { columnAsk, columnFigures, NOT_A_ROW, type ColumnEnd } from './table-extreme.js';
import type { LaidTable } from './screen-layout.js';

const MONTH = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?:\s+(?:['’]\d{2}|(?:19|20)\d{2}))?$/i;
const WEEKDAY = /^(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\.?$/i;

/** Whether a column's head is one of the picked noun's: a month for "which month", a day for "which day", "R3" for "which round". */
export function headOf(noun: string, head: string): boolean {
  const h = head.trim();
  if (/^months?$/i.test(noun)) return MONTH.test(h);
  if (/^days?$/i.test(noun)) return WEEKDAY.test(h);
  const n = headNumber(h);
  return !!n && sameNoun(n.noun, noun);
}

/** Stems a question says besides what it picks and which end it asks. */
const ASKING = new Set(['which', 'what', 'did', 'do', 'does', 'most', 'least', 'best', 'worst', 'highest', 'lowest', 'more', 'less', 'fewest', 'biggest', 'smallest', 'largest', 'top'].map(stem));

/** The head at the asked end of one row, across the columns of the noun the question picks. */
export function acrossEnd(question: string, asked: AskedValue, table: LaidTable): ColumnEnd | null {
  const ask = columnAsk(question);
  const picked = /^\s*(?:and\s+|so\s+)?(?:which|what|in\s+which)\s+([\p{L}]+)/iu.exec(question)?.[1];
  if (!ask || ask.choices.length || !picked || table.rows.length < 1) return null;
  const figures = table.columns.map((_, c) => columnFigures(table, c));
  const cols = table.columns.map((h, c) => c).filter((c) => figures[c]?.some(Boolean) && headOf(picked, table.columns[c]!));
  if (cols.length < 2) return null;
  // The rows' names: the first column of words.
  const labelCol = table.columns.findIndex((_, c) => !cols.includes(c) && table.rows.some((r) => r.cells[c] && /\p{L}/u.test(r.cells[c]!)));
  const label = (r: number) => (labelCol >= 0 ? table.rows[r]!.cells[labelCol] : null) ?? table.rows[r]!.loose.join(' ');
  const terms = asked.terms.filter((t) => !ASKING.has(t) && t !== stem(picked.toLowerCase()) && !asked.loose.includes(t));
  const named = table.rows.map((_, r) => r).filter((r) => label(r) && terms.some((t) => meets(t, stemsOf(label(r)))));
  const totals = table.rows.map((_, r) => r).filter((r) => summaryRow(label(r), 'total'));
  const plain = table.rows.map((_, r) => r).filter((r) => label(r) && !NOT_A_ROW.test(label(r)));
  const rows = named.length ? named : totals.length ? totals : plain;
  if (rows.length !== 1) return null;
  const r = rows[0]!;
  const cells = cols.map((c) => ({ c, f: figures[c]![r] ?? null })).filter((x) => x.f);
  const kinds = new Set(cells.map((x) => x.f!.kind));
  if (cells.length < 2 || kinds.size !== 1 || new Set(cells.map((x) => x.f!.value)).size < 2) return null;
  if (ask.noMoney && [...kinds][0]!.startsWith('money')) return null;
  const more = ask.poles.find((p) => p.dim === 'duration' && ['duration', 'clock'].includes([...kinds][0]!))?.more ?? ask.more;
  const end = more ? Math.max(...cells.map((x) => x.f!.value)) : Math.min(...cells.map((x) => x.f!.value));
  const at = cells.filter((x) => x.f!.value === end);
  const heads = at.map((x) => table.columns[x.c]!.trim());
  if (at.length > 1) return { text: `${heads.join(' and ')} have the same for ${label(r)}: ${at[0]!.f!.said}`, one: false };
  return { text: `${heads[0]} — ${label(r)}: ${at[0]!.f!.said} (the ${ask.word} of ${cells.length}: ${cells.map((x) => `${table.columns[x.c]!.trim()} ${x.f!.said}`).join(', ')})`, one: true };
}
