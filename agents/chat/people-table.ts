/**
 * Tables of people and firms under a header row: a staff directory ("Name · Role · Ext. · Room"), a
 * contacts sheet ("Company · Country · Sector · Contact"), a tracker's list ("Task · Status ·
 * Assignee"). The row is picked by what the question says of it (a role, a country and a trade, a
 * task), never by its place in the table, and the answer is the cell of the asked column in that
 * row: the person, the firm, the extension. A row that names no one there says so; a question whose
 * role, country or trade no row holds gets no row at all. The screen's words are data.
 */
import { meets, stemsOf, type AskedValue } from './asked-value.js';
import { countrySaid, firmSays, firmWord } from './firm-kinds.js';
import { naming } from './table-extreme.js';
import { namesIn } from './person-answer.js';
import { dayCue, dayFit, dayOfHeader, type DayCue } from './day-cue.js';

/** A table read from a screen's lines: its header's labels and its rows' cells, column by column. */
export interface HeadedTable {
  header: string[];
  rows: string[][];
}

/** Cell breaks a screen's text keeps: " · ", " | ", a bullet, a tab, a wide space. */
const BREAK = /\s+[·|•]\s+|\t+|\s{2,}/;
const cellsOf = (line: string) => line.trim().split(BREAK).map((c) => c.trim()).filter(Boolean);
/** A header's label: a few words, no figures ("Ext.", "Contact person", "E-mail", "On call"); or a rota's day ("Tue 17 Nov"). */
const label = (c: string) => (/^[\p{L}][\p{L}\p{M}.'’/&() -]{0,28}$/u.test(c) && c.split(/\s+/).length <= 3) || (c.length <= 16 && !!dayOfHeader(c));

/** Tables in the lines: a header of three labels or more over two rows or more of as many cells. */
export function headedTables(lines: readonly string[]): HeadedTable[] {
  const out: HeadedTable[] = [];
  for (let i = 0; i + 2 < lines.length; i++) {
    const header = cellsOf(lines[i]!);
    if (header.length < 3 || !header.every(label)) continue;
    const rows: string[][] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const cells = cellsOf(lines[j]!);
      if (cells.length !== header.length) break;
      rows.push(cells);
    }
    // A run of label lines is a list of words, not a header over rows: the rows must say something a header would not.
    if (rows.length >= 2 && rows.some((r) => !r.every(label) || r.some((c) => /\s/.test(c) || !!dayOfHeader(c)))) {
      out.push({ header, rows });
      i += rows.length;
    }
  }
  return out;
}

/** Columns that hold a person, in the languages Engram's users read. */
const PERSON_COLUMN = /^(?:name|full name|contact(?: person)?|contact name|person|assignee|assigned(?: to)?|owner|responsible|lead|employee|staff|member|who|on call|ansprechpartner(?:in)?|kontakt(?:person)?|mitarbeiter(?:in)?|bearbeiter(?:in)?|zuständig|verantwortlich|nom|contact|interlocuteur|responsable|nombre|contacto|persona de contacto|nome|referente|naam|contactpersoon|verantwoordelijke|medewerker)$/i;
/** Columns that hold a firm. */
const FIRM_COLUMN = /^(?:company|firm|organi[sz]ation|business|customer|client|supplier|vendor|account|firma|unternehmen|kunde|lieferant|société|entreprise|fournisseur|empresa|cliente|proveedor|azienda|fornitore|bedrijf|klant|leverancier)$/i;
/** Columns that say what someone does: a role picks the row by this cell. */
const ROLE_COLUMN = /^(?:role|position|title|job(?: title)?|function|team|department|rolle|funktion|position|abteilung|rôle|poste|fonction|cargo|puesto|función|ruolo|funzione|functie|rol|afdeling)$/i;

/** A cell that holds no one: empty marks and the words trackers use. */
const EMPTY = /^(?:[-–—−]+|n\/?a|none|tbd|unassigned|not assigned|nobody|no one|niemand|nicht zugewiesen|non assign[ée]e?|personne|sin asignar|nadie|non assegnat[oa]|nessuno|niet toegewezen|não atribuído|ninguém|\?)$/i;

/** Words of one rank a role is said by ("QA lead", "Head of QA", "Quality lead", "Leiterin QA"). */
const RANK = /^(?:lead|leader|head|chief|manag|manager|director|leit|leiter|leiterin|responsable|responsabile|hoofd|jefe|jefa|capo|chef|coordinator|coordinat)$/;

/** Whether a cell says one of the question's words: as said, a rank word for a rank word, or an acronym the cell's words spell ("QA": Quality Assurance). */
function cellMeets(term: string, cell: string): boolean {
  const stems = stemsOf(cell);
  // Not by WordNet's kin: a row is picked by what it says ("marketing" is kin of "sales", another row).
  if (meets(term, stems)) return true;
  if (RANK.test(term) && [...stems].some((s) => RANK.test(s))) return true;
  // "QA" for "Quality Assurance", or for "Quality" alone as a team's name is shortened.
  const words = cell.split(/[^\p{L}]+/u).filter((w) => w.length > 2 || /^\p{Lu}+$/u.test(w));
  return /^[a-z]{2,4}$/.test(term) && words.some((_, k) => words.slice(k, k + term.length).map((x) => x[0]!.toLowerCase()).join('') === term);
}

/** A row judged against the question's words: every word met (a country or trade by the firm's cells), or another firm's. */
function rowMeets(terms: readonly string[], cells: readonly string[], skip: number, asked: AskedValue, firmWords: RegExp): 'all' | 'other' | number {
  const text = cells.filter((_, k) => k !== skip).join(' · ');
  let met = 0;
  for (const t of terms) {
    const day = dayCue(t);
    if (day) {
      // A rota's row for a day: its day cell is the asked one ("Thu 19 Nov" for "Thursday").
      if (cells.some((c, k) => k !== skip && dayFit(day, c) === 1)) met++;
    } else if (firmWord(t)) {
      const says = countrySaid(t, text) ?? firmSays(t, text);
      if (says === 'other') return 'other';
      if (says === 'met') met++;
    } else if (firmWords.test(t) || cells.some((c, k) => k !== skip && cellMeets(t, c))) met++;
  }
  return met === terms.length ? 'all' : met;
}

export type TableLead = { text: string; at: number } | { none: string; at: number };

/**
 * The cell of `column` in the one row the terms pick, from the tables on one screen's lines; a row
 * that holds no one there is `none` with its text; a table whose rows none of them pick, when the
 * question's words are all of the kind its rows say (a role, a firm's country), is `none` with ''.
 */
function pick(tables: HeadedTable[], column: (header: string[], rows: string[][]) => number, terms: readonly string[], asked: AskedValue, orgWords: RegExp): TableLead | null {
  for (const [t, table] of tables.entries()) {
    const col = column(table.header, table.rows);
    if (col < 0 || !terms.length) continue;
    const judged = table.rows.map((r) => rowMeets(terms, r, col, asked, orgWords));
    const all = judged.flatMap((j, k) => (j === 'all' ? [k] : []));
    if (all.length === 1) {
      const row = table.rows[all[0]!]!;
      const cell = row[col]!;
      const said = row.map((c, k) => (k === col ? null : `${table.header[k]}: ${c}`)).filter(Boolean).join(', ');
      if (EMPTY.test(cell)) return { none: row.join(' · '), at: t };
      return { text: `${cell} (${table.header[col]}; ${said})`, at: t };
    }
    if (all.length > 1) continue;
    // No row is it: the asked role or firm is not in this table, whatever its first row says.
    const best = Math.max(...judged.map((j) => (typeof j === 'number' ? j : 0)));
    if (best < terms.length) return { none: '', at: t };
  }
  return null;
}

/** Words a question uses for any firm: met by a table of firms. */
const ORG = /^(?:firm|company|compani|business|supplier|vendor|customer|client|partner|provider|agency|organi[sz]ation|outfit|shop|place)$/;

/**
 * "Who's our contact at the Belgian printing firm", "which supplier is in Porto", "who is the head of
 * sales": the person (or the firm, `org`) in the row that the rest of the question picks.
 */
export function whoInTable(question: string, lines: readonly string[], terms: readonly string[], asked: AskedValue, org: boolean, contact: boolean): TableLead | null {
  const tables = headedTables(lines);
  if (!tables.length) return null;
  const cue = dayCue(question);
  const said = stemsOf(question);
  if (cue && !org) {
    const grid = rotaCell(tables, cue, said);
    if (grid) return grid;
  }
  // A column of people the question names by its header ("who is the backup": Backup; "who's on call": On call).
  const namedBy = (h: string) => !PERSON_COLUMN.test(h) && !ROLE_COLUMN.test(h) && !FIRM_COLUMN.test(h) && !dayOfHeader(h) && [...stemsOf(h)].every((w) => said.has(w) || w.length <= 2);
  const column = (header: string[], rows: string[][]) => {
    if (org) return header.findIndex((h) => FIRM_COLUMN.test(h));
    const byName = header.findIndex(namedBy);
    // Only a column of people: "who is on the status report" does not answer from a Status column.
    if (byName >= 0 && header.filter(namedBy).length === 1 && rows.filter((r) => namesIn(r[byName]!).length || EMPTY.test(r[byName]!)).length * 2 > rows.length) return byName;
    // A contact asked for: the contact's column before any other person's.
    const named = contact ? header.findIndex((h) => /contact|ansprech|interlocut|referente/i.test(h) && PERSON_COLUMN.test(h)) : -1;
    return named >= 0 ? named : header.findIndex((h) => PERSON_COLUMN.test(h));
  };
  // A word that names the people's column ("on call") says which column, not which row.
  const byHeader = (t: string) => tables.some((tb) => tb.header.some((h) => (namedBy(h) || (!org && PERSON_COLUMN.test(h))) && meets(t, stemsOf(h))));
  return pick(tables, column, terms.filter((t) => !(org && ORG.test(t)) && !byHeader(t)), asked, ORG);
}

/**
 * A rota laid out by day across ("Role · Mon 16 Nov · Tue 17 Nov" over "On call · Priya Nair ·
 * Omar Haddad"): the cell under the asked day in the row whose label the question says. A rota
 * whose days are all others than the asked one names no one for it.
 */
function rotaCell(tables: readonly HeadedTable[], cue: DayCue, said: ReadonlySet<string>): TableLead | null {
  for (const [at, table] of tables.entries()) {
    const fits = table.header.map((h) => dayFit(cue, h));
    if (fits.filter((f) => f !== 0).length < 2) continue;
    const cols = fits.flatMap((f, k) => (f === 1 ? [k] : []));
    const rows = table.rows.filter((r) => r.some((c, k) => fits[k] === 0 && [...stemsOf(c)].length > 0 && [...stemsOf(c)].every((w) => said.has(w) || w.length <= 2)));
    if (rows.length !== 1) continue;
    const row = rows[0]!;
    if (!cols.length) return { none: '', at };
    if (cols.length > 1) continue;
    const cell = row[cols[0]!]!;
    const label = row.filter((_, k) => fits[k] === 0).join(' ');
    if (EMPTY.test(cell)) return { none: `${label} · ${table.header[cols[0]!]} · ${cell}`, at };
    return { text: `${cell} (${label}, ${table.header[cols[0]!]})`, at };
  }
  return null;
}

/**
 * A staff table's columns as the languages Engram's users head them, by the question's word for
 * them: "extension" is "Ext.", "Durchwahl", "Poste"; "room" is "Raum", "Bureau", "Kamer".
 */
const COLUMN_WORDS: [RegExp, RegExp][] = [
  [/^(?:extension|ext|extn)$/, /^(?:ext\.?|extn\.?|extension|durchwahl|nebenstelle|poste|extensi[oó]n|interno|toestel|lokaal)$/i],
  [/^(?:phone|telephone|number|tel)$/, /^(?:tel\.?|phone|telephone|telefon|t[ée]l[ée]phone|tel[ée]fono|telefoon|mobile|mobil|handy)$/i],
  [/^(?:e-?mail|mail|address)$/, /^(?:e-?mail|mail|courriel|correo|e-?mail address)$/i],
  [/^(?:room|office|desk)$/, /^(?:room|office|desk|raum|zimmer|b[üu]ro|salle|bureau|sala|despacho|stanza|ufficio|kamer|kantoor)$/i],
  [/^(?:floor|level|storey)$/, /^(?:floor|level|etage|stock|stockwerk|[ée]tage|planta|piano|verdieping)$/i],
];
const columnWord = (header: string, words: readonly string[]) => COLUMN_WORDS.some(([asks, heads]) => heads.test(header.trim()) && words.some((w) => asks.test(w)));

/** A question's own words, which name neither the row nor the column. */
const ASKING = /^(?:what|whats|which|who|whose|is|are|was|the|a|an|of|for|our|my|me|us|to|at|in|do|does|can|i|we|number|tell)$/;

/**
 * "What's the QA lead's extension", "which room is the head of finance in": a staff table's column
 * named by the question (by its word, a shortening "Ext.", its kin) in the row whose role cell the
 * rest of the question says. Only a table with a role column; null when the question names no column
 * of it or none of its own words are left to pick a row by.
 */
export function roleDetail(question: string, lines: readonly string[], asked: AskedValue): TableLead | null {
  // A staff table says who (a person's column) and what they do (a role's): a library's "Title · Author · Due" is no staff list.
  const tables = headedTables(lines).filter((t) => t.header.some((h) => ROLE_COLUMN.test(h)) && t.header.some((h) => PERSON_COLUMN.test(h)));
  // The question's words, the one its kind took for itself among them ("extension" asks for a number).
  const words = [...new Set([...asked.terms, ...[...stemsOf(question)].filter((w) => !ASKING.test(w) && w.length > 2)])];
  for (const [at, table] of tables.entries()) {
    // The column the question names most, not the role column nor a person's.
    const scored = table.header.map((h, k) => ({ k, n: ROLE_COLUMN.test(h) || PERSON_COLUMN.test(h) ? 0 : Math.max(naming(h, words, asked), columnWord(h, words) ? 1 : 0) }));
    const top = scored.reduce((a, b) => (b.n > a.n ? b : a));
    if (top.n <= 0 || scored.filter((s) => s.n === top.n).length > 1) continue;
    const col = top.k;
    const headerStems = stemsOf(table.header[col]!);
    const terms = asked.terms.filter((t) => !ASKING.test(t) && !meets(t, headerStems) && naming(table.header[col]!, [t], asked) === 0 && !columnWord(table.header[col]!, [t]));
    if (!terms.length) continue;
    const lead = pick([table], () => col, terms, asked, /^$/);
    if (lead) return { ...lead, at };
  }
  return null;
}

/** One screen read whole, with the memory [n] citing it. */
export interface TableScreen<P> {
  lines: readonly string[];
  n: number;
  passage: P;
}

/**
 * The staff table's cell for the asked role, from the first screen whose table holds it; `none` (the
 * first screen's) when no screen's rows hold such a role, or the row leaves the cell empty: one team's
 * list without the role does not hide another screen's list that has it.
 */
export function roleDetailLead<P>(question: string, asked: AskedValue, screens: readonly TableScreen<P>[]): { text: string; n: number; passage: P } | { none: string; n: number; passage: P } | null {
  let none: { none: string; n: number; passage: P } | null = null;
  for (const s of screens) {
    const lead = roleDetail(question, s.lines, asked);
    if (lead && 'text' in lead) return { text: lead.text, n: s.n, passage: s.passage };
    if (lead) none ??= { none: lead.none, n: s.n, passage: s.passage };
  }
  return none;
}
