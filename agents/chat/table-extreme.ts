/**
 * "Which team has the most points", "the cheapest plan", "the longest build", "who scored more, Ana
 * or Ben": a question over one column of a table, answered from the table as the screen lays it out
 * (its header and rows, screen-layout's tablesOf), not from OCR's text, which may read the table cell
 * by cell or column by column. The column is the one whose header names what the question measures,
 * else the one whose values are of what its adjective measures ("cheapest": money); the values are
 * read as numbers of one kind (currency, percent, units, durations, dates); the row at the asked end
 * is stated with its label. A tie, or a column that is not all of one kind, states nothing.
 */
import { meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import { askedExtreme } from './superlative.js';
import { adjectiveBase, measureOf, numberOf, type Dimension } from './measure-words.js';
import type { LaidTable } from './screen-layout.js';
import { numberedColumns } from './numbered-column.js';

/** What a question asks of a column: its high or low end, the word that says so, and what the end is measured in. */
export interface ColumnAsk {
  /** The high end (true) or the low one, for a column of any figures the question names. */
  more: boolean;
  word: string;
  /** What the adjective measures and which end of it ("the slowest": the least speed, the most time), tried in order. */
  poles: { dim: Dimension | 'date'; more: boolean }[];
  /** Only a column of what the adjective measures answers ("the latest": dates or times, not a year's figure). */
  measuredOnly: boolean;
  /** A plain "highest", "largest", "most": any column of figures answers when it is the only one. */
  plainToo: boolean;
  /** "Ana or Ben": the rows the question compares (empty: all of them). */
  choices: string[];
  /** "Best", "worst": a column of money says no end by itself. */
  noMoney?: boolean;
}

/** Adjectives that say how much of anything, not of one dimension ("the largest invoice", "the highest bid"). */
const HOW_MUCH = new Set(['high', 'low', 'big', 'large', 'small', 'great', 'huge', 'tiny']);

/** Words that ask for the high or the low end of whatever the column counts or measures. */
const MORE = /\b(?:highest|most|largest|biggest|greatest|maximum|top|more|higher|larger|bigger|greater)\b/i;
const LESS = /\b(?:lowest|least|fewest|smallest|minimum|less|fewer|lower|smaller)\b/i;
/** Words that ask for the latest or earliest of dates or times. */
const LATER = /\b(?:latest|newest|most recent(?:ly)?|later|newer)\b/i;
const EARLIER = /\b(?:earliest|oldest|earlier|older)\b/i;
/** Words that judge a row's figure as good or bad: "best", "worst" (a score: the most; a time: the least). */
const JUDGED = /\b(?:did|do|does|came|come|comes|scored|performed|was|were|is|are|the)\s+(?:the\s+)?(best|worst)\b/i;
/** Only a question that asks to pick one asks for an end of a column. */
const PICKING = /^\s*(?:and\s+|so\s+)?(?:which|what|who|where)\b/i;

/** "…, Ana or Ben?", "between the Pro and the Team plan": the two things compared, as said. */
function choicesOf(question: string): string[] {
  const m = /(?:,|\bbetween\b|:)\s*(?:the\s+)?([^,?:]+?)\s+(?:or|and)\s+(?:the\s+)?([^,?:]+?)\s*\??\s*$/i.exec(question);
  return m ? [m[1]!.trim(), m[2]!.trim()] : [];
}

/** What a question asks of a table's column, or null when it asks for no end of one. */
export function columnAsk(question: string): ColumnAsk | null {
  if (!PICKING.test(question)) return null;
  const choices = choicesOf(question);
  const ext = askedExtreme(question);
  if (ext) return { more: ext.poles[0]!.more, word: ext.word, poles: ext.poles, measuredOnly: false, plainToo: HOW_MUCH.has(adjectiveBase(ext.word.split(' ').pop()!) ?? ''), choices };
  // "Who did best on paper 2", "who came off worst": the most of a score, the least of a time; no money (a best price is its lowest, a best sale its highest).
  const judged = JUDGED.exec(question);
  if (judged) {
    const more = /^best$/i.test(judged[1]!);
    return { more, word: judged[1]!.toLowerCase(), poles: [{ dim: 'duration', more: !more }], measuredOnly: false, plainToo: true, choices, noMoney: true };
  }
  for (const [re, more, dated] of [[LATER, true, true], [EARLIER, false, true], [MORE, true, false], [LESS, false, false]] as const) {
    const m = re.exec(question);
    if (!m) continue;
    // "More" or "higher" asks which of two named things; alone it compares with something unsaid.
    if (/(?:er|more|less)$/i.test(m[0]) && !choices.length) return null;
    return { more, word: m[0].toLowerCase(), poles: dated ? [{ dim: 'date', more }] : [], measuredOnly: dated, plainToo: !dated, choices };
  }
  return null;
}

/** A figure read from a cell, its kind ("money:€", "percent", "weight", "duration", "date", "number") and the text it was read from. */
export interface Figure {
  value: number;
  kind: string;
  said: string;
}

const NUM = String.raw`[+\-−]?\d+(?:[.,]\d+)*`;
const num = (s: string) => (/^[\-−]/.test(s) ? -1 : 1) * numberOf(s.replace(/^[+\-−]/, ''));
const CURRENCY = new RegExp(String.raw`^(?:([€$£¥]|EUR|USD|GBP|CHF|R\$)\s?(${NUM})|(${NUM})\s?([€$£¥]|EUR|USD|GBP|CHF|euros?|dollars?))(?:\s*(?:\/\s*)?(?:mo|month|yr|year|p\.?m\.?))?$`, 'i');
const PERCENT = new RegExp(`^(${NUM})\\s?%$`);
/** "1:23:45", "12:34", "0:58.3": a time on a clock or a stopwatch. */
const CLOCK = /^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?(?:[.,](\d+))?$/;
/** "4m 12s", "1h 05m", "2 h 5 min", "58s", "3d 4h": a length of time in parts. */
const PARTS = /(\d+(?:[.,]\d+)?)\s?(ms|d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)(?![\p{L}])/gu;
const PART_SECONDS: Record<string, number> = { ms: 0.001, d: 86400, day: 86400, days: 86400, h: 3600, hr: 3600, hrs: 3600, hour: 3600, hours: 3600, m: 60, min: 60, mins: 60, minute: 60, minutes: 60, s: 1, sec: 1, secs: 1, second: 1, seconds: 1 };
/** A bare figure, maybe counted in thousands or millions ("1.2k", "3.4M"), maybe with a word for what it counts ("71 pts"). */
const PLAIN = new RegExp(`^(${NUM})\\s?([kKMB]|bn)?(?:\\s?[\\p{L}.]{1,6})?$`, 'u');
const SCALE: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, B: 1e9, bn: 1e9 };
const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');

