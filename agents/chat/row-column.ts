/**
 * "How many hours did Sam log in May?", "what is Lena's day rate?", "how many pallets altogether
 * today?", "how many hours am I down for this week?": a question that names a row of a table (a
 * person, a thing, the user's own row) and one of its columns (by the header's word, its kin, a
 * shortening: "Hrs", "Rate/h", "Qty") is answered by the cell where they cross; asked for the whole of
 * a column, by its total row, else by the sum of its cells, said as a sum ("93 in all (12 + 40 + 41)").
 *
 * Tables are read from the screen's word boxes when it has them (screen-layout's tablesOf); without
 * them, from OCR's lines when a header line of labels is followed by rows that each end in as many
 * figures as it has columns after the first ("Name  Hrs  Rate/h  Amount" over "Sam Okafor 42.5 35.00
 * 1,487.50"). A header whose labels are several words apart from single spaces cannot be told apart
 * so, and gives no table: the lead reads on without one.
 */
import { rowsAreKinds } from './row-kinds.js';
import type { PassageMatch } from '../../shared/index.js';
import type { FrameWords } from '../store/index.js';
import { foreignForms, meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import { columnFigures, EMPTY, figureOf, naming, NOT_A_ROW, type Figure } from './table-extreme.js';
import { tablesOf, type LaidTable } from './screen-layout.js';
import type { FoundScreen } from './found-screens.js';
import { otherPeriod } from './asked-period.js';
import { SELF } from './role-cues.js';
import type { ValueKind } from './asked-value.js';
import { measuredIn, polesOf, type Dimension } from './measure-words.js';
import { askedNumbers, numberedColumns } from './numbered-column.js';
import { askedSummary, SUMMARY_WORDS, summaryRow } from './summary-row.js';
import { askedColumnRole, headerRole, ROLE_WORDS } from './budget-column.js';
import { askedBasis, askedQuarter, asksBalance, BALANCE_WORDS, balanceHeader, BASIS_WORDS, headerBasis, headerQuarter, partlySeen, QUARTER_WORDS } from './table-asks.js';

/** Kinds of answer a table's figures give. */
const AMOUNT_KINDS = new Set<ValueKind>(['count', 'money', 'duration', 'size', 'rate', 'any']);

/** The question asks for a column's whole. */
const SAYS_WHOLE = /\b(?:altogether|all\s+together|in\s+total|total|in\s+all|all\s+in|all\s+told|combined|overall|add(?:s|ed)?\s+up|sum|put\s+together|between\s+them|across\s+(?:all|the|every)\b)/i;
/** The question is about the user's own row ("am I down for", "my hours"). */
const ASKS_OWN = /\b(?:i|me|my|i'm|i’m)\b/i;
/** A row that is the user's own, as rotas and shared sheets mark it. */
export const OWN_ROW = /\((?:you|me|sie|du|ich|jij|ik|u|vous|toi|moi|tú|tu|yo|usted|eu|você|io|te)\)|^\s*(?:you|me)\s*$|\bthat's you\b/i;
const MONTH_OR_DAY = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|I)$/;
/** Asks for an amount, not a name or a time ("how many", "how much", "what is … rate"). */
const ASKS_AMOUNT = /^\s*(?:and\s+|so\s+)?(?:how\s+(?:many|much|long|heavy|far|big|large|tall|high|wide|deep)|what(?:'s|’s|\s+is|\s+was|\s+are|\s+were)\b|what\s+(?:did|do|does|will|would)\s+(?:[\p{L}'’-]+\s+){1,3}(?:spend|pay|charge|cost|earn|make|bill|owe|log|use|get|score|gain|achieve|receive|take)\b)/iu;
/** A question of what something cost, in its verbs ("what did breakfast cost", "what did we spend"). */
const ASKS_MONEY = /\b(?:cost|costs|spend|spent|pay|paid|charge[sd]?|owe[sd]?|bill(?:ed)?|price[sd]?)\b/i;
/** The verb after the question's subject ("did we spend", "does Ben charge"): what is done, not the row. */
const VERB_AFTER_SUBJECT = /\b(?:did|do|does|will|would|have|has|had|am|is|are|was|were|can|could)\s+(?:I|i|we|you|they|he|she|it|\p{Lu}[\p{L}'’-]+)\s+(\p{L}+)/u;
/** Words of a question that say which end or whole is asked, not which row or column. */
const NOT_NAMING = new Set(['many', 'much', 'long', 'altogether', 'all', 'combin', 'overall', 'sum', 'log', 'logg', 'down', 'today', 'week', 'month', 'year', ...['across', 'told', 'together', 'between'].map((w) => stem(w))]);

/** A header cell is a label: words, maybe with a unit after a slash ("Rate/h", "€/h", "Qty", "#"). */
const headerCell = (s: string) => (/^(?:#|№|[\p{L}€$£%][\p{L}\p{M}.€$£%/()'-]*)$/u.test(s) && /\p{L}|#|№/u.test(s)) || PERIOD_HEAD.test(s);
/** A period's short header: a quarter, a half, a week ("Q1", "H2", "W40", "KW12"). */
const PERIOD_HEAD = /^(?:Q|H|W|KW|T)\d{1,2}$/;
/** Currency signs and short units OCR sets apart from their figure ("€ 35.00", "42.5 h"). */
const SIGN = /^(?:[€$£¥]|EUR|USD|GBP|CHF)$/;
const UNIT_AFTER = /^(?:h|hrs?|min|kg|km|m|%|€|EUR|pcs|pc|x)$/i;

/** A line's tokens, a currency or unit joined to its figure. */
function tokensOf(line: string): string[] {
  const raw = line.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!;
    if (SIGN.test(t) && /^\d/.test(raw[i + 1] ?? '')) out.push(`${t} ${raw[++i]}`);
    else if (UNIT_AFTER.test(t) && out.length && /\d$/.test(out[out.length - 1]!)) out[out.length - 1] += ` ${t}`;
    else out.push(t);
  }
  return out;
}

/** A row's figures at its end and the words before them. */
function splitRow(line: string): { label: string; figures: string[] } {
  const tokens = tokensOf(line);
  let k = tokens.length;
  while (k > 0 && (figureOf(tokens[k - 1]!) || EMPTY.test(tokens[k - 1]!))) k--;
  return { label: tokens.slice(0, k).join(' '), figures: tokens.slice(k) };
}

/** Cell breaks a screen's text keeps between a row's cells: " · ", " | ", a bullet, a tab, a wide space. */
const BREAK = /\s+[·|•]\s+|\t+|\s{2,}/;

/** A line's cells when its text keeps breaks between them, else null (one space between every word). */
function brokenCells(line: string): string[] | null {
  const cells = line.trim().split(BREAK).map((c) => c.trim()).filter(Boolean);
  return cells.length > 1 ? cells : null;
}

/** A header cell of several words, as broken lines keep them: "Rate (€)", "Weight (kg)", "Week 40". */
const wideHeaderCell = (s: string) => /^[\p{L}#№€$£%(][\p{L}\p{M}\d.€$£%/()'&+ -]*$/u.test(s) && (/\p{L}{2}|#|№/u.test(s) || PERIOD_HEAD.test(s)) && !/^\p{Ll}+(?:\s+\p{Ll}+){3,}$/u.test(s);

/** A header's line of units under its labels ("(kg)", "(€)"): OCR gave the label's second line a line of its own. */
const unitLine = (cells: string[]) => cells.every((c) => /^\([^()\d]{1,8}\)$|^(?:kg|km|h|hrs|€|EUR|%|pcs|qty)$/i.test(c));

/**
 * Tables in OCR's lines (no word boxes): a header line of labels over two rows or more. A line that
 * keeps its cell breaks (" · ", wide spaces) gives its cells as they are, a row's falling under the
 * header's columns one by one; else each row ends in the same number of figures, one for each of the
 * header's last columns, the words before them the row's label. A header's units on a line of their
 * own ("Weight" over "(kg)") join the labels they sit under, the last ones.
 */
export function textTables(lines: readonly string[]): LaidTable[] {
  const out: LaidTable[] = [];
  for (let i = 0; i + 2 < lines.length; i++) {
    const broken = brokenCells(lines[i]!);
    const head = broken ?? lines[i]!.trim().split(/\s+/);
    if (head.length < 2 || !head.every(broken ? wideHeaderCell : headerCell)) continue;
    let j = i + 1;
    const units = brokenCells(lines[j]!) ?? [lines[j]!.trim()];
    if (units.length <= head.length && unitLine(units)) {
      units.forEach((u, k) => (head[head.length - units.length + k] += ` ${u}`));
      j++;
    }
    const rows: (string | null)[][] = [];
    let width = 0;
    for (; j < lines.length; j++) {
      const cells = broken ? brokenCells(lines[j]!) : null;
      // A row of as many cells as the header, some of them figures: its cells under the columns as they stand.
      if (cells && cells.length === head.length && cells.slice(1).some((c) => figureOf(c)) && !cells.every((c) => figureOf(c))) {
        rows.push(cells);
        continue;
      }
      const r = splitRow(cells ? cells.join(' ') : lines[j]!);
      if (!r.label || !r.figures.length || r.figures.length >= head.length + 1) break;
      if (width && r.figures.length !== width) break;
      width = r.figures.length;
      // The figures under the header's last columns; the label under the first, any columns between empty.
      rows.push([r.label, ...Array<null>(Math.max(0, head.length - 1 - r.figures.length)).fill(null), ...r.figures].slice(-Math.max(head.length, r.figures.length + 1)));
    }
    if (rows.length < 2) continue;
    if (width && width > head.length - 1) {
      // More figures than columns after the first: the header names only the figures' columns.
      out.push({ columns: ['', ...head.slice(-width)], rows: rows.map((cells) => ({ cells: [cells[0]!, ...cells.slice(-width)], loose: [] })) });
    } else out.push({ columns: [...head], rows: rows.map((cells) => ({ cells, loose: [] })) });
    i = j - 1;
  }
  return out;
}

/** The column that names a table's rows: the first one mostly of words. */
function labelColumn(table: LaidTable, numeric: boolean[]): number {
  const c = table.columns.findIndex((_, k) => !numeric[k] && table.rows.filter((r) => r.cells[k] && /\p{L}/u.test(r.cells[k]!)).length >= table.rows.length / 2);
  return c;
}

/** The names a question says (capitalised past its first word, no month or day): "Sam", "Priya". */
const namesIn = (question: string) => question.split(/\s+/).slice(1).map((w) => w.replace(/['’]s$|[^\p{L}-]/gu, '')).filter((w) => /^\p{Lu}\p{Ll}+$/u.test(w) && !MONTH_OR_DAY.test(w));

/**
 * The user's name as a screen shows their account ("Signed in as Marta Silva", "Logged in as Jonas
 * W."): two or three capitalised words after the cue, for a rota's row that is the user's own.
 */
export function selfNames(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const m = SELF.exec(l);
    if (!m || !/^(?:signed|logged|angemeldet|connecté|conectado|connesso|ingelogd)/i.test(m[0])) continue;
    const name = /^(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’.-]*){1,2})/u.exec(l.slice(m.index + m[0].length))?.[1];
    if (name) out.push(name.replace(/[.\\^$*+?()[\]{}|]/g, '\\$&'));
  }
  return out;
}

/** The user's own rows: marked so ("Tom (you)"), else the rows of the name their account shows on the screen, the whole name. */
function ownRows(rows: number[], text: (r: number) => string, self: readonly string[]): number[] {
  const marked = rows.filter((r) => OWN_ROW.test(text(r)));
  if (marked.length || !self.length) return marked;
  return rows.filter((r) => self.some((n) => new RegExp(`(?:^|[^\\p{L}])${n}(?![\\p{L}])`, 'iu').test(text(r))));
}

/** A row's words: its label and its other cells of words (a route's driver), and its cells under no header. */
const rowText = (table: LaidTable, r: number, labelCol: number, numeric: boolean[]) => {
  const row = table.rows[r]!;
  const words = row.cells.filter((c, k) => c && (k === labelCol || (!numeric[k] && /\p{L}/u.test(c))));
  return [...words, ...row.loose].join(' · ');
};

/**
 * A header shortened from a translation of the asked word ("Std." for Stunden, hours; "Anz." for
 * Anzahl): its letters, in order, open one of the word's everyday translations.
 */
function shortForeign(header: string, term: string): boolean {
  const forms = foreignForms(term).filter((f) => f.length >= 4);
  return header.split(/[^\p{L}.]+/u).some((w) => {
    const said = w.toLowerCase().replace(/\.$/, '');
    if (said.length < 2 || said.length > 4) return false;
    return forms.some((f) => {
      if (f[0] !== said[0]) return false;
      let at = 0;
      for (const ch of said) {
        at = f.indexOf(ch, at) + 1;
        if (!at) return false;
      }
      return true;
    });
  });
}

/** How well a header names the terms: as table-extreme reads it, or shortened from a translation. */
const headerNames = (header: string, terms: string[], asked: AskedValue) => naming(header, terms, asked) || (terms.some((t) => shortForeign(header, t)) ? 0.5 : 0);

/** How many decimals a cell prints, and whether with a decimal comma. */
function decimalsOf(said: string): { places: number; comma: boolean } {
  const m = /\d([.,])(\d{1,2})(?!\d)\D*$/.exec(said);
  if (!m) return { places: 0, comma: false };
  // "1,475" is a thousands comma, not decimals.
  return { places: m[2]!.length, comma: m[1] === ',' && !/\.\d{3}/.test(said) ? true : m[1] === ',' && /\d\.\d{3},/.test(said) };
}

/** A sum printed as the cells print their figures (decimals, decimal comma, currency sign, a length of time in hours and minutes). */
function printed(sum: number, cells: Figure[]): string {
  const kind = cells[0]!.kind;
  if (kind === 'duration' || kind === 'clock') {
    if (kind === 'clock') return `${Math.floor(sum / 60)}:${String(Math.round(sum % 60)).padStart(2, '0')}`;
    const h = Math.floor(sum / 3600);
    const m = Math.round((sum % 3600) / 60);
    return `${h}h${m ? ` ${m}m` : ''}`;
  }
  const d = cells.map((c) => decimalsOf(c.said));
  const places = Math.max(...d.map((x) => x.places));
  let s = sum.toFixed(places);
  if (d.some((x) => x.comma)) s = s.replace('.', ',');
  const sign = /^\s*([€$£¥]|EUR|USD|GBP|CHF)\s?/.exec(cells[0]!.said)?.[0] ?? '';
  const after = /\s?(€|EUR|USD|GBP|CHF|h|hrs?|kg|km|pcs)\s*$/.exec(cells[0]!.said)?.[0] ?? '';
  return `${sign}${s}${after}`;
}

export interface CellLead {
  text: string;
  n: number;
  passage: PassageMatch;
  /** False when the asked row is not in the table: the sentence says so and states no cell. */
  found: boolean;
}

/** What one table says to the question: the cell, the sum, or that the named row is not in it. */
function readTable(question: string, asked: AskedValue, table: LaidTable, screen: Set<string>, self: readonly string[] = [], partly: ReturnType<typeof partlySeen> = null, amountAsked = true): { text: string; found: boolean } | null {
  if (table.rows.length < 2) return null;
  const figures = table.columns.map((_, c) => columnFigures(table, c));
  const numeric = figures.map((f) => !!f && f.filter(Boolean).length >= 1);
  const labelCol = labelColumn(table, numeric);
  const terms = asked.terms.filter((t) => !NOT_NAMING.has(t));
  // "How many days": the counted noun names a column even when the question's words leave it out as a time word.
  const counted = /\bhow\s+many\s+(\p{L}+)/iu.exec(question)?.[1];
  if (counted && !terms.includes(stem(counted.toLowerCase())) && !NOT_NAMING.has(stem(counted.toLowerCase()))) terms.unshift(stem(counted.toLowerCase()));
  // The column: the figures whose header names one of the question's words best.
  // A word that names a row as the table says it ("the whiteboard markers") names no column by its kin or a shortening.
  const inRows = new Set(terms.filter((t) => table.rows.some((_, r) => meets(t, stemsOf(rowText(table, r, labelCol, numeric))))));
  const named = table.columns.map((h, c) => (numeric[c] && c !== labelCol ? headerNames(h, terms.filter((t) => !inRows.has(t) || meets(t, stemsOf(h))), asked) : 0));
  // A column named in other words: a rate's basis ("day rate": Daily), a quarter ("the third quarter": Q3); another basis or quarter is not the one asked.
  const { spent, unmet, numbered } = saidOtherwise(question, table, named, (c) => !!numeric[c] && c !== labelCol);
  if (!amountAsked && !numbered) return null;
  // "How heavy", "how far": the one column of what the adjective measures ("Weight (kg)", "km"), when no header names the question's words.
  const measured = measuredColumns(question, table, figures).filter((c) => named[c]! >= 0);
  const best = Math.max(0, ...named);
  // "How many hours am I short", "how far behind am I": the one column of what is over or under a target.
  // A column that only names the unit ("Hours") is not what is short or over.
  const balance = asksBalance(question) ? table.columns.map((h, c) => c).filter((c) => c !== labelCol && numeric[c] && balanceHeader(table.columns[c]!)) : [];
  if (balance.length === 1) BALANCE_WORDS.forEach((w) => spent.add(w));
  if (best === 0 && measured.length !== 1 && balance.length !== 1 && unmet) return notGiven(question, table, labelCol, numeric, named, unmet);
  if (best === 0 && measured.length !== 1 && balance.length !== 1) return totalColumn(question, asked, table, labelCol, numeric, figures, screen, self) ?? noColumn(question, asked, table, labelCol, numeric, screen);
  const cols = balance.length === 1 ? balance : best === 0 ? measured : named.map((n, c) => (n === best ? c : -1)).filter((c) => c >= 0);
  if (cols.length !== 1) return null;
  const col = cols[0]!;
  const header = table.columns[col]!.trim();
  const headStems = stemsOf(header);
  // The row: named by the question's words the header does not say (a person, a thing), or the user's own.
  const rowTerms = terms.filter((t) => !spent.has(t) && !meets(t, headStems) && !metByKin(t, headStems, asked.kin) && headerNames(header, [t], asked) === 0);
  const rows = table.rows.map((_, r) => r).filter((r) => rowText(table, r, labelCol, numeric) && figures[col]![r]);
  const hits = rows.map((r) => {
    const st = stemsOf(rowText(table, r, labelCol, numeric));
    return rowTerms.filter((t) => meets(t, st)).length;
  });
  const most = Math.max(0, ...hits);
  let mine = most > 0 ? rows.filter((_, k) => hits[k] === most) : [];
  if (!mine.length && ASKS_OWN.test(question)) mine = ownRows(rows, (r) => rowText(table, r, labelCol, numeric), self);
  // "The class average on paper 1": the row that averages the column, when no other word names a row.
  const summary = askedSummary(question);
  const summed = summary ? rows.filter((r) => summaryRow(rowText(table, r, labelCol, numeric), summary)) : [];
  if (summed.length === 1 && !rowTerms.some((t) => !SUMMARY_WORDS.has(t) && hits.some((h, k) => h > 0 && rows[k] !== summed[0] && stemsOf(rowText(table, rows[k]!, labelCol, numeric)).has(t)))) {
    mine = summed;
    rowTerms.filter((t) => SUMMARY_WORDS.has(t) || meets(t, stemsOf(rowText(table, summed[0]!, labelCol, numeric)))).forEach((t) => spent.add(t));
  }
  // Every noun of the question is said on the table's screen: "the customs value" is no weight, though WordNet kin.
  const said = new Set(namesIn(question).map((w) => stem(w.toLowerCase())));
  const nouns = terms.filter((t) => !asked.loose.includes(t) && !said.has(t) && !spent.has(t));
  const unsaid = (t: string) => !(meets(t, screen) || metByKin(t, screen, asked.kin) || headerNames(header, [t], asked) > 0);
  const parts = rows.filter((r) => !NOT_A_ROW.test(rowText(table, r, labelCol, numeric)));
  // A thing asked as the row ("spend on parking in Q2", not its verb) that nothing on the screen of a table whose column the question names says: no other row is its answer.
  const verb = VERB_AFTER_SUBJECT.exec(question)?.[1];
  const thing = question.split(/[^\p{L}\d'’-]+/u).filter((w) => w !== verb && rowTerms.includes(stem(w.toLowerCase())) && !said.has(stem(w.toLowerCase())) && unsaid(stem(w.toLowerCase())));
  // Only when the column is the one asked by a word of its own (a quarter, a basis, a header's noun the question says), not by a balance's word ("Renewals left" for "how many vacation days do I have left").
  const byName = terms.some((t) => !BALANCE_WORDS.has(t) && !asked.loose.includes(t) && meets(t, headStems)) || (balance.length !== 1 && [...spent].some((w) => QUARTER_WORDS.has(w) || BASIS_WORDS.has(w) || ROLE_WORDS.has(w)));
  if (thing.length && !mine.length && byName && !SAYS_WHOLE.test(question)) {
    return { text: `I don't know: the table by ${header} has no row for ${thing.join(' ')} (its rows: ${parts.map((r) => rowText(table, r, labelCol, numeric)).slice(0, 6).join(', ')})`, found: false };
  }
  if (nouns.some(unsaid)) return null;
  const cellOf = (r: number) => figures[col]![r]!;
  if (mine.length === 1) return { text: `${header}: ${cellOf(mine[0]!).said} (${rowText(table, mine[0]!, labelCol, numeric)})`, found: true };
  // Several rows of the asked one (shifts, entries): their sum, said as one.
  const sumOf = (rs: number[], who: string) => {
    const cells = rs.map(cellOf);
    const total = cells.reduce((a, c) => a + c.value, 0);
    return { text: `${header}${who}: ${printed(total, cells)} in all (${cells.map((c) => c.said).join(' + ')})`, found: true };
  };
  // Kinds of the asked thing ("Annual leave", "Sick leave"): each row's own figure, no sum of them.
  if (mine.length > 1 && rowsAreKinds(mine.map((r) => rowText(table, r, labelCol, numeric)), rowTerms)) return { text: `${header}: ${mine.map((r) => `${cellOf(r).said} (${rowText(table, r, labelCol, numeric)})`).join('; ')}`, found: true };
  if (mine.length > 1) return sumOf(mine.filter((r) => parts.includes(r)), ` for ${rowText(table, mine[0]!, labelCol, numeric)}`);
  // A row the question names (a name) that its screen does not show: said so, no other row stated.
  const names = namesIn(question);
  const absent = names.filter((w) => !meets(stem(w.toLowerCase()), screen));
  if (absent.length) return SAYS_WHOLE.test(question) ? null : { text: `I don't know: ${absent.join(' ')} has no row in the table by ${header} (its rows: ${parts.map((r) => rowText(table, r, labelCol, numeric)).slice(0, 6).join(', ')})`, found: false };
  if (!SAYS_WHOLE.test(question)) return null;
  // The whole column: its total row, else the sum of its rows.
  const totalRow = rows.find((r) => /\b(?:total|sum|in all|gesamt|summe|totale|totaal)\b/i.test(rowText(table, r, labelCol, numeric)));
  if (totalRow !== undefined) return { text: `${header}: ${cellOf(totalRow).said} (${rowText(table, totalRow, labelCol, numeric)})`, found: true };
  // A bill's amounts are not summed here: its own total says what it comes to (money-total), and a list of prices has none.
  if (parts.length < 2 || cellOf(parts[0]!).kind.startsWith('money') || ASKS_MONEY.test(question)) return null;
  // Rows seen only in part ("Showing 1–3 of 12"): their sum is no total, and is said as what was seen.
  if (partly) {
    const cells = parts.map(cellOf);
    return { text: `I don't know the total: the table shows ${partly.shown === 'some' ? 'only some of its rows' : `rows ${partly.shown} of ${partly.of}`}; the ${parts.length} seen add up to ${printed(cells.reduce((a, c) => a + c.value, 0), cells)} (${cells.map((c) => c.said).join(' + ')})`, found: false };
  }
  return sumOf(parts, '');
}

/**
 * "What's Ben's hourly rate" over a crew list whose only rate is per day, "Q4" over a sheet of Q1–Q3:
 * for the row the question names, said to be given otherwise, and no cell stated.
 */
function notGiven(question: string, table: LaidTable, labelCol: number, numeric: boolean[], named: number[], unmet: string): { text: string; found: boolean } | null {
  const names = namesIn(question);
  if (!names.length) return null;
  const rows = table.rows.map((_, r) => r).filter((r) => names.every((w) => meets(stem(w.toLowerCase()), stemsOf(rowText(table, r, labelCol, numeric)))));
  if (rows.length !== 1) return null;
  const given = table.columns.filter((_, c) => named[c] === -1).map((h) => h.trim());
  return { text: `I don't know: the table gives ${given.join(', ')} for ${rowText(table, rows[0]!, labelCol, numeric)}, not ${unmet}`, found: false };
}

/**
 * Columns a question names in words their headers do not use: the rate's basis it asks ("day rate",
 * "per hour") names the header of that basis ("Daily", "Rate (€/day)") and rules out those of another
 * ("Hourly"); a quarter ("Q2", "the second quarter") names its column and rules out the others. Marks
 * them in `named` (ruled out: -1) and gives the question's words they account for.
 */
function saidOtherwise(question: string, table: LaidTable, named: number[], eligible: (c: number) => boolean): { spent: Set<string>; unmet: string | null; numbered: boolean } {
  const spent = new Set<string>();
  let unmet: string | null = null;
  const top = Math.max(1, ...named) + 1;
  const pick = <T>(of: (h: string) => T | null, asked: T, words: Set<string>, said: string) => {
    let hit = false;
    let other = false;
    table.columns.forEach((h, c) => {
      const said = eligible(c) ? of(h) : null;
      if (said === null) return;
      hit ||= said === asked;
      other ||= said !== asked;
      named[c] = said === asked ? top : -1;
    });
    if (hit) words.forEach((w) => spent.add(w));
    else if (other) unmet = said;
  };
  const basis = askedBasis(question);
  if (basis) pick(headerBasis, basis, BASIS_WORDS, `per ${basis}`);
  const quarter = askedQuarter(question);
  if (quarter) pick(headerQuarter, quarter, QUARTER_WORDS, `Q${quarter}`);
  // "Set aside for catering": a budget sheet's planned column, not what was spent beside it (budget-column); only a sheet that has it.
  const role = askedColumnRole(question);
  const roled = table.columns.map((h, c) => (role && eligible(c) ? headerRole(h) : null));
  if (role && roled.includes(role)) {
    roled.forEach((r, c) => r && (named[c] = r === role ? top : -1));
    ROLE_WORDS.forEach((w) => spent.add(w));
  }
  // "Paper 2", "the second test", "round 3": the column of that noun and number, not its siblings.
  const numbered = quarter ? null : numberedColumns(question, table.columns, eligible);
  if (numbered?.hit.length) {
    numbered.other.forEach((c) => (named[c] = -1));
    // Several of that number ("Q4 / Revenue", "Q4 / Cost"): the question's other words tell them apart.
    numbered.hit.forEach((c) => (named[c] = top + named[c]!));
    numbered.words.forEach((w) => spent.add(w));
  } else if (numbered?.unmet) {
    numbered.other.forEach((c) => (named[c] = -1));
    unmet = numbered.unmet;
  }
  return { spent, unmet, numbered: !!numbered };
}

/** Words a header names a dimension by, in everyday languages ("Weight", "Gewicht", "Poids"). */
const DIMENSION_WORDS: Record<Dimension, RegExp> = {
  weight: /\b(?:weight|wt|gewicht|poids|peso|massa|mass)\b/i,
  distance: /\b(?:distance|dist|km|miles|entfernung|strecke|afstand|distanza|distancia)\b/i,
  duration: /\b(?:duration|time|hours|hrs|dauer|durée|duur|durata|duración)\b/i,
  speed: /\b(?:speed|km\/h|mph|tempo|geschwindigkeit|vitesse|snelheid|velocità|velocidad)\b/i,
  money: /\b(?:price|cost|amount|preis|prix|prijs|prezzo|precio)\b|[€$£]/i,
  size: /\b(?:size|area|volume|größe|grösse|taille|grootte|superficie|m²)\b/i,
  height: /\b(?:height|höhe|hauteur|hoogte|altezza|altura)\b/i,
  temperature: /\b(?:temperature|temp|high|low|max|min|temperatur|température|temperatuur|temperatura)\b|°/i,
};

/**
 * The columns of what a "how <adjective>" question measures ("how heavy": weight): a header naming the
 * dimension or one of its units ("Weight (kg)", "Gewicht", "(km)"), or figures written in its units.
 */
function measuredColumns(question: string, table: LaidTable, figures: ((Figure | null)[] | null)[]): number[] {
  const adj = /\bhow\s+(\p{L}+)/iu.exec(question)?.[1];
  const dims = adj ? polesOf(adj).map((p) => p.dim) : [];
  if (!dims.length) return [];
  return table.columns
    .map((h, c) => c)
    .filter((c) => {
      const f = figures[c]?.find(Boolean);
      if (!f || f.kind.startsWith('money') !== dims.includes('money')) return false;
      const unit = /\(([^()]+)\)/.exec(table.columns[c]!)?.[1];
      // A unit said as a word of the header ("Gross kg", "Dist km") as well as in brackets.
      const words = table.columns[c]!.split(/[\s/]+/).filter((w) => /^\p{L}{1,5}$/u.test(w));
      return dims.some((d) => DIMENSION_WORDS[d].test(table.columns[c]!) || (unit && measuredIn(d, `1 ${unit}`)) || words.some((w) => measuredIn(d, `1 ${w}`)) || f.kind === d);
    });
}

/** A header that is a row's total ("Total", "Sum", "Gesamt", "Totaal"). */
const TOTAL_HEADER = /^(?:total|totals|sum|summe|gesamt|totaal|totale|totalt|in all|all)\b/i;

/**
 * "How many hours did Priya log" over a grid of weeks with a Total column and no column of hours: the
 * named row's total, when the question asks no money and the totals are no money either (an Amount
 * column is not hours), or money asked of money.
 */
function totalColumn(question: string, asked: AskedValue, table: LaidTable, labelCol: number, numeric: boolean[], figures: ((Figure | null)[] | null)[], screen: Set<string>, self: readonly string[]): { text: string; found: boolean } | null {
  const cols = table.columns.map((h, c) => c).filter((c) => c !== labelCol && numeric[c] && TOTAL_HEADER.test(table.columns[c]!.trim()));
  if (cols.length !== 1) return null;
  const col = cols[0]!;
  const f = figures[col]!;
  const money = f.find(Boolean)!.kind.startsWith('money');
  if (money !== (asked.kind === 'money')) return null;
  const names = namesIn(question);
  const text = (r: number) => rowText(table, r, labelCol, numeric);
  const filled = table.rows.map((_, r) => r).filter((r) => f[r]);
  const rows = names.length ? filled.filter((r) => names.every((w) => meets(stem(w.toLowerCase()), stemsOf(text(r))))) : ASKS_OWN.test(question) ? ownRows(filled, text, self) : [];
  if (rows.length !== 1) return null;
  const r = rows[0]!;
  const parts = table.columns.map((h, c) => c).filter((c) => c !== col && c !== labelCol && numeric[c] && figures[c]![r]).map((c) => `${table.columns[c]!.trim()} ${figures[c]![r]!.said}`);
  return { text: `${table.columns[col]!.trim()}: ${f[r]!.said} (${rowText(table, r, labelCol, numeric)}${parts.length ? `: ${parts.join(', ')}` : ''})`, found: true };
}

/** "How many hours did Sam log" over a table with Sam's row and no column of hours, nor hours anywhere on its screen: said so. */
function noColumn(question: string, asked: AskedValue, table: LaidTable, labelCol: number, numeric: boolean[], screen: Set<string>): { text: string; found: boolean } | null {
  const noun = /\bhow\s+many\s+([\p{L}-]+)/iu.exec(question)?.[1];
  if (!noun) return null;
  const t = stem(noun.toLowerCase());
  if (meets(t, screen) || metByKin(t, screen, asked.kin) || table.columns.some((h) => headerNames(h, [t], asked) > 0)) return null;
  const names = namesIn(question);
  const rows = table.rows.map((_, r) => r).filter((r) => names.some((w) => meets(stem(w.toLowerCase()), stemsOf(rowText(table, r, labelCol, numeric)))));
  if (rows.length !== 1) return null;
  return { text: `I don't know: ${rowText(table, rows[0]!, labelCol, numeric)} has a row, but the table has no column of ${noun.toLowerCase()} (its columns: ${table.columns.filter(Boolean).join(', ')})`, found: false };
}

/**
 * The cell (or sum) a question asks for, from the tables on the best found screens: laid out from
 * their word boxes when kept, else read from OCR's lines.
 */
export function cellLead(question: string, asked: AskedValue, found: readonly FoundScreen[], layout?: (frameId: string) => FrameWords | null, period = question): CellLead | null {
  // "Round 3 points for the Hawks": a numbered column named with no "how many" asks for its cell too.
  const amountAsked = ASKS_AMOUNT.test(question);
  if (!AMOUNT_KINDS.has(asked.kind) || (!amountAsked && !askedNumbers(question).length)) return null;
  let missing: CellLead | null = null;
  for (const s of found) {
    if (otherPeriod(period, `${s.lines.join('\n')}\n${s.title}\n${s.about}`)) continue;
    const laid = s.frames.flatMap((id) => {
      const fw = layout?.(id);
      return fw ? tablesOf(fw) : [];
    });
    // A screen whose words boxes were kept is read by them only: OCR's lines may split a header's labels.
    for (const table of s.frames.some((id) => layout?.(id)) ? laid : textTables(s.lines)) {
      const r = readTable(question, asked, table, stemsOf(`${s.lines.join('\n')}\n${s.title}\n${s.about}`), selfNames([...s.lines, s.title]), partlySeen(s.lines), amountAsked);
      // A table that says the asked row or column is not in it gives way to one on another screen that has them.
      if (r?.found) return { ...r, n: s.n, passage: s.passage };
      if (r) missing ??= { ...r, n: s.n, passage: s.passage };
    }
  }
  return missing;
}
