/**
 * A trip written as one row with no labels ("LH 2031  FRA → LIS  07:05  09:45", "Manchester 06:40
 * London Victoria 11:25", "07:05 Frankfurt → 09:45 Lisbon"): booking pages, timetables and boarding
 * passes give the leaving time first and the arriving time second, each beside its own place. "When
 * do we land" is the second time, "when does the coach leave" the first. A place the question names
 * must be the row's end of the asked side ("get into Lisbon" is the arrival at LIS, never the time of
 * leaving it), a vehicle it names must be the page's, and a day it names must be the row's; rows that
 * stay apart after that are all said, each with its route, never one of them as if it were the only.
 */
import { VALUE } from './asked-value.js';
import { askedEvent } from './event-time.js';
import { dayCue, unitDayFit } from './day-cue.js';
import { BACK_HEAD, OUT_HEAD, samePlace, stopLead } from './itinerary-stops.js';

export type JourneySide = 'departure' | 'arrival';

/** A trip's row: its two times in the order written, and the places before and after the turn between them. */
export interface JourneyRow {
  line: string;
  /** [leaving, arriving]. */
  times: [string, string];
  origin: string;
  destination: string;
  /** The line beside it that gives its day ("Sat 12 Dec · Economy"), when the row has none of its own. */
  day: string | null;
  /** The heading it is listed under, when it heads the way out or back ("Ida · vie 18 dic", "Return"). */
  section?: string;
}

