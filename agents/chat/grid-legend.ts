/**
 * A rota or schedule grid whose cells hold codes a key explains, under or beside it ("E = Early
 * 07:00–15:00", "N Night 19:30–07:45", "AL Annual leave", "HO = home office"): people down the side,
 * days across (or the other way round). "Which day am I on holiday this week" is the day whose cell in
 * the user's row (marked "(you)", or the name the screen is signed in as, or the one named) holds the
 * code the key says means leave; "what time do my nights finish" is the end of the night code's hours
 * in the key; "what shift am I on Thursday" is the code in the user's row under Thursday, decoded.
 * Another person's row is never read for the user's, and a code the key does not explain is not
 * decoded. The words a key uses are met by the question's in several languages (a small table of a
 * rota's own words: leave, a day off, nights, earlies, lates, home office, sick, training, on call).
 */
import type { PassageMatch } from '../../shared/index.js';
import type { FrameWords } from '../store/index.js';
import { meets, stem, stemsOf } from './asked-value.js';
import { dayCue, dayFit, dayOfHeader, type DayCue } from './day-cue.js';
import type { FoundScreen } from './found-screens.js';
import { OWN_ROW, selfNames } from './row-column.js';
import { linesOf } from './screen-layout.js';
import { columnBounds } from './timetable-grid.js';

/** One code of a key: what it means and, when the key gives them, its hours. */
export interface KeyEntry {
  code: string;
  meaning: string;
  start?: string;
  end?: string;
}

/** A rota: its days (each with a cell per row) and the rows' labels, and its key. */
export interface Rota {
  days: { name: string; weekday: number; cells: string[] }[];
  rows: string[];
  key: KeyEntry[];
}

/** A code as keys write them: a capital and up to three more capitals or figures ("E", "AL", "N1", "OFF"). */
const CODE = /^[A-Z][A-Z0-9]{0,3}$/;
/** A time range in a key: "07:00–15:00", "19:30-07:45", "7am–3pm", "7.30 to 16.00". */
const RANGE = /(\d{1,2}(?:[:.h]\d{2})?\s*(?:am|pm)?)\s*(?:–|—|-|to|bis|à|a|al|tot)\s*(\d{1,2}(?:[:.h]\d{2})?\s*(?:am|pm)?)(?![\d:])/i;
const TIMEISH = /[:.h]\d{2}|am|pm/i;

/** A key's heading, never a code's meaning. */
const KEY_HEADING = /^(?:key|legend|codes?|legende|schlüssel|légende|leyenda|legenda|clave|sleutel)\s*:?$/i;

/** A key's entry in one piece of text: "E = Early 07:00–15:00", "N Night …", "AL: Annual leave", "HO – home office". */
function entryOf(text: string, codes: ReadonlySet<string>): KeyEntry | null {
  const m = /^\s*([A-Za-z][A-Za-z0-9]{0,3})\s*(?:=|:|–|—|-|\))?\s+(\p{L}.*?)\s*$/u.exec(text);
  if (!m) return null;
  const [, code, meaning] = m as unknown as [string, string, string];
  if (!CODE.test(code) && !codes.has(code)) return null;
  if (!/\p{L}{3}/u.test(meaning) || meaning.length > 60 || KEY_HEADING.test(meaning)) return null;
  const r = RANGE.exec(meaning);
  const times = r && (TIMEISH.test(r[1]!) || TIMEISH.test(r[2]!)) ? { start: r[1]!.trim(), end: r[2]!.trim() } : {};
  return { code, meaning: meaning.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim(), ...times };
}

/**
 * Pieces of a key's line: its cells, each cut at the separators keys put between entries (" · ", "|",
 * ";", ","), and before each code a line runs on to ("E = Early 07:00–15:00 L = Late …", "N Night … AL Annual leave").
 */
function pieces(cells: readonly string[], codes: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const c of cells) {
    for (const part of c.split(/\s+[·|•]\s+|;\s*|,\s+/)) {
      const words = part.trim().split(/\s+/);
      let from = 0;
      for (let k = 1; k < words.length; k++) {
        const next = words[k + 1] ?? '';
        if ((CODE.test(words[k]!) && /^[=:]$/.test(next)) || (codes.has(words[k]!) && /^\p{Lu}\p{Ll}/u.test(next))) {
          out.push(words.slice(from, k).join(' '));
          from = k;
        }
      }
      out.push(words.slice(from).join(' '));
    }
  }
  return out;
}

