/**
 * "How long will it take me to cycle there", "how long is the walk to the station": a route page
 * (a map's directions) gives a time for each way to travel ("Car 14 min", "Bike 21 min", or a chosen
 * mode's heading "By bike" over "23 min · 5.8 km"). The asked way's time is the answer; another way's
 * time never is, and a route that shows only other ways says so rather than offer their times.
 */
import { meets, metByKin, stemsOf, VALUE, type AskedValue } from './asked-value.js';
import type { FoundScreen } from './found-screens.js';

export type Mode = 'bike' | 'walk' | 'car' | 'transit';

/** A question's words for how it travels. */
const ASKED_MODE: [Mode, RegExp][] = [
  ['bike', /\b(?:cycl(?:e|ing)|bik(?:e|ing)|bicycle|by\s+bike|on\s+(?:my|the)\s+bike|ride\s+(?:my|the)\s+bike)\b/i],
  ['walk', /\b(?:walk(?:ing)?|on\s+foot|stroll)\b/i],
  ['car', /\b(?:driv(?:e|ing)|by\s+car|in\s+the\s+car)\b/i],
  ['transit', /\b(?:by\s+(?:train|bus|tram|metro|subway|underground|public\s+transport)|on\s+the\s+(?:train|bus|tram|metro|subway))\b/i],
];

/** A route page's words for a way to travel, in the languages read. */
const SCREEN_MODE: [Mode, RegExp][] = [
  ['bike', /(?<!\p{L})(?:bike|bicycle|cycling|cycle|fahrrad|rad|radweg|vélo|velo|bici|bicicleta|bicicletta|fiets)(?!\p{L})/iu],
  ['walk', /(?<!\p{L})(?:walk|walking|on\s+foot|zu\s+fu(?:ß|ss)|fußweg|à\s+pied|a\s+pie|a\s+piedi|a\s+pé|lopen|te\s+voet)(?!\p{L})/iu],
  ['car', /(?<!\p{L})(?:car|drive|driving|auto|voiture|coche|carro|macchina)(?!\p{L})/iu],
  ['transit', /(?<!\p{L})(?:transit|public\s+transport|train|bus|tram|metro|subway|öpnv|öffis|transports?\s+en\s+commun|transporte\s+público|trasporto\s+pubblico|ov)(?!\p{L})/iu],
];

/** A travel time as a route gives it: "23 min", "1 h 08 min", "1 hr 5 min", "45 Min.". */
const TRAVEL_TIME = /(?<![\p{L}\d])(?:\d{1,2}\s?(?:h|hr|hrs|hours?|Std\.?)\s?(?:\d{1,2}\s?(?:min|mins|minutes|Min\.?))?|\d{1,3}\s?(?:min|mins|minutes|Min\.?))(?!\p{L})/iu;
/** A distance beside it ("5.8 km", "3,2 mi"): a route's summary, not a step's time. */
const DISTANCE = /\b\d+(?:[.,]\d+)?\s?(?:km|mi|miles?|m)\b/i;
/** Words of a route page ("From:", "To:", "Route", "Directions", "via", "Von", "Nach", "Itinéraire", "Ruta"). */
const ROUTE_PAGE = /\b(?:route|directions|from|to|via|von|nach|itinéraire|ruta|percorso|trajeto|rota|routebeschrijving)\b/i;

/** Words a question uses for going somewhere and how long it takes: no destination. */
const TRAVEL_WORDS = /^(?:long|take|tak|get|go|going|cycl|cycle|bike|biking|bik|ride|rid|walk|drive|driv|trip|journey|way|car|train|bus|tram|metro|foot|there|me|us|it|minut|time|need)$/;

export interface RouteDurationLead {
  text: string;
  n: number;
  passage: FoundScreen['passage'];
  /** False: the route found shows the time of other ways to travel only. */
  found?: boolean;
}

const modeOf = (line: string): Mode[] => SCREEN_MODE.filter(([, re]) => re.test(line)).map(([m]) => m);

/** The travel time a route found gives for the asked way to travel, or null when no route was found. */
export function routeDurationLead(question: string, asked: AskedValue, found: readonly FoundScreen[]): RouteDurationLead | null {
  if (asked.kind !== 'duration' && asked.kind !== 'any') return null;
  if (!/\bhow\s+long\b|\bhow\s+many\s+(?:minutes|hours)\b/i.test(question)) return null;
  const mode = ASKED_MODE.find(([, re]) => re.test(question))?.[0];
  if (!mode) return null;
  const place = asked.terms.filter((t) => !TRAVEL_WORDS.test(t) && !asked.loose.includes(t));
  for (const [i, s] of found.entries()) {
    const lines = s.lines;
    // Each travel time with the way it is for: its own line's mode word, else the heading just above it ("By bike").
    const times = lines.flatMap((line, k) => {
      const time = TRAVEL_TIME.exec(line);
      if (!time || VALUE.clock.test(line.replace(TRAVEL_TIME, ''))) return [];
      const own = modeOf(line.replace(time[0], ' '));
      const above = own.length ? own : lines.slice(Math.max(0, k - 2), k).reverse().map((l) => (l.length <= 24 && !TRAVEL_TIME.test(l) ? modeOf(l) : [])).find((m) => m.length) ?? [];
      return [{ line, time: time[0], modes: above, summary: DISTANCE.test(line), k }];
    });
    const withMode = times.filter((t) => t.modes.length === 1);
    if (!withMode.length) continue;
    if (!ROUTE_PAGE.test(`${s.title}\n${lines.join('\n')}`) && !times.some((t) => t.summary)) continue;
    // Where it goes: the question's place words met on the page or its title; else only the best screen found, said with where it goes.
    const stems = stemsOf(`${s.title}\n${s.about}\n${lines.join('\n')}`);
    const named = place.filter((t) => meets(t, stems) || metByKin(t, stems, asked.kin)).length;
    if (place.length && !named && i > 0) continue;
    const mine = withMode.filter((t) => t.modes[0] === mode);
    if (!mine.length) {
      const others = withMode.map((t) => (modeOf(t.line).length ? clean(t.line) : `${heading(lines, t.k)}: ${clean(t.line)}`));
      return { text: `I don't know how long it takes that way: the route shows only ${others.join('; ')}`, n: s.n, passage: s.passage, found: false };
    }
    // The route's summary (a time with its distance) before a step's time.
    const pick = mine.find((t) => t.summary) ?? mine[0]!;
    const to = place.length && !named ? destination(s) : null;
    const by = modeOf(pick.line).length ? '' : ` (${heading(lines, pick.k)})`;
    return { text: `${pick.time}${by}: ${clean(pick.line)}${to ? ` — route to ${to}` : ''}`, n: s.n, passage: s.passage };
  }
  return null;
}

/** The mode's heading a travel time sits under ("By bike"). */
const heading = (lines: readonly string[], k: number) => clean(lines.slice(Math.max(0, k - 2), k).reverse().find((l) => modeOf(l).length) ?? '');

/** Where a route goes, as its page says it ("To: Boulder Hall", "Route to Stadtbad Mitte"). */
function destination(s: FoundScreen): string | null {
  for (const l of [...s.lines, s.title]) {
    const m = /\b(?:to|nach|à|a|naar)\s*:?\s+(\p{Lu}[^—|·\n]{2,40}?)(?:\s+[—|·-]\s+|$)/u.exec(l);
    if (m) return m[1]!.trim();
  }
  return null;
}

const clean = (line: string) => line.replace(/\s+/g, ' ').replace(/[.;:,]+$/, '').trim();
