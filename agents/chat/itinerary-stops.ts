/**
 * A journey written as its stops, one a line ("08:05  London Euston" / "10:12  Crewe" / "10:30  Crewe"
 * / "11:47  Holyhead"; "ab 07:12 Hamburg Hbf" / "an 08:55 Hannover Hbf"; "Départ 09:14 Paris" /
 * "Arrivée 11:16 Lyon"): booking apps and timetables list each leg's two ends in order, and a change
 * writes its station twice, arriving then leaving. "When do I get into Crewe" is the first of
 * Crewe's two times, "when does it leave Crewe" the second, "when do we get in" the last stop's; a
 * stop the journey never makes takes no other stop's time. The way back asked of a page that lists
 * only the way out is said to be missing, never answered with the way out.
 */
import { VALUE } from './asked-value.js';
import { isDayHeading } from './day-cue.js';

export type StopSide = 'departure' | 'arrival';

/** One stop of a journey: its time, its place, and what the page marks of it. */
export interface Stop {
  time: string;
  place: string;
  line: string;
  /** The side the line marks ("an", "arr.", "Arrivée"), or null when unmarked. */
  mark: StopSide | null;
  /** The section it is listed under: the way out, the way back, or none said. */
  section: 'out' | 'back' | null;
  /** The nearest line above that gives its day ("Outbound · Fri 11 Dec"). */
  day: string | null;
  /** Its run of stops: stops of one run are one journey. */
  run: number;
}

/** How a line marks leaving or arriving, in the languages our pages come in: each language's own words, shortened as timetables do. */
const DEP_MARK = /^(?:ab|dep|depart|departs|departure|départ|dép|salida|sale|partenza|parte|part|partida|vertrek|vertr|abfahrt|abflug|leaves?)\.?:?$/i;
const ARR_MARK = /^(?:an|arr|arrive|arrives|arrival|arrivée|llegada|llega|arrivo|arriva|chegada|aankomst|aank|ankunft|lands?)\.?:?$/i;
/** A platform, gate, stand or seat beside a stop: not its place. */
const PLATFORM = /\b(?:platform|plat\.?|gleis|gl\.|voie|vía|via|binario|bin\.|spoor|quai|stand|gate|terminal|track|bay|coach|wagen|voiture|seat|sitz|platz|place)\b\.?\s*(?:\d{1,3}[a-z]?|[a-z]\d{0,3})\b/giu;
/** The way out and the way back, as pages head them. */
export const OUT_HEAD = /^(?:outbound|outward|going\s+out|departing\s+journey|aller|hinfahrt|hinflug|hinreise|ida|andata|heenreis|heenvlucht|heen)\b/i;
export const BACK_HEAD = /^(?:return|inbound|coming\s+back|returning\s+journey|retour|rückfahrt|rückflug|rückreise|vuelta|regreso|ritorno|terugreis|terugvlucht|terug|volta|regresso)\b/i;
/** A route with no times ("Dover → Calais"): the places a card's marked times are of. */
const ROUTE = /^(.+?)\s*(?:→|->|⟶|➔|➝|✈)\s*(.+)$/;
/** A cell of a stop table's row: a time, or a dash where the stop has none (the first stop is not arrived at). */
const CELL = new RegExp(String.raw`(${VALUE.clock.source})|(?<!\S)[—–-](?!\S)`, 'giu');
/** The way back, asked. */
const BACK_ASKED = /\b(?:back|return(?:ing)?|homeward|inbound|on\s+the\s+way\s+home)\b/i;
/** Little words a place's name may hold in lower case ("Gare de Lyon", "Frankfurt am Main", "Stratford-upon-Avon"). */
const PARTICLE = /^(?:de|du|des|la|le|les|am|an|im|der|del|della|di|da|do|dos|sur|upon|on|in|en|y|et|und|and|the|of|st|sankt|bei|ob|sul)$/i;
/** Marks of a row that are no place: a day after ("+1"), a duration, a count of changes. */
const NOT_PLACE = /^(?:\+\d|\d+\s?h(?:\s?\d+\s?m(?:in)?)?|\d+\s?min\.?|direct|nonstop|change|changes|umstieg|correspondance|transbordo|cambio)$/i;

