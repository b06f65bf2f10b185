/**
 * When a booking starts, asked by its venue or its occasion ("when's dinner at the trattoria?",
 * "what time do we get into the museum?"): a bookings page or a confirmation names the place in a
 * heading and gives the time under a label that means "when it starts" for that kind of booking
 * (Seating, Table at, Arrival, Entry, Doors, Einlass, Beginn, Ora, Heure, Hora, Aanvang …), often
 * with no word of the question beside it. The time is the one under the heading that names the asked
 * venue: on a page of several bookings, a time belongs to the lines since the time before it, so the
 * museum's entry is never the trattoria's seating. Nothing is said when no such heading names the
 * venue asked (a brasserie the page does not list).
 */
import { meets, metByKin, stem, stemsOf, VALUE, type AskedValue } from './asked-value.js';

/** A line read on a screen, with the screen's title. */
export interface VenueSource<T> {
  text: string;
  /** The window's title: a one-booking page often names its venue only there. */
  context: string;
  item: T;
}

export interface VenueTime<T> {
  /** The time as the screen writes it ("20:15"). */
  time: string;
  /** The line that names the venue, when it is not the line of the time itself. */
  venue: string | null;
  /** The line of the time. */
  line: string;
  /** For "when is …", the booking's line that gives its day ("Date Friday 18 June"), when it has one apart. */
  day: string | null;
  item: T;
}