/** The key's entries among a screen's lines (each line as its cells), for the codes a rota holds: two of them at least. */
export function keyOf(lines: readonly (readonly string[])[], codes: ReadonlySet<string>): KeyEntry[] {
  const out: KeyEntry[] = [];
  const add = (e: KeyEntry | null) => {
    if (e && !out.some((x) => x.code === e.code)) out.push(e);
  };
  for (const cells of lines) for (const p of pieces(cells, codes)) add(entryOf(p, codes));
  // A code in a cell of its own and its meaning in the next ("AL" · "Annual leave"), entries side by side: not a grid's row of codes.
  const isCode = (c: string | undefined) => c !== undefined && (CODE.test(c.trim()) || codes.has(c.trim()));
  for (const cells of lines)
    for (let k = 0; k + 1 < cells.length; k++) if (isCode(cells[k]) && !isCode(cells[k + 1]) && !isCode(cells[k - 1])) add(entryOf(`${cells[k]!.trim()} ${cells[k + 1]!.trim()}`, codes));
  const used = out.filter((e) => codes.has(e.code));
  return used.length >= 2 ? out : [];
}

/** A rota's cell: a code, a word or two, or empty; never a key's entry nor a note. */
const ROTA_CELL = /^(?:[\p{L}\d]{1,12}(?:\s[\p{L}\d]{1,12})?)?$/u;
/** Marks a rota prints for nothing: a dash, a dot. */
const EMPTY = /^[\s—–·•-]*$/;

/** A grid as read: its days' names across, and each row's label and cells under them. */
interface RawRota {
  days: { name: string; weekday: number }[];
  rows: { label: string; cells: string[] }[];
}

/**
 * A rota from a grid read: its rows are the first run of rows with a label and most days filled with
 * short cells (the key under the grid, which the reader may take for rows, is no one's row), its key the
 * entries among the screen's lines for the codes those rows hold.
 */
function rotaOf(raw: RawRota, key: (codes: ReadonlySet<string>) => KeyEntry[]): Rota | null {
  const good = raw.rows.map((r) => !!r.label && r.cells.every((c) => ROTA_CELL.test(c)) && r.cells.filter(Boolean).length >= raw.days.length / 2);
  const first = good.indexOf(true);
  if (first < 0) return null;
  let end = first;
  while (end + 1 < good.length && good[end + 1]) end++;
  const rows = raw.rows.slice(first, end + 1);
  const codes = new Set(rows.flatMap((r) => r.cells).filter(Boolean));
  const entries = key(codes);
  return entries.length ? { days: raw.days.map((day, d) => ({ ...day, cells: rows.map((r) => r.cells[d]!) })), rows: rows.map((r) => r.label), key: entries } : null;
}

/** A weekday heading a column ("Mon", "Thu 10", "Mittwoch"), or null. */
const weekdayCell = (t: string) => {
  const d = dayOfHeader(t);
  return d && d.weekdays.size === 1 ? [...d.weekdays][0]! : null;
};

/** Days' short names, Sunday first, as rotas head their columns in several languages ("Mo Di Mi", "Lun Mar Mer"). */
const SHORT_DAYS: string[][] = [
  ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
  ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'],
  ['so', 'mo', 'di', 'mi', 'do', 'fr', 'sa'],
  ['dim', 'lun', 'mar', 'mer', 'jeu', 'ven', 'sam'],
  ['di', 'lu', 'ma', 'me', 'je', 've', 'sa'],
  ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
  ['do', 'lu', 'ma', 'mi', 'ju', 'vi', 'sá'],
  ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'],
  ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'],
  ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'],
];

/**
 * The weekday each of a header's names says: read alone ("Thursday", "Thu 10"), or, as short names
 * are ambiguous alone ("Mar", "Do"), as a run of three or more of one language's in order.
 */
export function headerWeekdays(names: readonly string[]): (number | null)[] {
  const direct = names.map(weekdayCell);
  const said = direct.filter((d) => d !== null).length;
  const bare = names.map((n) => n.toLowerCase().split(/\s+/)[0]!.replace(/[.,]$/, ''));
  for (const list of SHORT_DAYS) {
    const at = bare.map((b) => list.indexOf(b));
    for (let k = 0; k < at.length; k++) {
      let j = k;
      while (at[j]! >= 0 && j + 1 < at.length && at[j + 1] === (at[j]! + 1) % 7) j++;
      if (at[k]! >= 0 && j - k + 1 >= 3 && j - k + 1 > said) return names.map((_, n) => (n >= k && n <= j ? at[n]! : null));
    }
  }
  return direct;
}