function dateOf(s: string): number | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(s);
  if (m) return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0));
  m = /^(?:\p{L}{2,9},?\s+)?(\d{1,2})\.?\s+(\p{L}{3,9})\.?,?\s+(\d{4})$/u.exec(s);
  if (m && MONTHS.includes(m[2]!.slice(0, 3).toLowerCase())) return Date.UTC(+m[3]!, MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()), +m[1]!);
  m = /^(?:\p{L}{2,9},?\s+)?(\p{L}{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/u.exec(s);
  if (m && MONTHS.includes(m[1]!.slice(0, 3).toLowerCase())) return Date.UTC(+m[3]!, MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()), +m[2]!);
  return null;
}

/** Dimensions a unit may be read in, for a cell that is a figure and its unit ("12.5 kg", "340 m", "1.2 GB"). */
const UNIT_DIMS: Dimension[] = ['weight', 'speed', 'size', 'distance', 'temperature'];

/**
 * The figure a cell holds, or null: the cell is one value and nothing else ("€ 1,475.50", "12 %",
 * "1:23:45", "4m 12s", "71", "3 Dec 2026"). `minutes`: a lone "m" is minutes (the column holds
 * lengths of time in parts), not metres.
 */
export function figureOf(text: string, minutes = false): Figure | null {
  const s = text.trim().replace(/\s+/g, ' ');
  if (!s || !/\d/.test(s)) return null;
  let m = CURRENCY.exec(s);
  if (m) {
    const cur = (m[1] ?? m[4]!).toUpperCase().replace(/^EUROS?$/, 'EUR').replace(/^DOLLARS?$/, 'USD');
    const sign = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' }[cur] ?? cur;
    return { value: num(m[2] ?? m[3]!), kind: `money:${sign}`, said: s };
  }
  if ((m = PERCENT.exec(s))) return { value: num(m[1]!), kind: 'percent', said: s };
  if ((m = CLOCK.exec(s))) {
    const parts = [m[1]!, m[2]!, m[3]].filter((p): p is string => p !== undefined).map(Number);
    const value = parts.reduce((a, p) => a * 60 + p, 0) + (m[4] ? Number(`0.${m[4]}`) : 0);
    // "59:12" and "1:02:03" in one column are both a stopwatch's reading: seconds last.
    return { value, kind: 'clock', said: s };
  }
  const parts = [...s.matchAll(PARTS)];
  if (parts.length && s.replace(PARTS, '').replace(/[\s,]+/g, '') === '') {
    const lone = parts.length === 1 && parts[0]![2] === 'm';
    if (!lone || minutes) return { value: parts.reduce((a, p) => a + numberOf(p[1]!) * PART_SECONDS[p[2]!.toLowerCase()]!, 0), kind: 'duration', said: s };
  }
  // "10.4M", "80k": a count in millions or thousands, not metres.
  if ((m = new RegExp(`^(${NUM})(k|K|M|B|bn)$`).exec(s))) return { value: num(m[1]!) * SCALE[m[2]!]!, kind: 'number', said: s };
  const day = dateOf(s);
  if (day !== null) return { value: day, kind: 'date', said: s };
  for (const dim of UNIT_DIMS) {
    const v = measureOf(dim, s);
    // The whole cell is the value: "12 kg", not "12 kg bag, 3 left".
    if (v && v.said.length >= s.length - 1) return { value: v.value, kind: dim, said: s };
  }
  if ((m = PLAIN.exec(s))) return { value: num(m[1]!) * (m[2] ? SCALE[m[2]]! : 1), kind: 'number', said: s };
  return null;
}

