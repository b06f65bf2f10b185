/**
 * When a thing happens, asked by the event in everyday words ("when is my tent supposed to arrive",
 * "what time does the plane take off", "when can we get in", "from when is the flat free"): the
 * screen gives the date or the time under its own label for that event (Estimated delivery, ETA,
 * Departs, Doors, Available from, Viewing, Zustellung, Abfahrt, Einlass, Beschikbaar vanaf …), often
 * with no word of the question beside it. Only a value under a label of the asked event is taken: the
 * order's "Placed" or "Dispatched" date on the same tracking page answers no "when will it arrive".
 * The page must name the asked thing (by its word, a related one, its title's kind, or a word OCR
 * misread by one letter); a name the question gives must be on it. Nothing is said otherwise.
 */
import { wordKin } from '../runtime/index.js';
import type { PassageMatch } from '../../shared/index.js';
import { meets, metByKin, stem, stemsOf, VALUE, type AskedValue } from './asked-value.js';
import type { NumberedMemory } from './retrieval-types.js';

/** The kinds of event a "when" question may ask by its everyday words. */
export type EventSide = 'arrival' | 'departure' | 'entry' | 'availability' | 'viewing';

interface EventWords {
  /** How a question says it (English, as questions are asked here). */
  asked: RegExp;
  /** How a screen labels its date or time, in the languages our pages come in. */
  label: string;
}

/**
 * Each event's words, in a question and on a screen. These are the languages' own words for the
 * event (a delivery is an arrival, "doors" the way in), not any one page's.
 */
const EVENTS: Record<EventSide, EventWords> = {
  arrival: {
    asked: /\b(?:arriv\w*|turn(?:s|ing|ed)?\s+up|show(?:s|ing|ed)?\s+up|get(?:s|ting)?\s+(?:here|there|delivered)|be(?:ing)?\s+delivered|deliver(?:ed|y)?|com(?:e|es|ing)\s+(?:round|over|by|out)|land(?:s|ing)?)\b|\bcom(?:e|es|ing)\s*\??\s*$/i,
    // A visit's booked slot is when they come: "Arrival window", "Engineer visit", "Créneau", "Zeitfenster", "Franja horaria".
    label: String.raw`(?:estimated|expected|scheduled|planned|your)?\s*(?:delivery|arrival)(?:\s+(?:date|day|slot|window|time|due))?|(?:time\s+|booking\s+|booked\s+|appointment\s+|visit\s+)?(?:slot|window)|(?:engineer|technician|installer|installation|fitter|home)\s+(?:visit|appointment)|appointment|créneau(?:\s+horaire)?|zeitfenster|termin|franja(?:\s+horaria)?|fascia\s+oraria|tijdvak|tijdslot|afspraak|delivering|arriving|arrives?|eta|expected(?:\s+on)?|(?:voraussichtliche\s+)?(?:zustellung|lieferung|ankunft)|liefertermin|lieferdatum|(?:livraison|arrivée)(?:\s+prévue)?|(?:entrega|llegada)(?:\s+(?:prevista|estimada))?|consegna(?:\s+prevista)?|arrivo|chegada|(?:verwachte\s+)?(?:bezorging|levering|aankomst)|bezorgmoment`,
  },
  departure: {
    asked: /\b(?:tak(?:e|es|ing)\s+off|depart\w*|leav(?:e|es|ing)|set(?:s|ting)?\s+off|fl(?:y|ies|ying)\s+out)\b/i,
    label: String.raw`departs?|departure(?:\s+time)?|dep\.?|leaves|take-?off|abfahrt|abflug|départ|salida|partenza|partida|vertrek`,
  },
  entry: {
    asked: /\b(?:get(?:ting)?|let|go|be)\s+(?:in|into|inside)\b|\badmi(?:t|tted|ssion)\b|\bdoors?\b|\bentry\b/i,
    label: String.raw`doors(?:\s+open)?|entry|admission|einlass|ouverture\s+des\s+portes|entrée|apertura(?:\s+de\s+puertas|\s+porte)?|ingresso|inloop|deuren\s+open`,
  },
  availability: {
    asked: /\b(?:free|available|vacant|mov(?:e|ing)\s+in(?:to)?)\b/i,
    label: String.raw`(?:available|availability|vacant|free|ready|move-?in(?:\s+date)?)(?:\s+(?:from|as\s+of|on))?|(?:frei|verfügbar|bezugsfrei)(?:\s+ab)?|disponible(?:\s+(?:à\s+partir\s+du|dès\s+le|a\s+partir\s+del))?|libre|disponibile(?:\s+dal)?|disponível(?:\s+a\s+partir\s+de)?|(?:beschikbaar|vrij)(?:\s+(?:vanaf|per))?`,
  },
  viewing: {
    asked: /\b(?:see|seeing|view|viewing|look\s+(?:at|round|around))\s+(?:the|a|that|this|our|my)\s+(?:flat|apartment|house|home|room|place|property|studio)\b/i,
    label: String.raw`viewing(?:\s+(?:booked|on|at|time|date))?|visit|besichtigung|visite|visita|bezichtiging`,
  },
};

