/**
 * "Is the shop open on Saturday", "when does the pharmacy open on Sunday", "how late is the library
 * open on Thursdays": opening hours as screens write them, a row a day or a run of days, in the
 * page's language and its short forms ("Mo–Fr 8–18 Uhr", "Sa 9–14", "So geschlossen", "lun.-ven.
 * 8h30–19h30", "sáb. 10:00–14:00", "za 9.00-17.00", "Mon–Fri 9am–5pm"). Short forms mean other days
 * in other languages ("Di" is Tuesday in German, Sunday in French; "Do" Thursday or Sunday), so a
 * table is read in the one language whose forms read most of its rows. The row whose days hold the
 * asked weekday (the narrowest, where a run and a single day both do) answers; a day no row holds is
 * said so, never taken from a neighbour.
 */
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { ScreenOf } from './unmatched-screen.js';
import { foreignForms, meets, metByKin, stemsOf, type AskedValue } from './asked-value.js';
import { dayCue, weekdayOf } from './day-cue.js';
import { foundScreens } from './found-screens.js';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Each language's short forms of the weekdays, Sunday first: as opening hours and calendars print them. */
const SHORT: Record<string, string[][]> = {
  en: [['su', 'sun'], ['mo', 'mon'], ['tu', 'tue', 'tues'], ['we', 'wed'], ['th', 'thu', 'thur', 'thurs'], ['fr', 'fri'], ['sa', 'sat']],
  de: [['so', 'son'], ['mo', 'mon'], ['di', 'die'], ['mi', 'mit'], ['do', 'don'], ['fr', 'fre'], ['sa', 'sam']],
  fr: [['di', 'dim'], ['lu', 'lun'], ['ma', 'mar'], ['me', 'mer'], ['je', 'jeu'], ['ve', 'ven'], ['sa', 'sam']],
  es: [['d', 'do', 'dom'], ['l', 'lu', 'lun'], ['m', 'ma', 'mar'], ['x', 'mi', 'mié', 'mie'], ['j', 'ju', 'jue'], ['v', 'vi', 'vie'], ['s', 'sá', 'sáb', 'sa', 'sab']],
  it: [['do', 'dom'], ['lu', 'lun'], ['ma', 'mar'], ['me', 'mer'], ['gi', 'gio'], ['ve', 'ven'], ['sa', 'sab']],
  pt: [['do', 'dom'], ['seg', '2ª'], ['ter', '3ª'], ['qua', '4ª'], ['qui', '5ª'], ['sex', '6ª'], ['sáb', 'sab']],
  nl: [['zo', 'zon'], ['ma', 'maa'], ['di', 'din'], ['wo', 'woe'], ['do', 'don'], ['vr', 'vri'], ['za', 'zat']],
};
const LANGS = Object.keys(SHORT);

/** Words for every day, the working week and the weekend, in the languages of SHORT. */
const ALL_DAYS = /^(?:daily|every\s?day|7 days|täglich|taglich|tous les jours|todos los días|todos los dias|tutti i giorni|todos os dias|dagelijks|elke dag)$/i;
const WEEKDAYS_WORD = /^(?:weekdays|werktags|wochentags|en semaine|entre semana|feriali|dias úteis|dias uteis|werkdagen)$/i;
const WEEKEND_WORD = /^(?:weekends?|wochenende|week-end|fin de semana|fine settimana|fim de semana|weekend)$/i;
/** Holidays said beside days ("Sa, So & Feiertage"): no weekday. */
const HOLIDAY = /^(?:holidays?|bank holidays?|public holidays?|feiertage?n?|jours? fériés?|fériés?|festivos?|festivi|feriados?|feestdagen)$/i;
/** Marks a run of days ("Mo–Fr", "lun. au ven.", "Mon to Fri", "t/m"). */
const RUN = /^(?:-|–|—|to|till|until|thru|through|bis|au|à|a|al|t\/m|tot)$/i;
/** Marks a list of days ("Sa, So", "Sat & Sun", "sam. et dim."). */
const AND = /^(?:,|&|\+|\/|and|und|et|y|e|en)$/i;
/** A row's hours say it is closed. */
const CLOSED = /\b(?:closed|geschlossen|ruhetag|fermé|ferme|fermeture|cerrado|chiuso|fechado|gesloten)\b/i;
/** A row's hours: a time or a range of them ("8–18", "8h30–19h30", "9:00-17:00", "9am–5pm"). */
const HOURS = /^\s*[:\-–]?\s*(?:(?:von|de|from|dalle|das|van)\s+)?\d{1,2}(?:[:.h]\d{2}|h)?\s*(?:am|pm|uhr|h)?\s*(?:-|–|—|to|bis|à|a|alle|às|tot)\s*\d{1,2}(?:[:.h]\d{2}|h)?/i;