/** Lines that sum up or average a table are not rows of it. */
export const NOT_A_ROW = /\b(?:total|subtotal|sum|average|avg|mean|median|overall|in all|combined)\b/i;
/** A cell that holds no value ("—", "n/a", "–"): that row has none in the column, which is no reason to doubt the rest. */
export const EMPTY = /^(?:[-–—−]+|n\/?a|none|tbd|–)$/i;

/** The kinds a dimension of an adjective is read from. */
const KINDS: Record<Dimension | 'date', (kind: string) => boolean> = {
  money: (k) => k.startsWith('money:'),
  duration: (k) => k === 'duration' || k === 'clock',
  date: (k) => k === 'date' || k === 'clock',
  weight: (k) => k === 'weight',
  distance: (k) => k === 'distance',
  height: (k) => k === 'distance',
  speed: (k) => k === 'speed',
  size: (k) => k === 'size',
  temperature: (k) => k === 'temperature',
};

/** A column read as figures: one per row that has a value, all of one kind; null when any value is not. */
export function columnFigures(table: LaidTable, c: number): (Figure | null)[] | null {
  const cells = table.rows.map((r) => r.cells[c] ?? null);
  const minutes = cells.some((x) => x !== null && /\d\s?[hs]\b/.test(x) && /\d\s?m\b/.test(x));
  const figures = cells.map((x) => (x === null || EMPTY.test(x.trim()) ? null : figureOf(x, minutes)));
  if (cells.some((x, k) => x !== null && !EMPTY.test(x.trim()) && !figures[k])) return null;
  const kinds = new Set(figures.filter((f): f is Figure => !!f).map((f) => f.kind));
  // Durations read as parts and as a stopwatch's "1:02" are one kind.
  if (kinds.size === 2 && kinds.has('duration') && kinds.has('clock')) return figures;
  return kinds.size === 1 ? figures : null;
}

/** Stems that say which end is asked, not what is measured. */
const ASKING = new Set(['best', 'worst', 'bottom', 'highest', 'most', 'largest', 'biggest', 'greatest', 'maximum', 'max', 'top', 'more', 'higher', 'larger', 'bigger', 'greater', 'lowest', 'least', 'fewest', 'smallest', 'minimum', 'min', 'less', 'fewer', 'lower', 'smaller', 'latest', 'newest', 'recent', 'later', 'newer', 'earliest', 'oldest', 'earlier', 'older', 'which', 'what', 'who'].map(stem));