/** "Get in(to)", "reach", "touch down": arriving, said of a trip; "set off", "head off": leaving. */
const ARRIVING = /\b(?:get(?:s|ting)?\s+(?:home|back)|get(?:s|ting)?\s+in(?:to)?|reach(?:es|ing)?|touch(?:es)?\s+down|land(?:s|ing)?|arriv\w*|get(?:s|ting)?\s+(?:there|to))\b/i;
const LEAVING = /\b(?:leav(?:e|es|ing)|depart\w*|set(?:s|ting)?\s+off|head(?:s|ing)?\s+off|take(?:s)?\s+off|go(?:es)?\s+out|fl(?:y|ies)\s+out)\b/i;
const ASKS_WHEN = /^\s*(?:and\s+|so\s+)?(?:when(?:'s|’s|\s)|what\s+time\b|at\s+what\s+time\b)/i;
/** Asks how long, or until when: not which end of the trip. */
const ASKS_OTHER = /\b(?:how\s+long|until|till|duration|delay(?:ed)?|late)\b/i;

/** Which end of a trip a "when" question asks, or null when it asks none. */
export function journeySide(question: string): JourneySide | null {
  const q = question.replace(/[’]/g, "'");
  if (!ASKS_WHEN.test(q) || ASKS_OTHER.test(q)) return null;
  const side = askedEvent(q);
  if (side === 'arrival' || side === 'departure') return side;
  if (ARRIVING.test(q)) return 'arrival';
  if (LEAVING.test(q)) return 'departure';
  return null;
}

const CLOCKS = new RegExp(VALUE.clock.source, 'gi');
/** The turn between a trip's two places: an arrow, a plane, or "to". */
const ARROW = /\s*(?:→|->|⟶|➔|➝|›|»|>|✈|\bto\b)\s*/i;
/** A turn drawn as a sign: two places either side of it are a route without a word of trips. */
const DRAWN = /[→⟶➔➝›»>✈]|->/;
/** A flight's number ("LH 2031", "U2 8412", "FR1234"): an airline's two signs, then the digits. */
const FLIGHT_CODE = /\b(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{2,4}\b/;
/** Words of a trip a page names beside its rows. */
const TRIP_WORD = /\b(?:flights?|trains?|coach(?:es)?|bus(?:es)?|ferr(?:y|ies)|tram|journey|trip|outbound|return|inbound|itinerary|departures?|arrivals?|platform|gate|boarding|route|connection|zug|vuelo|vol|treno|trein|voo|fahrt|reise)\b/i;
/** Words of a row that are not its places: classes, seats, durations, day and flight marks. */
const NOT_PLACE = /^(?:dep|arr|departs?|arrives?|direct|nonstop|non-stop|economy|business|first|class|seat|platform|gate|coach|bus|train|flight|\+\d|\d+h(?:\s?\d+m)?|\d+m(?:in)?)$/i;

/** The place words of a stretch of a row: its letters, less marks of class, seat or duration. */
function placeOf(text: string): string {
  return text
    .replace(FLIGHT_CODE, ' ')
    .split(/[\s·|,;()]+/)
    .filter((w) => /\p{L}{2,}/u.test(w) && !NOT_PLACE.test(w) && !VALUE.date.test(w))
    .join(' ')
    .trim();
}

/** The trip a line writes as a row, or null: two times, and a place before the turn and one after it. */
export function journeyRowOf(line: string, around: string): JourneyRow | null {
  const clocks = [...line.matchAll(CLOCKS)];
  if (clocks.length !== 2) return null;
  const arrow = ARROW.exec(line.replace(/(\d)\s*[–—-]\s*(\d)/g, '$1 $2'));
  let origin: string;
  let destination: string;
  if (arrow) {
    // "FRA → LIS 07:05 09:45" or "07:05 Frankfurt → 09:45 Lisbon": the places either side of the turn.
    const cut = line.replace(/(\d)\s*[–—-]\s*(\d)/g, '$1 $2');
    const left = cut.slice(0, arrow.index).replace(CLOCKS, ' ');
    const right = cut.slice(arrow.index + arrow[0].length).replace(CLOCKS, ' ');
    origin = placeOf(left.split(/\s{2,}|·|\|/).filter((s) => placeOf(s)).pop() ?? '');
    destination = placeOf(right.split(/\s{2,}|·|\|/).find((s) => placeOf(s)) ?? '');
  } else {
    // "Manchester Shudehill 06:40  London Victoria 11:25": each place is written before its time.
    const [a, b] = clocks;
    origin = placeOf(line.slice(0, a!.index));
    destination = placeOf(line.slice(a!.index! + a![0].length, b!.index));
    // Without a turn, the page must say it is a trip (a flight's number, a train, a platform).
    if (!FLIGHT_CODE.test(line) && !TRIP_WORD.test(around)) return null;
  }
  if (!origin || !destination) return null;
  // Two times written as one span ("14:00–17:30 Room A to Room B") are a range of one event unless the page says it is a trip.
  if (!arrow && !TRIP_WORD.test(around)) return null;
  if (arrow && !DRAWN.test(arrow[0]) && !FLIGHT_CODE.test(line) && !TRIP_WORD.test(around)) return null;
  return { line: line.replace(/\s{2,}/g, '  ').trim(), times: [clocks[0]![0], clocks[1]![0]], origin, destination, day: null };
}

const CALENDAR_WORD = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$|^(?:january|february|march|april|may|june|july|august|september|october|november|december|today|tomorrow|tonight)$/i;
/** Capitalised words past the question's first: the places it names ("Lisbon", "Victoria"). */
function namedPlaces(question: string): string[] {
  return question.split(/[^\p{L}'’-]+/u).filter(Boolean).slice(1).filter((w) => /^\p{Lu}/u.test(w) && !CALENDAR_WORD.test(w) && !/^I(?:'|’|$)/.test(w));
}

const VEHICLES: [RegExp, RegExp][] = [
  [/\b(?:plane|flight|fly|flies|land|lands|landing|take\s+off)\b/i, /\bflights?\b|\bairlines?\b|\bairways\b|\bboarding\b|\bgate\b|✈/i],
  // Stations and platforms in the languages our pages come in say a train too ("Gleis 8", "Hbf", "Voie B", "binario 4", "andén 3").
  [/\btrains?\b/i, /\btrains?\b|\brail\b|\bplatform\b|\bzug\b|\btreno\b|\btrein\b|\btren\b|\bICE\b|\bTGV\b|\bintercity\b|\bsprinter\b|\bexpress\b|\bgleis\b|\bhbf\b|\bbahnhof\b|\bvoie\b|\bgare\b|\bbinario\b|\bstazione\b|\bandén\b|\bestación\b|\bspoor\b/i],
  // A coach line's name often ends in its kind ("Megabus", "Flixbus").
  [/\b(?:coach|bus)(?:es)?\b/i, /\bcoach(?:es)?\b|bus(?:es)?\b|\bstand\b/i],
  [/\bferr(?:y|ies)\b/i, /\bferr(?:y|ies)\b|\bsailings?\b|\bports?\b/i],
];

/** Whether the page is of the vehicle the question names, when it names one. */
function sameVehicle(question: string, page: string, rows: readonly JourneyRow[]): boolean {
  for (const [asked, said] of VEHICLES) {
    if (!asked.test(question)) continue;
    const flight = asked.source.includes('plane') && rows.some((r) => FLIGHT_CODE.test(r.line));
    if (!said.test(page) && !flight) return false;
  }
  return true;
}

/** The way back asked, and as pages mark it (Return, Inbound, Rückflug, Retour, Vuelta, Ritorno, Terugreis, Volta). */
const BACK_ASKED = /\b(?:back|return(?:ing)?|homeward|inbound)\b/i;
const BACK_SAID = /\b(?:return|inbound|back|rückflug|rückfahrt|rückreise|retour|vuelta|regreso|ritorno|terugreis|terugvlucht|volta|regresso)\b/i;

export interface JourneySource<T> {
  text: string;
  title: string;
  item: T;
  /** Its search rank: the best ranked page answers first. */
  rank?: number;
}

export interface JourneyLead<T> {
  /** The asked end's time, or the times of every row left ("09:45 (FRA → LIS); 18:20 (LIS → FRA)"). */
  text: string;
  /** The one time, when one row answers. */
  time: string | null;
  item: T;
  /** False when the asked way back is not on the page that lists the way out. */
  found?: boolean;
  /** Read from a list of stops (itinerary-stops), not from a row. */
  stops?: boolean;
}

/**
 * The asked end's time of the trip rows on the found screens: the one row's time when the question's
 * place, vehicle and day leave one; every row's, each with its route, when they leave several; null
 * when the question asks no end of a trip, or no row fits it.
 */
export function journeyLead<T>(question: string, sources: readonly JourneySource<T>[]): JourneyLead<T> | null {
  const side = journeySide(question);
  if (!side) return null;
  const cue = dayCue(question);
  const places = namedPlaces(question);
  const found: { row: JourneyRow; item: T }[] = [];
  for (const s of sources) {
    const lines = s.text.split('\n').map((l) => l.trim()).filter(Boolean);
    const page = `${s.title}\n${s.text}`;
    const rows: { row: JourneyRow; item: T }[] = [];
    lines.forEach((line, i) => {
      const row = journeyRowOf(line, `${s.title}\n${lines.slice(Math.max(0, i - 2), i + 3).join('\n')}`);
      if (!row) return;
      // Not the heading of the next way under it ("Vuelta · dom 27 dic" below the way out's row): that day is the next row's.
      const heads = (l: string) => OUT_HEAD.test(l) || BACK_HEAD.test(l);
      if (!VALUE.date.test(line)) row.day = [lines[i + 1], lines[i - 1]].find((l, k) => l && VALUE.date.test(l) && !journeyRowOf(l, page) && !(k === 0 && heads(l))) ?? null;
      // The nearest heading above of the way out or back says which way the row goes ("Vuelta · dom 27 dic").
      const head = lines.slice(0, i).reverse().find(heads);
      if (head) row.section = head;
      rows.push({ row, item: s.item });
    });
    if (rows.length && sameVehicle(question, page, rows.map((r) => r.row))) found.push(...rows);
  }
  // A place named is the asked end's: "get into Lisbon" is no row that leaves Lisbon, nor one that never goes there.
  const end = (r: JourneyRow) => (side === 'arrival' ? r.destination : r.origin);
  let fit = places.length ? found.filter((f) => places.some((p) => samePlace(p, end(f.row)))) : found;
  if (cue) {
    const day = (r: JourneyRow) => unitDayFit(cue, { label: null, text: r.line, ...(r.day ? { heading: r.day } : {}) });
    const on = fit.filter((f) => day(f.row) === 1);
    // A row on another day is another trip; one that says no day may be the asked one.
    fit = on.length ? on : fit.filter((f) => day(f.row) === 0);
  }
  // "Our flight back", "the return train": the row the page marks as the way back, else the later of a page's rows.
  if (BACK_ASKED.test(question) && fit.length > 1) {
    const marked = fit.filter((f) => BACK_SAID.test(`${f.row.line} ${f.row.day ?? ''}`) || BACK_HEAD.test(f.row.section ?? ''));
    fit = marked.length ? marked : [fit[fit.length - 1]!];
  }
  if (!fit.length) return stopsLead(question, side, places, sources);
  const at = side === 'arrival' ? 1 : 0;
  const rows = [...new Map(fit.map((f) => [`${f.row.times[at]}\u0000${f.row.origin}\u0000${f.row.destination}`, f])).values()];
  // The heading of its way (out or back) and its day, each once.
  const said = (r: JourneyRow) => {
    const notes = [...new Set([r.section, r.day].filter((x): x is string => !!x))];
    return `${r.times[at]} — ${r.line}${notes.length ? ` (${notes.join('; ')})` : ''}`;
  };
  if (rows.length === 1) {
    const r = rows[0]!.row;
    return { text: `${side === 'arrival' ? 'Arrives' : 'Leaves'} ${said(r)}`, time: r.times[at], item: rows[0]!.item };
  }
  return { text: `${side === 'arrival' ? 'Arrivals' : 'Departures'}: ${rows.slice(0, 3).map((f) => said(f.row)).join('; ')}`, time: null, item: rows[0]!.item };
}

/**
 * The asked end's time of a journey a found page lists stop by stop (itinerary-stops): the best
 * ranked page's that answers; a page that lists only the way out says the way back is missing, unless
 * another passage of the same window heads one.
 */
function stopsLead<T>(question: string, side: JourneySide, places: string[], sources: readonly JourneySource<T>[]): JourneyLead<T> | null {
  let missing: JourneyLead<T> | null = null;
  const ranked = [...sources].sort((a, b) => (b.rank ?? 0) - (a.rank ?? 0));
  for (const s of ranked) {
    const page = `${s.title}\n${s.text}`;
    if (!sameVehicle(question, page, [])) continue;
    const lead = stopLead(question, side, places, page, s.text.split('\n'), VEHICLES.some(([asked]) => asked.test(question)));
    if (!lead) continue;
    if (lead.found) return { text: lead.text, time: lead.time, item: s.item, stops: true };
    const backElsewhere = sources.some((o) => o.title === s.title && o !== s && o.text.split('\n').some((l) => BACK_HEAD_LINE.test(l.trim())));
    if (!backElsewhere) missing ??= { text: lead.text, time: null, item: s.item, found: false, stops: true };
  }
  return missing;
}

/** A line that heads the way back ("Return", "Retour", "Rückfahrt"). */
const BACK_HEAD_LINE = new RegExp(`^${BACK_SAID.source}`, 'i');