/** Rows of one grid follow each other within this many line heights. */
const ROW_GAP = 3.5;

/** Rotas laid out by a screen's word boxes: a header of three days or more across, the rows' labels left of them. */
function laidRotas(fw: FrameWords): RawRota[] {
  const lines = linesOf(fw);
  const out: RawRota[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = lines[i]!;
    const wd = headerWeekdays(head.map((c) => c.text));
    const dayCells = head.filter((_, k) => wd[k] !== null);
    if (dayCells.length < 3 || new Set(wd.filter((d) => d !== null)).size !== dayCells.length) continue;
    const bounds = columnBounds(dayCells);
    const left = bounds[0]!.x0;
    const h = Math.max(...head.map((c) => c.y1 - c.y0));
    const rows: RawRota['rows'] = [];
    let prev = Math.max(...head.map((c) => c.y1));
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (Math.min(...line.map((c) => c.y0)) - prev > ROW_GAP * h) break;
      prev = Math.max(...line.map((c) => c.y1));
      const centre = (c: { x0: number; x1: number }) => (c.x0 + c.x1) / 2;
      const label = line.filter((c) => centre(c) < left).map((c) => c.text).join(' ').trim();
      const cells = bounds.map((b) => line.filter((c) => centre(c) >= b.x0 && centre(c) < b.x1).map((c) => c.text).join(' ').trim());
      rows.push({ label, cells: cells.map((c) => (EMPTY.test(c) ? '' : c)) });
    }
    if (rows.length) out.push({ days: dayCells.map((c) => ({ name: c.text, weekday: wd[head.indexOf(c)]! })), rows });
    i = j - 1;
  }
  return out;
}

/**
 * A rota in OCR's lines (no word boxes): a header of three weekdays or more (a date may follow each:
 * "Mon 7"), over rows that each end in as many codes as there are days, the words before them the row's label.
 */
export function textRotas(lines: readonly string[]): RawRota[] {
  const out: RawRota[] = [];
  for (let i = 0; i < lines.length; i++) {
    const tokens = lines[i]!.trim().split(/\s+/);
    const wd = headerWeekdays(tokens);
    const first = wd.findIndex((d) => d !== null);
    if (first < 0) continue;
    const days: RawRota['days'] = [];
    let ok = true;
    for (let k = first; k < tokens.length; k++) {
      if (wd[k] !== null) days.push({ name: tokens[k]!, weekday: wd[k]! });
      else if (days.length && /^\d{1,2}(?:[./]\d{1,2}[./]?)?\.?$/.test(tokens[k]!)) days[days.length - 1]!.name += ` ${tokens[k]}`;
      else ok = false;
    }
    if (!ok || days.length < 3) continue;
    const rows: RawRota['rows'] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const ts = lines[j]!.trim().split(/\s+/);
      const cells = ts.slice(-days.length);
      const label = ts.slice(0, ts.length - days.length).join(' ');
      if (ts.length <= days.length || !/\p{L}{2}/u.test(label) || !cells.every((c) => /^(?:[A-Z][A-Za-z0-9]{0,3}|[—–·-])$/.test(c))) break;
      rows.push({ label, cells: cells.map((c) => (EMPTY.test(c) ? '' : c)) });
    }
    if (rows.length) out.push({ days, rows });
    i += rows.length;
  }
  return out;
}

/** The rotas with a key that a found screen shows: from its word boxes when kept, else from its lines. */
export function rotasOn(s: Pick<FoundScreen, 'lines' | 'frames'>, layout?: (frameId: string) => FrameWords | null): Rota[] {
  const out: Rota[] = [];
  const boxes = s.frames.map((id) => layout?.(id)).filter((fw): fw is FrameWords => !!fw);
  for (const fw of boxes) {
    const lines = linesOf(fw).map((l) => l.map((c) => c.text));
    for (const raw of laidRotas(fw)) {
      const r = rotaOf(raw, (codes) => keyOf(lines, codes));
      if (r) out.push(r);
    }
  }
  if (boxes.length) return out;
  const cut = s.lines.map((l) => l.split(/\s{2,}|\t/));
  for (const raw of textRotas(s.lines)) {
    const r = rotaOf(raw, (codes) => keyOf(cut, codes));
    if (r) out.push(r);
  }
  return out;
}