/** A header's word shortened from the term ("Pts" for points, "Amt" for amount): same first letter, its letters in order. */
function shortFor(word: string, term: string): boolean {
  const said = word.toLowerCase().replace(/\.$/, '');
  // "Pts" is the plural's shortening: its "s" is not in the stem "point".
  const w = said.length >= 3 && !term.endsWith('s') ? said.replace(/s$/, '') : said;
  if (w.length < 2 || said.length < 3 || w.length >= term.length || w[0] !== term[0]) return false;
  let at = 0;
  for (const ch of w) {
    at = term.indexOf(ch, at) + 1;
    if (!at) return false;
  }
  return true;
}

/** The terms a header's capitals stand for, one letter a word in the question's order ("GD": goal difference). */
function initialsFor(word: string, terms: string[]): string[] {
  if (!/^\p{Lu}{2,4}$/u.test(word)) return [];
  const w = word.toLowerCase();
  for (let i = 0; i + w.length <= terms.length; i++) {
    const run = terms.slice(i, i + w.length);
    if (run.every((t, k) => t[0] === w[k])) return run;
  }
  return [];
}

/** How well a header names the terms: 1 a term met as said, 0.5 by its kin, a shortening or initials. */
export function naming(header: string, terms: string[], asked: AskedValue): number {
  const stems = stemsOf(header);
  const words = header.split(/[^\p{L}.]+/u).filter(Boolean);
  const initials = new Set(words.flatMap((w) => initialsFor(w, terms)));
  let n = 0;
  for (const t of terms) n += meets(t, stems) ? 1 : metByKin(t, stems, asked.kin) || initials.has(t) || words.some((w) => shortFor(w, t)) ? 0.5 : 0;
  return n;
}

/** The noun a question picks among ("which team", "what plan"): its stem, or null for "who". */
function pickedNoun(question: string): string | null {
  const m = /^\s*(?:and\s+|so\s+)?(?:which|what)\s+(?:of\s+(?:the|my)\s+)?([\p{L}-]+)/iu.exec(question);
  if (!m || /^(?:is|are|was|were|has|have|had|did|does|do|the|a|an|my|one|ones)$/i.test(m[1]!)) return null;
  return stem(m[1]!);
}

/** One row's label: the cells under no header, else the cell of the column that names the rows. */
function rowLabel(table: LaidTable, r: number, labelCol: number): string {
  const row = table.rows[r]!;
  if (labelCol >= 0 && row.cells[labelCol]) return row.cells[labelCol]!;
  return row.loose.join(' ');
}

/** Whether every noun of the question (what it picks and measures aside) is said on the table or around it. */
function unnamed(terms: string[], asked: AskedValue, table: LaidTable, around: string): boolean {
  const said = stemsOf(`${table.columns.join('\n')}\n${table.rows.flatMap((r) => [...r.cells, ...r.loose]).join('\n')}\n${around}`);
  return terms.filter((t) => !asked.loose.includes(t)).every((t) => meets(t, said) || metByKin(t, said, asked.kin));
}

export interface ColumnEnd {
  /** The sentence's text: the row and its value. */
  text: string;
  /** False when rows share the end: the sentence says so and states no one row. */
  one: boolean;
}

/**
 * The row at the asked end of the table's column that the question names or measures, stated with
 * its label; null when no column is named or measured, or its values are not all of one kind.
 */