/** Asks when: "when is …", "what time does …", "from when …", "how soon …". */
const ASKS_WHEN = /^\s*(?:and\s+|so\s+)?(?:(?:from|since)\s+when|when(?:'s|\s)|what\s+(?:time|day|date)\b|how\s+soon\b)/i;
/** Asks when it ends, or by when something must be done: another fact than when the event happens. */
const ASKS_OTHER = /\b(?:until|till|by when|deadline|finish|end|ends|over)\b|^\s*by\s+when/i;

/** What carries people: when it "gets in", it arrives. */
const VEHICLE = /\b(?:train|bus|coach|tram|plane|flight|ferry|boat|ship|taxi|cab|shuttle)s?\b/i;

/** The event a "when" question asks of, or null. */
export function askedEvent(question: string): EventSide | null {
  const q = question.replace(/[’]/g, "'");
  if (!ASKS_WHEN.test(q) || ASKS_OTHER.test(q)) return null;
  for (const side of Object.keys(EVENTS) as EventSide[]) {
    if (!EVENTS[side].asked.test(q)) continue;
    // A train or a flight that "gets in" arrives: no one enters it at a door.
    return side === 'entry' && VEHICLE.test(q) ? 'arrival' : side;
  }
  return null;
}

/** Words that label the date of another step of an order or a booking than the one asked: when it was placed, sent, paid. */
const OTHER_STEP = /\b(?:order(?:ed)?\s+(?:placed|on|date)|placed|ordered|dispatched|shipped|sent|posted|collected|booked|created|issued|invoiced|paid|listed|published|updated|bestellt|versandt|verschickt|commandé|expédié|enviado|pedido|spedito|ordinato|verzonden|besteld)\b/i;

/**
 * Whether a line dates another step than the asked event: "Order placed Wed 2 Dec" or "Dispatched
 * 3 December" for "when will it arrive". Such a date is at most a guess, never the answer.
 */
export function datesOtherStep(question: string, text: string): boolean {
  const side = askedEvent(question);
  if (!side || !OTHER_STEP.test(text)) return false;
  return !new RegExp(String.raw`(?:^|[^\p{L}])(?:${EVENTS[side].label})(?![\p{L}])`, 'iu').test(text);
}

/**
 * Whether a line states the event's value and no other of its kind: a row of departure and arrival
 * says two times, while a trip's weekday beside its hour ("jueves, salida a las 8h") is its day.
 */
export function saysOnly(text: string, value: string): boolean {
  if (!text.includes(value)) return false;
  const rest = text.replace(value, ' ');
  const clock = VALUE.clock.test(value);
  const date = VALUE.date.test(value);
  return ![...rest.matchAll(MOMENTS)].some((m) => (clock && VALUE.clock.test(m[0])) || (date && VALUE.date.test(m[0])));
}

/** A screen text that may say when: one passage, with its screen's words and window title. */
export interface EventSource<T> {
  text: string;
  /** The window's title: what kind of page it is ("… groceries", "Track parcel …"). */
  title: string;
  /** All that was read of its screen: the asked thing may be named apart from the date. */
  page: string;
  rank: number;
  item: T;
}

export interface EventTime<T> {
  /** The date and time as the screen writes them ("Tuesday 8 December", "Friday 11 Dec, between 18:20 and 18:40"). */
  value: string;
  /** The screen's label for the event ("Estimated delivery"). */
  label: string;
  /** The line it was read in. */
  line: string;
  /** The day a line just above gives a time alone ("Moving day: Saturday 19 December" over "Arrival window 08:00–09:00"). */
  day?: string;
  item: T;
}

const DATE = VALUE.date.source;
const CLOCK = VALUE.clock.source;
const MOMENTS = new RegExp(`${CLOCK}|${DATE}`, 'giu');
/** A run of values that say one moment or one window: a weekday, a date, its year, a time or a range of times. */
const JOIN = String.raw`(?:\s*[,·]?\s*(?:[-–—]\s*|(?:on|at|from|between|and|to|until|till|-|–|—|um|ab|à|de|a|om|tot|tra|e|entre|zwischen|und|bis|et|y|en|dalle|alle|le|el|der|den)\s+)?)`;
const TOKEN = new RegExp(String.raw`^${JOIN}(?:(${CLOCK})|(${DATE})|(\b(?:19|20)\d{2}\b))`, 'iu');
// Portuguese writes its weekdays with a hyphen ("sexta-feira"): still a weekday alone, before its date.
const WEEKDAY_ONLY = /^[\p{L}]+(?:-[\p{L}]+)?\.?,?$/u;

/** Words that say a limit or another moment, not a column between a label and its value ("Free cancellation until 3 Dec"). */
const NOT_GAP = /^(?:until|till|by|before|after|since|bis|jusqu|hasta|fino|tot|uiterlijk|vor|nach)$/i;

/** The date and time said at the start of a text, after at most two words of another column ("ESTIMATED DELIVERY Journey Tuesday …"), or null. */
function valueAt(text: string): string | null {
  const rest = text.replace(/^\s*[:\-–·]?\s*/, '');
  const words = /^((?:[\p{L}][\p{L}'’.]*\s+){0,2})/u.exec(rest)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
  let at = 0;
  for (let k = 0; k <= words.length; k++) {
    if (k > 0) {
      if (NOT_GAP.test(words[k - 1]!)) return null;
      at = rest.indexOf(words[k - 1]!, at) + words[k - 1]!.length;
    }
    const run = runAt(rest.slice(at));
    if (run) return run;
  }
  return null;
}

/** The run of date and time tokens at the start of a text: one day (a weekday with its date), a year, times joined as a range. */
function runAt(text: string): string | null {
  let at = 0;
  let dates = 0;
  let weekday = false;
  let clocks = 0;
  let end = 0;
  for (;;) {
    const m = TOKEN.exec(text.slice(at));
    if (!m) break;
    const [clock, date, year] = [m[1], m[2], m[3]];
    if (date) {
      const onlyWeekday = WEEKDAY_ONLY.test(date.trim()) && !/\d/.test(date);
      // One day: "Tuesday 8 December" is one; a second date is another column's ("5 Dec, 06:41").
      if (clocks || (dates && !(weekday && !onlyWeekday && dates === 1))) break;
      if (onlyWeekday) weekday = true;
      dates++;
    } else if (year) {
      if (!dates || clocks) break;
    } else if (clock) {
      // Times make a range only when joined as one ("18:20 and 18:40", "14:00 – 14:30").
      if (clocks >= 2 || (clocks === 1 && !/\b(?:and|to|until|till|und|bis|et|y|e|en|tot|alle)\b|[-–—]/i.test(m[0].slice(0, m[0].length - clock.length)))) break;
      clocks++;
    }
    at += m[0].length;
    end = at;
  }
  return end ? text.slice(0, end).trim().replace(/^[:\-–·,\s]+/, '') : null;
}

/**
 * The day of a time said alone: the one date of the few lines above it, when no step of another
 * kind is dated there ("Moving day: Saturday 19 December" over "Arrival window 08:00–09:00", not
 * "Dispatched 3 Dec"); null when none, or two.
 */
function dayAbove(lines: readonly string[], at: number): string | null {
  const days = lines.slice(Math.max(0, at - 4), at).filter((l) => VALUE.date.test(l) && !OTHER_STEP.test(l)).map((l) => {
    const m = new RegExp(DATE, 'iu').exec(l)!;
    return runAt(l.slice(m.index)) ?? m[0];
  });
  return new Set(days).size === 1 ? days[0]! : null;
}

/** Question words that say what kind of answer, or who, not what thing: not looked for on the page. */
const NOT_THING = new Set(['time', 'day', 'date', 'someone', 'somebody', 'anyone', 'anybody', 'exactly', 'supposed', 'expected', 'meant'].map(stem));

/** A word OCR misread by one letter: the same length, one letter other, and no word WordNet knows ("fent" for "tent"). */
function misread(term: string, words: readonly string[]): boolean {
  if (term.length < 4) return false;
  return words.some((w) => {
    if (w.length !== term.length || w === term) return false;
    let diff = 0;
    for (let i = 0; i < w.length; i++) if (w[i] !== term[i]) diff++;
    return diff === 1 && wordKin(w).size === 0;
  });
}

/** The window title's words of which the asked word is a kind or a kin ("groceries" for "shopping"). */
function titleKin(term: string, title: string): boolean {
  for (const w of title.toLowerCase().split(/[^\p{L}]+/u)) {
    if (w.length < 4) continue;
    const kin = wordKin(w);
    for (const k of kin) if (meets(term, new Set([stem(k)]))) return true;
  }
  return false;
}

/** Capitalised words of the question past its first: names it gives ("the Kanaalstraat apartment", "Ruth"). */
function namesGiven(question: string): string[] {
  return question.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean).slice(1)
    .filter((w) => /^\p{Lu}\p{Ll}/u.test(w) && !VALUE.date.test(w) && !/^(?:I|I'm|I've)$/.test(w))
    .map((w) => stem(w.replace(/['’]s$/u, '')));
}

/** Whether a page names the asked thing: every name the question gives, and one of its other nouns. */
function namesThing(question: string, asked: AskedValue, eventStems: Set<string>, source: EventSource<unknown>, page: string): boolean {
  const text = `${page}\n${source.title}`;
  const stems = stemsOf(text);
  const words = [...stemsOf(text.toLowerCase())];
  // A day or a month the question gives says when, not which thing ("on Saturday").
  const things = asked.terms.filter((t) => !NOT_THING.has(t) && !eventStems.has(t) && !VALUE.date.test(t));
  if (!things.length) return false;
  const met = (t: string) => meets(t, stems) || metByKin(t, stems, asked.kin) || titleKin(t, source.title) || misread(t, words);
  const named = namesGiven(question).filter((t) => things.includes(t));
  if (!named.every(met)) return false;
  // "Our train to Salzburg": a booking that does not say the train may be a coach or a flight there.
  if (!things.filter((t) => VEHICLE.test(t)).every(met)) return false;
  // A noun the question's grammar read as a verb ("my food shopping") names the thing as well.
  return things.some(met);
}

/**
 * The date or time a page gives under its label for the asked event, on the best ranked page that
 * names the asked thing; null when the question asks no such event, when no page that names the
 * thing labels its date, or when that page labels two different ones.
 */
export function eventTime<T>(question: string, asked: AskedValue, sources: readonly EventSource<T>[]): EventTime<T> | null {
  const side = askedEvent(question);
  if (!side) return null;
  const pages = new Map<string, string>();
  for (const s of sources) pages.set(s.title, `${pages.get(s.title) ?? ''}\n${s.page}`);
  // The event's own words, not the thing they are said of ("see the flat": the flat is the thing).
  const eventStems = new Set([...stemsOf((question.match(EVENTS[side].asked)?.[0] ?? '').replace(/\s+(?:the|a|that|this|our|my)\s+\S+$/i, ''))]);
  const label = new RegExp(String.raw`(?:^|[\s·•|,;(])(${EVENTS[side].label})(?![\p{L}])`, 'giu');
  const found: (EventTime<T> & { rank: number })[] = [];
  for (const source of sources) {
    const lines = source.text.split('\n').map((l) => l.trim()).filter(Boolean);
    lines.forEach((line, i) => {
      for (const m of line.matchAll(label)) {
        const name = m[1]!.trim();
        if (!name) continue;
        const after = line.slice(m.index! + m[0].length);
        let value = valueAt(after);
        // The label alone on its line: the value is on the line under it, the hours maybe on the next ("Delivery" / "Friday 11 Dec" / "between 18:20 and 18:40").
        if (!value && !after.trim().replace(/^[:\-–·]\s*/, '') && lines[i + 1]) {
          value = runAt(lines[i + 1]!);
          const more = value && value.length >= lines[i + 1]!.trim().length - 1 && lines[i + 2] ? runAt(lines[i + 2]!) : null;
          if (value && more && VALUE.clock.test(more) && !VALUE.clock.test(value)) value = `${value}, ${more}`;
        }
              // "What time" asks a clock time: a day alone does not answer it.
        if (value && asked.kind === 'clock' && !VALUE.clock.test(value)) continue;
        if (!value || !namesThing(question, asked, eventStems, source, pages.get(source.title) ?? source.page)) continue;
        const day = VALUE.date.test(value) ? null : dayAbove(lines, i);
        found.push({ value, label: name, line: line.replace(/\s{2,}/g, ' '), ...(day ? { day } : {}), item: source.item, rank: source.rank });
      }
    });
  }
  if (!found.length) return null;
  const best = Math.max(...found.map((f) => f.rank));
  const top = found.filter((f) => f.rank === best);
  // Two different dates for the one event on the best page: which one is meant cannot be told.
  if (new Set(top.map((f) => f.value)).size > 1) return null;
  const { rank: _rank, ...pick } = top[0]!;
  return pick;
}

/**
 * Every screen passage of the found memories, each once, ranked by its search score: a delivery slot
 * is a short line that ranks below the longer passages that share the question's words.
 */
export function eventSources(numbered: readonly NumberedMemory[]): EventSource<{ n: number; passage: PassageMatch }>[] {
  const seen = new Set<string>();
  const all: { p: PassageMatch; m: NumberedMemory }[] = [];
  for (const m of numbered) {
    for (const p of m.passages ?? []) {
      const k = `${p.frame_id ?? ''}\u0000${p.text}`;
      if (p.kind === 'code' || seen.has(k)) continue;
      seen.add(k);
      all.push({ p, m });
    }
  }
  const best = Math.max(0, ...all.map((x) => x.p.score));
  return all.map(({ p, m }) => ({ text: p.text, title: p.window_title ?? '', page: `${p.text}\n${m.memory.title}`, rank: best > 0 ? p.score / best : 0, item: { n: m.n, passage: p } }));
}