/**
 * A rota's own words, each line one thing in several languages: a key's meaning and a question's word
 * meet when they say the same one. Phrases before their words ("sick leave" is no "leave" of holidays).
 */
const ROTA_WORDS: string[][] = [
  ['holiday', 'holidays', 'vacation', 'leave', 'annual leave', 'pto', 'time off', 'urlaub', 'ferien', 'congé', 'congés', 'conge', 'conges', 'congés payés', 'vacances', 'vacaciones', 'ferie', 'vakantie', 'verlof', 'férias'],
  ['off', 'day off', 'days off', 'rest day', 'rest', 'frei', 'freier tag', 'ruhetag', 'repos', 'libre', 'descanso', 'riposo', 'vrij', 'folga'],
  ['night', 'nights', 'night shift', 'nacht', 'nachtdienst', 'nachtschicht', 'nuit', 'nuits', 'noche', 'noches', 'notte', 'noite'],
  ['early', 'earlies', 'morning', 'mornings', 'früh', 'frühdienst', 'frühschicht', 'matin', 'mañana', 'mattina', 'mattino', 'vroeg', 'vroege', 'ochtend', 'manhã'],
  ['late', 'lates', 'evening', 'evenings', 'afternoon', 'spät', 'spätdienst', 'spätschicht', 'soir', 'soirée', 'après-midi', 'tarde', 'sera', 'pomeriggio', 'laat', 'late dienst', 'avond'],
  ['home', 'home office', 'remote', 'wfh', 'working from home', 'from home', 'homeoffice', 'télétravail', 'teletrabajo', 'smart working', 'thuiswerk', 'thuiswerken', 'thuis'],
  ['sick', 'ill', 'illness', 'sick leave', 'off sick', 'krank', 'krankheit', 'malade', 'maladie', 'arrêt maladie', 'enfermo', 'enfermedad', 'baja', 'malattia', 'ziek'],
  ['training', 'course', 'schulung', 'fortbildung', 'formation', 'formación', 'formazione', 'opleiding', 'cursus'],
  ['on call', 'standby', 'stand-by', 'bereitschaft', 'rufbereitschaft', 'astreinte', 'guardia', 'reperibilità', 'piket', 'sobreaviso'],
  ['long day', 'long days', 'langer dienst', 'journée longue'],
];
const PHRASES = ROTA_WORDS.flatMap((words, g) => words.map((w) => ({ w, g }))).sort((a, b) => b.w.length - a.w.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rota things a text says, longest phrases first, each word counted once. */
function thingsIn(text: string): Set<number> {
  let t = ` ${text.toLowerCase()} `;
  const out = new Set<number>();
  for (const { w, g } of PHRASES) {
    const re = new RegExp(`(?<![\\p{L}])${escape(w)}(?![\\p{L}])`, 'iu');
    if (re.test(t)) {
      out.add(g);
      t = t.replace(new RegExp(re.source, 'giu'), ' ');
    }
  }
  return out;
}

/** Words of a key's meaning or a question that say nothing of which code: a shift, a day, the hours. */
const GENERIC = new Set('shift shifts duty dienst schicht day days tag jour día giorno dag week time work working rota schedule hours start finish end'.split(' ').map(stem));

/** "How late", "how early": asks the hours' end or start, not the late or early code. */
const HOW_ADJ = /\bhow\s+(?:late|early)\b/gi;

/** The key's entries the question names: by a rota word of the same thing, a meaning's own word, or the code itself. */
function entriesAsked(question: string, key: readonly KeyEntry[]): KeyEntry[] {
  const q = question.replace(HOW_ADJ, ' ');
  const things = thingsIn(q);
  const qStems = [...stemsOf(q)].filter((t) => !GENERIC.has(t) && t.length >= 3);
  return key.filter((e) => {
    const words = e.meaning.replace(RANGE, ' ');
    if ([...thingsIn(words)].some((g) => things.has(g))) return true;
    if (e.code.length >= 2 && new RegExp(`(?<![\\p{L}])${escape(e.code)}(?![\\p{L}])`, 'u').test(question)) return true;
    const own = [...stemsOf(words)].filter((t) => !GENERIC.has(t) && t.length >= 4);
    return own.some((t) => meets(t, new Set(qStems)));
  });
}

/** A question about the user's own row. */
const ASKS_OWN = /\b(?:i|me|my|i'm|i’m|mine)\b/i;
const NOT_A_NAME = /^(?:I|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun)$/;

/** The row the question is about: a name it says, else the user's own (marked, or the signed-in name), else a rota's only row. */
function askedRow(question: string, rota: Rota, self: readonly string[]): number | 'other' | null {
  const names = question.split(/\s+/).slice(1).map((w) => w.replace(/['’]s$|[^\p{L}-]/gu, '')).filter((w) => /^\p{Lu}\p{Ll}+$/u.test(w) && !NOT_A_NAME.test(w));
  if (names.length) {
    const hit = rota.rows.map((r, k) => (names.some((n) => meets(stem(n), stemsOf(r))) ? k : -1)).filter((k) => k >= 0);
    // A name asked that no row holds: another person's rota, not the user's.
    if (hit.length === 1) return hit[0]!;
    if (!hit.length && names.some((n) => !/^(?:Early|Late|Night|Home|Office)$/.test(n))) return 'other';
  }
  if (rota.rows.length === 1) return 0;
  if (!ASKS_OWN.test(question)) return null;
  const marked = rota.rows.map((r, k) => (OWN_ROW.test(r) ? k : -1)).filter((k) => k >= 0);
  if (marked.length === 1) return marked[0]!;
  const own = rota.rows.map((r, k) => (self.some((n) => new RegExp(`(?:^|[^\\p{L}])${n}(?![\\p{L}])`, 'iu').test(r)) ? k : -1)).filter((k) => k >= 0);
  return own.length === 1 ? own[0]! : null;
}

/** Asks which days. */
const WHICH_DAYS = /\b(?:which|what)\s+days?\b|^\s*(?:and\s+|so\s+)?when\s+(?:am|is|are|will|do|does)\s+\S+\s+(?:on|off|away|working\s+from|doing|having|taking|in)\b/i;
/** Asks a time: of day, when it starts or ends. */
const ASKS_TIME = /^\s*(?:and\s+|so\s+)?(?:what\s+time|when|how\s+(?:late|early)|until\s+when|till\s+when|at\s+what\s+time|from\s+when)\b|\b(?:hours|times)\b/i;
const END_WORDS = /\b(?:finish|finishes|end|ends|over|until|till|get\s+off|clock\s+off|knock\s+off|done|stop|leave|how\s+late|go\s+home|get\s+out)\b/i;
const START_WORDS = /\b(?:start|starts|begin|begins|clock\s+on|go\s+in|be\s+in|get\s+in|arrive|how\s+early|from\s+when|have\s+to\s+be\s+there)\b/i;

export interface LegendLead {
  text: string;
  found: boolean;
  n: number;
  passage: PassageMatch;
}

const entrySaid = (e: KeyEntry) => (e.meaning === e.code ? e.code : `${e.code} = ${e.meaning}`);

/** What one rota says to the question, or null when it is not about it. */
export function readRota(question: string, rota: Rota, self: readonly string[] = []): { text: string; found: boolean } | null {
  const cue: DayCue | null = dayCue(question);
  const asked = entriesAsked(question, rota.key);
  const row = askedRow(question, rota, self);
  if (row === 'other') return null;
  const who = row === null ? '' : rota.rows[row]!;
  // The asked day by the weekday its column was read as ("Mer" in a run of French days), or by its date.
  const days = cue ? rota.days.filter((d) => (cue.weekdays.size ? cue.weekdays.has(d.weekday) : dayFit(cue, d.name) === 1)) : [];
  // "When am I on holiday" asks which days, not a time of day.
  const timeAsked = ASKS_TIME.test(question) && !(WHICH_DAYS.test(question) && !END_WORDS.test(question) && !START_WORDS.test(question) && !/\b(?:what\s+time|hours)\b/i.test(question));
  const part = END_WORDS.test(question) ? 'end' : START_WORDS.test(question) ? 'start' : null;
  const hours = (e: KeyEntry) => (part === 'end' ? e.end : part === 'start' ? e.start : e.start && e.end ? `${e.start}–${e.end}` : undefined);

  // "Who is on nights on Thursday", "who's on leave this week": the rows whose cell holds the asked code, on the asked day or on any.
  if (asked.length && /^\s*(?:and\s+|so\s+)?who(?:'s|’s)?\b/i.test(question) && !timeAsked) {
    const codes = new Set(asked.map((e) => e.code));
    const over = cue ? days : rota.days;
    if (cue && !days.length) return null;
    const on = rota.rows.map((r, k) => ({ r, at: over.filter((d) => codes.has(d.cells[k]!)).map((d) => d.name) })).filter((x) => x.at.length);
    const what = asked.map(entrySaid).join(', ');
    if (!on.length) return { text: `I don't know of anyone: no row has ${what} on ${over.map((d) => d.name).join(', ')} in that rota`, found: false };
    return { text: `${on.map((x) => (cue ? x.r : `${x.r} (${x.at.join(', ')})`)).join(', ')} — ${what}${cue ? ` (${days.map((d) => d.name).join(', ')})` : ''}`, found: true };
  }

  // "Which day am I on holiday", "when am I working from home": the days whose cell in the row holds the asked code.
  if (asked.length && !cue && WHICH_DAYS.test(question) && !timeAsked) {
    if (row === null) return null;
    const codes = new Set(asked.map((e) => e.code));
    const on = rota.days.filter((d) => codes.has(d.cells[row]!));
    const what = asked.map(entrySaid).join(', ');
    if (!on.length) return { text: `I don't know of any: ${who}'s row has no ${what} in that rota (${rota.days.map((d) => `${d.name} ${d.cells[row] || '—'}`).join(', ')})`, found: false };
    return { text: `${on.map((d) => d.name).join(', ')} — ${on.map((d) => d.cells[row]).filter((c, k, a) => a.indexOf(c) === k).map((c) => entrySaid(rota.key.find((e) => e.code === c)!)).join(', ')} (${who})`, found: true };
  }

  // "What shift am I on Thursday", "what time do I finish on Friday": the row's cell under the day, decoded by the key.
  if (cue) {
    if (row === null) return null;
    if (!days.length) return !cue.weekdays.size && rota.days.some((d) => dayFit(cue, d.name) !== -1) ? null : { text: `I don't know: that rota has no ${cue.words.join(' ')} (its days: ${rota.days.map((d) => d.name).join(', ')})`, found: false };
    const out: string[] = [];
    for (const d of days) {
      const code = d.cells[row]!;
      if (!code) return { text: `I don't know: ${who}'s row is empty on ${d.name} in that rota`, found: false };
      // A code that is a rota's own word ("OFF", "Frei", "Urlaub") says itself; any other the key does not list is not decoded.
      const e = rota.key.find((x) => x.code === code) ?? (thingsIn(code).size ? { code, meaning: code } : undefined);
      if (!e) return { text: `I don't know what "${code}" means: the rota's key does not list it (${d.name}, ${who})`, found: false };
      const h = timeAsked ? hours(e) : undefined;
      if (timeAsked && !h) return { text: `I don't know: ${d.name} is ${entrySaid(e)} for ${who}, and the key gives no hours for it`, found: false };
      out.push(h ? `${h} — ${d.name}: ${entrySaid(e)} (${who})` : `${entrySaid(e)} — ${d.name} (${who})`);
    }
    return { text: out.join('; '), found: true };
  }

  // "What time do my nights finish": the hours the key gives the asked code.
  if (timeAsked && asked.length === 1) {
    const e = asked[0]!;
    const h = hours(e);
    if (!h) return { text: `I don't know: the rota's key gives no hours for ${entrySaid(e)}`, found: false };
    return { text: `${h} — ${entrySaid(e)} (the rota's key)`, found: true };
  }
  return null;
}

/** How many of the best found screens are looked at for a rota. */
const ROTA_SCREENS = 3;

/** Whether a question may be about a rota: a day, which days, hours, or a rota's own words. */
export function legendAsked(question: string): boolean {
  return !!dayCue(question) || WHICH_DAYS.test(question) || thingsIn(question).size > 0 || /\b(?:shifts?|rota|working|work)\b/i.test(question);
}

/** The answer a rota with a key on the found screens gives. */
export function legendLead(question: string, found: readonly FoundScreen[], layout?: (frameId: string) => FrameWords | null): LegendLead | null {
  let missing: LegendLead | null = null;
  for (const s of found.slice(0, ROTA_SCREENS)) {
    for (const rota of rotasOn(s, layout)) {
      const r = readRota(question, rota, selfNames([...s.lines, s.title]));
      if (r?.found) return { ...r, n: s.n, passage: s.passage };
      if (r) missing ??= { ...r, n: s.n, passage: s.passage };
    }
  }
  return missing;
}