/** The place a stop line names, once its time, its mark and its platform are taken out; null when it names none. */
function placeOf(rest: string): string | null {
  const words = rest
    .replace(PLATFORM, ' ')
    .split(/[\s·|,;()[\]]+/)
    .filter((w) => w && !NOT_PLACE.test(w) && !/^[-–—:]+$/.test(w));
  if (!words.length || words.length > 6) return null;
  // A place is a name: it opens with a capital and holds no run of lower-case words ("Team standup" is no stop).
  if (!/^\p{Lu}/u.test(words[0]!) && !/^\p{Lu}{3}$/u.test(words[0]!)) return null;
  if (words.filter((w) => /^\p{Ll}/u.test(w) && !PARTICLE.test(w)).length) return null;
  if (words.some((w) => /\d/.test(w) && !/^\(?\p{Lu}{3}\)?$/u.test(w))) return null;
  return words.join(' ');
}

/** A line read as one stop: one time and a place, with a mark of its side or not; null otherwise. */
export function stopOf(line: string, route: readonly [string, string] | null = null): Omit<Stop, 'section' | 'day' | 'run'> | null {
  const clocks = [...line.matchAll(new RegExp(VALUE.clock.source, 'gi'))];
  if (clocks.length !== 1 || VALUE.date.test(line)) return null;
  const c = clocks[0]!;
  const before = line.slice(0, c.index).trim().split(/\s+/).filter(Boolean);
  const after = line.slice(c.index! + c[0].length).trim().split(/\s+/).filter(Boolean);
  // The mark sits next to the time, or opens the line ("ab 07:12 Hamburg", "07:12 dep Hamburg", "Arrivée 11:16 Lyon").
  let mark: StopSide | null = null;
  const take = (words: string[], at: number) => {
    const w = words[at];
    if (!w) return;
    const side = DEP_MARK.test(w) ? 'departure' : ARR_MARK.test(w) ? 'arrival' : null;
    if (side && !mark) {
      mark = side;
      words.splice(at, 1);
    }
  };
  take(before, 0);
  take(before, before.length - 1);
  take(after, 0);
  // A card's "Departs 10:25" under its route ("Dover → Calais"): the route's end of that side.
  const place = mark && route ? (mark === 'departure' ? route[0] : route[1]) : placeOf([...before, ...after].join(' '));
  if (!place) return null;
  return { time: c[0], place, line: line.replace(/\s{2,}/g, '  ').trim(), mark };
}

/** The lines of a page read as its stops, each with its section, its day and its run. */
export function stopsOf(lines: readonly string[]): Stop[] {
  const stops: Stop[] = [];
  let section: Stop['section'] = null;
  let day: string | null = null;
  let run = 0;
  let gap = 0;
  let route: [string, string] | null = null;
  let columns: StopSide[] | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const head = line.replace(/^[^\p{L}]+/u, '');
    if (BACK_HEAD.test(head)) [section, run, day, columns] = ['back', run + 1, null, null];
    else if (OUT_HEAD.test(head)) [section, run, day, columns] = ['out', run + 1, null, null];
    if (VALUE.date.test(line) || isDayHeading(line)) day = line.replace(/\s{2,}/g, ' ');
    const turn = ROUTE.exec(line);
    if (turn && !VALUE.clock.test(line)) {
      const [from, to] = [placeOf(turn[1]!), placeOf(turn[2]!)];
      if (from && to) route = [from, to];
    }
    // A table's header of an arriving and a leaving column ("Station  Arr.  Dep.", "Stazione  Arrivo  Partenza"): its rows give a stop's two times.
    if (!VALUE.clock.test(line)) {
      const sides = line.split(/[\s|·]+/).map((w) => (ARR_MARK.test(w) ? 'arrival' : DEP_MARK.test(w) ? 'departure' : null)).filter((x): x is StopSide => !!x);
      if (sides.length === 2 && sides[0] !== sides[1]) columns = sides;
    }
    const cells = columns ? [...line.matchAll(CELL)] : [];
    const place = cells.length === 2 && cells.some((c) => c[1]) ? placeOf(line.slice(0, cells[0]!.index)) : null;
    if (columns && place) {
      gap = 0;
      cells.forEach((c, k) => {
        if (c[1]) stops.push({ time: c[1], place, line: line.replace(/\s{2,}/g, '  '), mark: columns![k]!, section, day, run });
      });
      continue;
    }
    const stop = stopOf(line, route);
    if (!stop) {
      // Lines between stops (an operator, a change's wait) keep the run; a long stretch of others ends it.
      if (++gap > 3) [run, gap, columns] = [run + 1, 0, null];
      continue;
    }
    gap = 0;
    stops.push({ ...stop, section, day, run });
  }
  return stops;
}