/** Labels that say when a booking is entered or begun: "doors" and "entry" are the way in, the rest the start. */
const ENTRY_LABEL = String.raw`doors(?: open)?|gates(?: open)?|ouverture des portes|entry|admission|arrival|arrive(?: by)?|check-in|einlass|ankunft|anreise|entrée|ouverture des portes|arrivée|entrada|llegada|apertura(?: de puertas| porte)?|ingresso|arrivo|chegada|inloop|aankomst|deuren open`;
const START_LABEL = String.raw`curtain(?: up)?|performance(?: starts)?|show(?: ?time| starts)?|kick-?off|vorstellungsbeginn|vorstellung|spielbeginn|anpfiff|lever de rideau|représentation|coup d'envoi|début du spectacle|función|inizio spettacolo|seating|table(?: for \d+)? at|reserved for|booked for|reservation at|start(?:s| time)?|begins?|beginn|uhrzeit|tisch um|heure|début|table à|hora|inicio|mesa a las|ora|orario|inizio|tavolo alle|horário|início|tijd|aanvang|tafel om|time`;
const LABELLED = new RegExp(String.raw`(?:^|[\s·•|,;(])(${ENTRY_LABEL}|${START_LABEL})\s*[:\-–]?\s*(?:at\s+|um\s+|à\s+|alle\s+|om\s+|às\s+)?(${VALUE.clock.source})`, 'giu');
const ENTRY = new RegExp(`^(?:${ENTRY_LABEL})$`, 'i');
/** Labels only a show, a match or a concert prints (its doors, its curtain, its kick-off), never a table's or a visit's. */
const SHOW = /^(?:doors|gates|ouverture des portes|curtain|performance|show|kick-?off|vorstellung|spielbeginn|anpfiff|lever de rideau|représentation|coup d'envoi|début du spectacle|función|inizio spettacolo|einlass|beginn|apertura porte|deuren open|aanvang)/i;
/**
 * What a ticket rarely prints, being one: the kind of show ("the play", "the gig", "the match"), and
 * the side words ("the doors"). A question that names nothing else names the one show on the page.
 */
const SHOW_KIND = new Set(['play', 'show', 'concert', 'gig', 'performance', 'match', 'game', 'film', 'movie', 'musical', 'opera', 'ballet', 'recital', 'screening', 'panto', 'pantomime', 'comedy', 'fixture', 'door', 'doors', 'gate', 'gates', 'curtain', 'kick', 'admission', 'entry', 'start', 'begin', 'open'].map(stem));

/** What a question asks of the booking's time: the way in ("get in", "doors", "admitted"), the start ("start", "begin"), or either. */
function askedSide(question: string): 'entry' | 'start' | null {
  if (/\b(?:get|let|go|be)\s+(?:in|into)\b|\bdoors?\b|\bgates?\b|\bentry\b|\badmi(?:t|ssion)|\barriv/i.test(question)) return 'entry';
  if (/\b(?:start|starts|begin|begins|kick off|curtain)\b/i.test(question)) return 'start';
  return null;
}

/** Asks when a booking ends, not when it begins: a start time is no answer to it. */
const ASKS_END = /\b(?:end|ends|ended|finish|finishes|finished|over|done|close|closes|closing|wrap(?:s|ped)?\s+up|until|till|last|lasts)\b/i;

/** Asks when a booking happens: "when is / when's …", "what time is / do we …". */
const ASKS_WHEN = /^\s*(?:and\s+|so\s+)?(?:when(?:'s|\s+is|\s+are|\s+do|\s+does|\s+can|\s+should)|what\s+time)\b/i;

/** Whether a text says one of the question's things, by its word or a related one. */
const names = (asked: AskedValue, terms: readonly string[], text: string) => {
  const stems = stemsOf(text);
  return terms.some((t) => meets(t, stems) || metByKin(t, stems, asked.kin));
};

const CALENDAR_WORD = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$|^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i;
/** The question's terms it writes as names: capitalised past its first word ("Ringsend", "Osteria Nonna"). */
function properTerms(question: string, terms: readonly string[]): string[] {
  const words = question.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean).slice(1);
  // A day or a month is when, not which booking: a page writes it its own way ("Sat", "12/12").
  const named = new Set(words.filter((w) => /^\p{Lu}\p{Ll}/u.test(w) && !CALENDAR_WORD.test(w)).map((w) => stem(w.replace(/['’]s$/u, ''))));
  return terms.filter((t) => named.has(t));
}

/**
 * The labelled start time of the booking whose heading names what the question names, or null when
 * no heading names it, or when the time of the named booking cannot be told from another's.
 */
export function venueTime<T>(question: string, asked: AskedValue, sources: readonly VenueSource<T>[]): VenueTime<T> | null {
  if (!ASKS_WHEN.test(question) || ASKS_END.test(question) || !['clock', 'when'].includes(asked.kind)) return null;
  // The things the question names (not its verbs): the venue or the occasion.
  const terms = asked.terms.filter((t) => !asked.loose.includes(t) && t !== stem('time'));
  const side = askedSide(question);
  const showOnly = terms.every((t) => SHOW_KIND.has(t));
  if (!terms.length && !side) return null;
  // A name the question gives ("the flat in Ringsend", "dinner at Osteria Nonna") is the booking's own:
  // a page whose lines only share a common word with the question ("plan" is kin of "flat") is another's.
  const proper = properTerms(question, terms);
  const found: { time: string; label: string; venue: string | null; line: string; day: string | null; item: T }[] = [];
  for (const source of sources) {
    const lines = source.text.split('\n').map((l) => l.trim()).filter(Boolean);
    const timed = lines.map((l) => [...l.matchAll(LABELLED)].map((m) => ({ label: m[1]!.toLowerCase(), time: m[2]!.trim() })));
    // Timed lines one after another are one booking's ("Einlass 19:00", "Beginn 20:00").
    const booked = timed.filter((t, i) => t.length && !timed[i - 1]?.length).length;
    let since = 0;
    let last: string | null = null;
    let lastOwn: string[] = [];
    lines.forEach((line, i) => {
      if (!timed[i]!.length) return;
      // The lines since the time before this one are its booking's: its heading, its place.
      const adjacent = i > 0 && timed[i - 1]!.length > 0 && since === i;
      const own = adjacent ? [...lastOwn, line] : lines.slice(since, i + 1);
      since = i + 1;
      const heading = own.find((l) => names(asked, terms, l)) ?? (adjacent ? last : null);
      last = heading;
      lastOwn = own;
      // A page of one booking names its venue in the title alone.
      // Or, asked only by its kind ("the play", "the doors"), a page of one show: its labels are a show's.
      const oneShow = booked === 1 && showOnly && timed.some((t) => t.some((x) => SHOW.test(x.label)));
      if (!heading && !(booked === 1 && names(asked, terms, source.context)) && !oneShow) return;
      if (proper.length && !proper.every((t) => names(asked, [t], `${own.join('\n')}\n${source.context}`))) return;
      // Of the times on a line ("Einlass 19:00 · Beginn 20:00"), the one of the asked side, the start by default.
      const times = timed[i]!;
      const pick = times.find((t) => (side === 'entry') === ENTRY.test(t.label)) ?? times[0]!;
      // "When is …" asks the day too: the booking's own line that gives it.
      const day = asked.kind === 'when' && !VALUE.date.test(line) ? (own.find((l) => l !== line && l !== heading && VALUE.date.test(l)) ?? null) : null;
      found.push({ time: pick.time, label: pick.label, venue: heading && heading !== line ? heading : null, line: line.replace(/\s{2,}/g, ' '), day, item: source.item });
    });
  }
  if (!found.length) return null;
  // Several lines of the named booking: one of the asked side, when it is one.
  const sided = found.filter((f) => (side === 'entry') === ENTRY.test(f.label));
  // The doors are not the start: asked when it starts, a page of only its doors says nothing of it.
  if (side === 'start' && !sided.length) return null;
  const pool = sided.length ? sided : found;
  if (new Set(pool.map((f) => f.time)).size > 1) return null;
  const best = pool[0]!;
  return { time: best.time, venue: best.venue, line: best.line, day: best.day, item: best.item };
}