export function columnEnd(question: string, asked: AskedValue, table: LaidTable, around = ''): ColumnEnd | null {
  const ask = columnAsk(question);
  if (!ask || table.rows.length < 2) return null;
  const picked = pickedNoun(question);
  const terms = asked.terms.filter((t) => !ASKING.has(t) && t !== picked && !stemsOf(ask.word).has(t));
  const figures = table.columns.map((_, c) => columnFigures(table, c));
  const numeric = figures.map((f) => !!f && f.filter(Boolean).length >= 2);
  // The column that names the rows: the one the question picks among ("which team": Team), else the first of words.
  const wordy = table.columns.map((_, c) => !numeric[c] && table.rows.filter((r) => r.cells[c] && !/\d/.test(r.cells[c]!)).length >= table.rows.length / 2);
  const byPick = picked ? table.columns.findIndex((h, c) => !numeric[c] && naming(h, [picked], asked) > 0) : -1;
  // Else the first column of words, or of names with figures in them ("web-01", "#4812").
  const named0 = wordy.includes(true) ? wordy.indexOf(true) : table.columns.findIndex((_, c) => !numeric[c] && table.rows.every((r) => r.cells[c]));
  const labelCol = byPick >= 0 ? byPick : table.rows.every((r) => r.loose.length) ? -1 : named0;
  if (labelCol < 0 && !table.rows.every((r) => r.loose.length)) return null;
  // The column: named by the question's other words; among those named alike, one of what the adjective measures.
  const kindOf = (c: number) => figures[c]!.find(Boolean)!.kind;
  const poleOf = (c: number) => (numeric[c] ? ask.poles.find((p) => KINDS[p.dim](kindOf(c))) : undefined);
  // A length of time said in units ("4m 12s") is surer a duration than a clock's "09:14", which may be when it started.
  const surest = (cs: number[]) => (cs.some((c) => kindOf(c) === 'duration' && poleOf(c)?.dim === 'duration') ? cs.filter((c) => kindOf(c) === 'duration') : cs);
  const named = table.columns.map((h, c) => (numeric[c] && c !== labelCol ? naming(h, terms, asked) : 0));
  // "Paper 2", "the second round": the column of that noun and number; one the table lacks is no other's end.
  const numbered = numberedColumns(question, table.columns, (c) => !!numeric[c] && c !== labelCol, asked.kin);
  if (numbered && !numbered.hit.length) return null;
  // Several of that number ("Q4 / Revenue", "Q4 / Cost"): the question's other words tell them apart.
  const lift = Math.max(1, ...named) + 1;
  if (numbered) named.forEach((n, c) => (named[c] = numbered.hit.includes(c) ? lift + n : numbered.other.includes(c) ? 0 : n));
  const best = Math.max(0, ...named);
  let col = -1;
  if (best > 0) {
    const top = named.map((n, c) => (n === best ? c : -1)).filter((c) => c >= 0);
    const measured = surest(top.filter((c) => poleOf(c)));
    col = measured.length === 1 ? measured[0]! : top.length === 1 && !ask.measuredOnly ? top[0]! : -1;
  } else if (unnamed(terms, asked, table, around)) {
    // No header named, and nothing else the question names is missing from the screen ("the most
    // yellow cards" over a table of stadiums and their capacities is no question of capacity): the one column of what the adjective measures ("the cheapest": the prices),
    // else, for a plain "highest" or "most", the one column of figures that are no dates or times.
    const others = table.columns.map((_, c) => c).filter((c) => c !== labelCol && numeric[c]);
    const measured = surest(others.filter((c) => poleOf(c)));
    const plain = !ask.plainToo ? [] : others.filter((c) => !['date', 'clock'].includes(kindOf(c)));
    col = measured.length === 1 ? measured[0]! : !measured.length && plain.length === 1 ? plain[0]! : -1;
  }
  if (col < 0 || (ask.noMoney && kindOf(col).startsWith('money'))) return null;
  // "The slowest" is the most time on a column of times, the least speed on one of speeds.
  const more = poleOf(col)?.more ?? ask.more;
  let rows = table.rows.map((row, r) => ({ r, label: rowLabel(table, r, labelCol), f: figures[col]![r] ?? null })).filter((x) => x.f && x.label && !NOT_A_ROW.test(x.label));
  if (ask.choices.length) {
    rows = rows.filter((x) => ask.choices.some((ch) => [...stemsOf(ch)].filter((s) => s.length >= 2).every((s) => meets(s, stemsOf(x.label)))));
    if (rows.length !== ask.choices.length) return null;
  }
  if (rows.length < 2 || new Set(rows.map((x) => x.f!.value)).size < 2) return null;
  const end = more ? Math.max(...rows.map((x) => x.f!.value)) : Math.min(...rows.map((x) => x.f!.value));
  const at = rows.filter((x) => x.f!.value === end);
  const header = table.columns[col]!.trim();
  if (at.length > 1) return { text: `${at.map((x) => x.label).join(' and ')} have the same ${header}: ${at[0]!.f!.said}${ask.choices.length ? '' : `, the ${ask.word} of ${rows.length} listed`}`, one: false };
  const said = `${at[0]!.label} — ${header}: ${at[0]!.f!.said}`;
  // "Who scored more, Ana or Chloe": the other one's value beside it.
  if (ask.choices.length) return { text: `${said}, ${ask.word} than ${rows.filter((x) => x !== at[0]).map((x) => `${x.label}: ${x.f!.said}`).join(', ')}`, one: true };
  return { text: `${said} (the ${ask.word} of ${rows.length} listed)`, one: true };
}