/** The weekdays one token of a row's head means in a language, or null when it is no day there. */
function dayToken(token: string, lang: string): number[] | null {
  const t = token.toLowerCase().replace(/[.:]+$/, '');
  if (!t) return null;
  if (ALL_DAYS.test(t)) return [0, 1, 2, 3, 4, 5, 6];
  if (WEEKDAYS_WORD.test(t)) return [1, 2, 3, 4, 5];
  if (WEEKEND_WORD.test(t)) return [6, 0];
  const full = t.length >= 4 ? weekdayOf(t) : null;
  if (full !== null) return [full];
  const d = SHORT[lang]!.findIndex((forms) => forms.includes(t));
  return d >= 0 ? [d] : null;
}

/** The head of a row read in a language: the days it names and where its hours begin, or null. */
function headOf(line: string, lang: string): { days: Set<number>; rest: string } | null {
  const spaced = line.replace(/([\p{L}.])\s*([–—-])\s*(?=\p{L})/gu, '$1 $2 ').replace(/([\p{L}.])([,&+/])/gu, '$1 $2');
  const tokens = spaced.trim().split(/\s+/);
  const days = new Set<number>();
  let last: number | null = null;
  let run = false;
  let used = 0;
  for (const raw of tokens) {
    const token = raw.replace(/:$/, '');
    if (RUN.test(token) && last !== null) {
      run = true;
      used++;
      continue;
    }
    if (AND.test(token) || HOLIDAY.test(token)) {
      used++;
      continue;
    }
    const ds = dayToken(token, lang);
    if (!ds) break;
    if (run && last !== null && ds.length === 1) for (let x: number = last; x !== ds[0]; x = (x + 1) % 7) days.add(x);
    for (const d of ds) days.add(d);
    last = ds[ds.length - 1]!;
    run = false;
    used++;
    if (/:$/.test(raw)) break;
  }
  if (!days.size || run) return null;
  return { days, rest: tokens.slice(used).join(' ') };
}

interface HoursRow {
  days: Set<number>;
  /** The hours as written, or the word that says closed. */
  hours: string;
  closed: boolean;
  /** The row as read ("Sa 9–14 Uhr"). */
  line: string;
}

/** The opening-hours rows of a screen's lines, read in the language that reads most of them. */
export function hoursRows(lines: readonly string[]): HoursRow[] {
  let best: HoursRow[] = [];
  for (const lang of LANGS) {
    const rows: HoursRow[] = [];
    lines.forEach((raw, i) => {
      const line = raw.trim();
      const head = headOf(line, lang);
      if (!head) return;
      // The hours on the row, or on the line under a day alone ("Samstag" / "9:00 – 14:00").
      let hours = head.rest.trim();
      let said = line;
      const next = lines[i + 1]?.trim() ?? '';
      if (!hours && (HOURS.test(next) || CLOSED.test(next)) && !headOf(next, lang)) {
        hours = next;
        said = `${line} ${next}`;
      }
      const closed = CLOSED.test(hours) && !HOURS.test(hours);
      if (!closed && !HOURS.test(hours)) return;
      rows.push({ days: head.days, hours: hours.replace(/^[:\-–]\s*/, ''), closed, line: said.replace(/\s{2,}/g, ' ') });
    });
    if (rows.length > best.length) best = rows;
  }
  return best;
}

/** What a question asks of the hours: whether it is open, when it opens, when it closes, or the hours. */
type HoursAsk = 'open?' | 'closed?' | 'opens' | 'closes' | 'hours';

