/**
 * "When does check-in close" ← "Check-in closes 45 min before departure" and "Departs 07:40": a
 * time a page gives counted from another of its times. The line that says the asked thing's time
 * relative to an event is read, and where the page gives that event's time the clock time is counted
 * (06:55); where it does not, the relative time is the answer as the page says it. A line about
 * another thing ("Boarding closes 20 min before departure" for check-in) is not taken.
 */
import { meets, metByKin, stem, stemsOf, VALUE, type AskedValue } from './asked-value.js';

/** A line read on a screen, with its screen's lines. */
export interface RelativeSource<T> {
  text: string;
  /** Every line of its screen, where the event's own time is. */
  lines: readonly string[];
  item: T;
}

export interface RelativeTime<T> {
  /** The clock time counted ("06:55"), or null when the page gives no time for the event. */
  time: string | null;
  /** The line that says the relative time. */
  line: string;
  /** The line that gives the event's time. */
  from: string | null;
  item: T;
}

/** "Closes 45 min before departure", "opens 2 hours before the show", "schließt 40 Min. vor Abflug", "ferme 30 min avant le départ". */
const RELATIVE =
  /\b(clos(?:e|es|ed|ing)|shuts?|ends?|opens?|opening|starts?|begins?|schließt|schliesst|endet|öffnet|beginnt|ferme|fermeture|ouvre|ouverture|cierra|abre|chiude|apre|sluit|opent)\b[^.\n]{0,20}?\b(\d{1,3})\s*(min(?:ute)?s?\.?|h(?:ours?|rs?|r)?|std\.?|stunden?|heures?|minuten)\s+(before|prior to|after|vor|nach|avant|après|antes de|después de|prima d[ei]l?|dopo|voor|na)\s+(?:the\s+|dem\s+|der\s+|le\s+|la\s+|l'|el\s+|la\s+|il\s+|de\s+|het\s+)?([\p{L}-]+)/iu;

/** Event words a page gives the time of under a label of the same root ("departure" ← "Departs 07:40", "Abflug 07:40"). */
const EVENT_ROOTS: [RegExp, RegExp][] = [
  [/^(?:departure|abflug|abfahrt|départ|depart|salida|partenza|vertrek)$/i, /\b(?:depart(?:s|ure|ing)?|leaves?|abflug|abfahrt|départ|salida|partenza|vertrek)\b/i],
  [/^(?:show|performance|start|kick-off|vorstellung|beginn|spectacle|début)$/i, /\b(?:show|performance|starts?|kick-?off|vorstellung|beginn|spectacle|début|curtain)\b/i],
  [/^(?:arrival|ankunft|arrivée|llegada|arrivo|aankomst)$/i, /\b(?:arriv(?:es|al|ing)|ankunft|arrivée|llegada|arrivo|aankomst)\b/i],
];

/** Asks when something happens by the clock: "when does …", "what time does …", "by what time". */
const ASKS = /^\s*(?:and\s+|so\s+)?(?:when|what\s+time|at\s+what\s+time|by\s+when|by\s+what\s+time|how\s+early|until\s+when|till\s+when)\b/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** The question's verb side: a close asked is not an open said. */
function sideOf(verb: string): 'close' | 'open' {
  return /^(?:clos|shut|end|schließ|schliess|endet|ferme|cierra|chiude|sluit)/i.test(verb) ? 'close' : 'open';
}

/** The time the page gives for the event a relative time counts from, and its line. */
function eventTime(event: string, lines: readonly string[]): { minutes: number; line: string } | null {
  const root = EVENT_ROOTS.find(([word]) => word.test(event));
  if (!root) return null;
  const found = new Set<string>();
  let first: { minutes: number; line: string } | null = null;
  for (const line of lines) {
    if (RELATIVE.test(line)) continue;
    const label = root[1].exec(line);
    if (!label) continue;
    const clock = new RegExp(VALUE.clock.source, 'i').exec(line.slice(label.index));
    if (!clock) continue;
    const m = /(\d{1,2})[:.h](\d{2})/.exec(clock[0]);
    if (!m) continue;
    found.add(clock[0]);
    first ??= { minutes: Number(m[1]) * 60 + Number(m[2]), line: line.trim() };
  }
  // Two different times for the event (two flights on one page): which one cannot be told.
  return found.size === 1 ? first : null;
}

/**
 * The asked thing's time from a line that counts it from another event of its page, counted to a
 * clock time when the page gives the event's; null when no line says the asked thing so.
 */
export function relativeTime<T>(question: string, asked: AskedValue, sources: readonly RelativeSource<T>[]): RelativeTime<T> | null {
  if (!ASKS.test(question)) return null;
  const verb = /\b(clos(?:e|es|ing)|shut|shuts|end|ends|open|opens|start|starts|begin|begins)\b/i.exec(question);
  if (!verb) return null;
  const side = sideOf(verb[1]!);
  const things = asked.terms.filter((t) => t !== stem(verb[1]!) && !/^(?:clos|close|shut|end|open|start|begin|time)$/.test(t));
  if (!things.length) return null;
  const names = question.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean).slice(1).filter((w) => /^\p{Lu}\p{Ll}/u.test(w) && w !== 'I').map((w) => stem(w.replace(/['’]s$/u, '')));
  for (const s of sources) {
    const m = RELATIVE.exec(s.text);
    if (!m || sideOf(m[1]!) !== side) continue;
    // The thing it is said of is named before its verb ("Check-in closes …", "Gate closes …").
    const subject = stemsOf(s.text.slice(0, m.index + m[1]!.length));
    if (!things.some((t) => meets(t, subject) || metByKin(t, subject, asked.kin))) continue;
    // A name the question gives ("the Lufthansa flight") is the page's own.
    const page = stemsOf(s.lines.join('\n'));
    if (!names.every((t) => meets(t, page))) continue;
    const n = Number(m[2]);
    const mins = /^(?:h|std|stunde|heure)/i.test(m[3]!) ? n * 60 : n;
    const sign = /^(?:after|nach|après|después|dopo|na)/i.test(m[4]!) ? 1 : -1;
    const from = eventTime(m[5]!, s.lines);
    const line = s.text.trim().replace(/\s{2,}/g, ' ');
    if (!from) return { time: null, line, from: null, item: s.item };
    const t = (((from.minutes + sign * mins) % 1440) + 1440) % 1440;
    return { time: `${pad(Math.floor(t / 60))}:${pad(t % 60)}`, line, from: from.line, item: s.item };
  }
  return null;
}