/** Whether a place the question names is a stop's: one of its words, the same or but for one letter ("Rome" for "Roma"), or the code it is written as ("LIS"). */
export function samePlace(name: string, place: string): boolean {
  const n = name.toLowerCase();
  return place.split(/[\s()-]+/).filter(Boolean).some((w) => {
    const p = w.toLowerCase();
    if (p === n || (/^\p{Lu}{3}$/u.test(w) && n.slice(0, 3) === p)) return true;
    // One letter other at the end of a name of four letters or more: the same city in a neighbour language ("Lisboa", "Roma").
    return n.length >= 4 && p.length === n.length && n.slice(0, -1) === p.slice(0, -1);
  });
}

/** A run of stops that is a journey: two stops at least, and a trip by its marks, a change, the page's words, or the vehicle the question names that the page says (`vehicle`). */
function isJourney(run: Stop[], page: string, vehicle: boolean): boolean {
  if (run.length < 2) return false;
  const marked = run.some((s) => s.mark);
  const change = run.some((s, k) => k > 0 && s.place === run[k - 1]!.place);
  return marked || change || vehicle || /\b(?:trains?|flights?|coach(?:es)?|bus(?:es)?|ferr(?:y|ies)|sailings?|journey|itinerary|connection|zug|reise|verbindung|voyage|trajet|viaje|viaggio|reis)\b/i.test(page);
}

export interface StopLead {
  text: string;
  time: string | null;
  /** False when the page lists the way out and the question asks the way back: said to be missing. */
  found: boolean;
}

/** How a stop is said: its time, its place, its day. */
const said = (s: Stop) => `${s.time} at ${s.place}${s.day ? ` (${s.day})` : ''}`;

/**
 * The asked end's time of a journey a page lists stop by stop: arriving at the named place (its
 * first time when it is a change), leaving it (its last), or the journey's last or first stop when
 * no place is named; null when the page lists no journey or the named place is no stop of it.
 * `vehicle`: the question names a vehicle and the page is of it (a "Gleis", a "Hbf" for a train).
 */
export function stopLead(question: string, side: StopSide, places: readonly string[], page: string, lines: readonly string[], vehicle = false): StopLead | null {
  const all = stopsOf(lines);
  const runs = [...new Set(all.map((s) => s.run))].map((r) => all.filter((s) => s.run === r)).filter((r) => isJourney(r, page, vehicle));
  if (!runs.length) return null;
  let journeys = runs;
  if (BACK_ASKED.test(question)) {
    const back = runs.filter((r) => r[0]!.section === 'back');
    // Only the way out is listed: the way back is not on this page.
    if (!back.length && runs.every((r) => r[0]!.section === 'out')) {
      const r = runs[0]!;
      return { text: `I don't know: this screen lists only the way out (${r[0]!.place} ${r[0]!.time} → ${r[r.length - 1]!.place} ${r[r.length - 1]!.time}), not the way back`, time: null, found: false };
    }
    if (back.length) journeys = back;
  }
  const picks: Stop[] = [];
  for (const run of journeys) {
    if (places.length) {
      const at = run.filter((s) => places.some((p) => samePlace(p, s.place)));
      if (!at.length) continue;
      const marked = at.filter((s) => s.mark === side);
      const first = at[0]!;
      const last = at[at.length - 1]!;
      if (marked.length) picks.push(side === 'arrival' ? marked[0]! : marked[marked.length - 1]!);
      // The journey's first stop is only left, its last only reached.
      else if (side === 'arrival' && first !== run[0] && first.mark !== 'departure') picks.push(first);
      else if (side === 'departure' && last !== run[run.length - 1] && last.mark !== 'arrival') picks.push(last);
    } else {
      const ends = run.filter((s) => !s.mark || s.mark === side);
      const s = side === 'arrival' ? ends[ends.length - 1] : ends[0];
      if (s && s !== (side === 'arrival' ? run[0] : run[run.length - 1])) picks.push(s);
    }
  }
  if (!picks.length) return null;
  const verb = side === 'arrival' ? 'Arrives' : 'Leaves';
  // The journey's other end by its place alone: its time is not the asked one, and is not said beside it.
  const route = (s: Stop) => {
    const run = all.filter((x) => x.run === s.run);
    return side === 'arrival' ? `from ${run[0]!.place}` : `to ${run[run.length - 1]!.place}`;
  };
  if (picks.length === 1) return { text: `${verb} ${said(picks[0]!)} — ${route(picks[0]!)}`, time: picks[0]!.time, found: true };
  return { text: `${verb}: ${picks.slice(0, 3).map((s) => `${said(s)} (${route(s)})`).join('; ')}`, time: null, found: true };
}