function hoursAsked(question: string): HoursAsk | null {
  const q = question.replace(/[’]/g, "'");
  if (/^\s*(?:and\s+|so\s+)?(?:is|are|will)\b[^?]*\bopen\b/i.test(q)) return 'open?';
  if (/^\s*(?:and\s+|so\s+)?(?:is|are|will)\b[^?]*\bclosed\b/i.test(q)) return 'closed?';
  if (/\b(?:how late|until when|till when|until what time|closes?|closing)\b/i.test(q)) return 'closes';
  if (/\b(?:how early|opens?|opening)\b/i.test(q) && /^\s*(?:and\s+|so\s+)?(?:when|what time|at what time|how early|from what time)\b/i.test(q)) return /\bopening hours\b/i.test(q) ? 'hours' : 'opens';
  if (/\b(?:hours|opening times|open)\b/i.test(q)) return 'hours';
  return null;
}

/** Nouns that name a place in general: the page names the place itself instead. */
const GENERAL = /^(?:shop|store|place|it|they|office|branch|centre|center|site|open|hour|time|opening|close|closing|late|early|day)s?$/i;

export interface HoursLead {
  text: string;
  /** False when no row holds the asked day: said so, no hours stated. */
  found: boolean;
  n: number;
  passage: PassageMatch;
}

const timesOf = (hours: string) => [...hours.matchAll(/\d{1,2}(?:[:.h]\d{2}|h)?\s*(?:am|pm)?/gi)].map((m) => m[0].trim());

/**
 * The hours of the asked weekday from the opening-hours rows on the best found screen that names the
 * asked place, or null when the question asks no day's hours or no found screen lists hours for it.
 */
export function openingHoursLead(question: string, asked: AskedValue, numbered: readonly NumberedMemory[], screens?: ScreenOf): HoursLead | null {
  const ask = hoursAsked(question);
  const cue = dayCue(question);
  if (!ask || !cue || !cue.weekdays.size || cue.dates.size) return null;
  const wanted = [...cue.weekdays];
  const dayWords = new Set(cue.words);
  const things = asked.terms.filter((t) => !GENERAL.test(t) && !dayWords.has(t) && !/^(?:sun|mon|tue|wed|thu|fri|sat)/.test(t));
  for (const s of foundScreens(numbered, screens, 3)) {
    const rows = hoursRows(s.lines);
    // A table of hours: two rows at least, or a day run ("Mon–Sat") that holds most of the week.
    if (rows.length < 2 && !rows.some((r) => r.days.size >= 5)) continue;
    const page = stemsOf(`${s.lines.join('\n')}\n${s.title}\n${s.about}`);
    if (things.length && !things.some((t) => meets(t, page) || metByKin(t, page, asked.kin) || foreignForms(t).some((f) => page.has(f)))) continue;
    const holding = rows.filter((r) => wanted.some((d) => r.days.has(d)));
    const dayName = wanted.map((d) => WEEKDAY_NAMES[d]).join(' or ');
    if (!holding.length) {
      return { text: `I don't know: the opening hours seen list no ${dayName} (${rows.map((r) => r.line).join('; ')})`, found: false, n: s.n, passage: s.passage };
    }
    // The narrowest row that holds the day ("Sa 9–14" over "Mo–Sa 9–18"); two of one width that disagree cannot be told apart.
    const narrow = Math.min(...holding.map((r) => r.days.size));
    const pick = holding.filter((r) => r.days.size === narrow);
    if (new Set(pick.map((r) => r.hours)).size > 1) continue;
    const row = pick[0]!;
    const times = timesOf(row.hours);
    let text: string;
    if (row.closed) text = `${ask === 'open?' ? 'No: ' : ask === 'closed?' ? 'Yes: ' : ''}closed on ${dayName} (${row.line})`;
    else if (ask === 'closed?') text = `No, open on ${dayName}: ${row.hours} (${row.line})`;
    else if (ask === 'open?') text = `Yes, on ${dayName}: ${row.hours} (${row.line})`;
    else if (ask === 'opens' && times.length) text = `${times[0]} on ${dayName} (${row.line})`;
    else if (ask === 'closes' && times.length) text = `${times[times.length - 1]} on ${dayName} (${row.line})`;
    else text = `${row.hours} on ${dayName} (${row.line})`;
    return { text, found: true, n: s.n, passage: s.passage };
  }
  return null;
}
