/**
 * "How many tickets did I buy", "how many people are coming", "how many of us are on the booking": a
 * count of heads or tickets is what a booking or an order says under its own label (Guests: 4,
 * Quantity: 3, Personen 2, Table for 6) or, when it lists each kind of ticket on a line of its own
 * ("2 x Adult", "1 x Child"), their sum. Never a price of the page: a total in money counts nothing.
 */
import { meets, metByKin, stemsOf, type AskedValue } from './asked-value.js';
import type { FoundScreen } from './found-screens.js';

/** What is counted: tickets (or seats, places) or people (guests, passengers, diners). */
type Counted = 'tickets' | 'people';

const ASKS_TICKETS = /\bhow\s+many\s+tickets?\b/i;
/** Seats or places are a booking's only when the question books them ("how many seats did we reserve"), not a plan's ("does Starter include"). */
const ASKS_BOOKED_SEATS = /\bhow\s+many\s+(?:seats?|places|passes|spots)\b.*\b(?:buy|bought|book(?:ed)?|order(?:ed)?|reserv\w*|purchas\w*|get|got)\b/i;
const ASKS_PEOPLE = /\bhow\s+many\s+(?:people|persons?|guests?|of\s+us|passengers?|travell?ers?|diners|attendees|adults|heads)\b|\bhow\s+big\s+is\s+(?:the|our|my)\s+(?:party|group)\b/i;

/** Labels of a count of people, as bookings in several languages print them. */
const HEADS = String.raw`guests?|people|persons?|pers\.|party\s+size|group\s+size|number\s+of\s+(?:guests|people|persons|diners|passengers|travell?ers)|no\.\s+of\s+(?:guests|people|persons)|passengers?|travell?ers?|diners|covers|attendees|g[äa]ste|personen|personnes|couverts|convives|ospiti|persone|coperti|personas|comensales|pessoas|gasten|reizigers|passagiere|voyageurs|passeggeri|pasajeros`;
/** Labels of a count of tickets or items. */
const TICKETS = String.raw`tickets?|seats?|quantity|qty|anzahl|menge|karten|tickets|pl[äa]tze|billets?|places|quantit[ée]|quantit[àa]|biglietti|posti|cantidad|entradas|quantidade|bilhetes|aantal|kaartjes|plaatsen`;
/** Kinds of ticket or guest a booking lists a line each ("2 x Adult", "Children 1"). */
const PERSON_TYPES = String.raw`adults?|child(?:ren)?|kids?|seniors?|students?|concessions?|youths?|infants?|erwachsene[rn]?|kinder|kind|studenten|senioren|adultes?|enfants?|adulti|bambini|ridott[oi]|adultos?|ni[ñn]os?|volwassenen|kinderen`;

/** "Guests: 4", "Anzahl 3", "Personen – 2": a label then its count. */
const LABELLED = (labels: string) => new RegExp(String.raw`(?:^|[\s·|,(])(${labels})\s*[:\-–=]?\s*(\d{1,3})(?![\d.,:]|\s?[-–]\s?\d|\s?(?:[%€$£]|am|pm|h\b|min))`, 'iu');
/** "4 guests", "3 Tickets", "2 Erwachsene": a count then its label. */
const COUNT_FIRST = (labels: string) => new RegExp(String.raw`(?<![\d.,:/€$£-])(\d{1,3})\s+(?:x\s+)?(${labels})(?![\p{L}])`, 'iu');
/** "2 x Adult", "1× Child", "Adult x 2": one line of a ticket type and how many. */
const TIMES_LINE = /(?<![\d.,])(\d{1,2})\s?[x×]\s?([\p{L}][\p{L} '-]*)|([\p{L}][\p{L} '-]*?)\s[x×]\s?(\d{1,2})(?![\d.,])/iu;
/** "Table for 4", "party of 6", "Tisch für 4", "table pour 4", "mesa para 4", "tavolo per 4". */
const TABLE_FOR = /\b(?:table|party|group|tisch|table|mesa|tavolo|tafel)\s+(?:for|of|f[üu]r|pour|para|per|voor)\s+(\d{1,2})\b/iu;
/** A screen about tickets: it says so somewhere. */
const TICKET_SCREEN = /\b(?:tickets?|admission|entry|seats?|billets?|karten|eintritt|biglietti|entradas|bilhetes|kaartjes)\b/iu;
/** A screen about a table booked. */
const TABLE_SCREEN = /\b(?:table|reservation|restaurant|booking|covers|tisch|reservierung|r[ée]servation|prenotazione|tavolo|reserva|mesa|reservering|tafel)\b/iu;
/** Meals name the occasion a table is booked for; a restaurant's screen seldom says "dinner". */
const MEALS = /^(?:dinner|lunch|breakfast|brunch|supper|meal)$/;
/** Words of the question that say the act of booking or coming, not a thing a screen must name. */
const BOOKING_WORDS = /^(?:table|ticket|seat|place|pass|admission|spot|people|person|guest|passeng|travel|traveller|traveler|diner|attende|adult|head|buy|bought|book|order|get|got|come|coming|go|going|reserv|many|us|party|group|have|need|join|invit)/;

export interface BookedCount {
  text: string;
  n: number;
  passage: FoundScreen['passage'];
  found?: boolean;
}

/** What a question counts, when it asks how many tickets or people a booking is for. */
export function countedAsked(question: string): Counted | null {
  return ASKS_TICKETS.test(question) || ASKS_BOOKED_SEATS.test(question) ? 'tickets' : ASKS_PEOPLE.test(question) ? 'people' : null;
}

/** The count a booking's screen says for what is counted, with the lines it was read from, or null. */
export function bookedCountOf(counted: Counted, lines: readonly string[]): { count: number; said: string } | null {
  // A label the booking prints for the whole count is surest ("Guests: 4", "Quantity: 3").
  const labels = counted === 'people' ? HEADS : `${TICKETS}|${HEADS}`;
  const labelled = LABELLED(labels);
  for (const re of [labelled, COUNT_FIRST(labels)]) {
    for (const line of lines) {
      const m = re.exec(line);
      // A row of a table ("Seats 3 25 unlimited") gives a figure a column, no one count.
      if (!m || (re === labelled && /^\s+\d/.test(line.slice(m.index + m[0].length)))) continue;
      const n = Number(/\d+/.exec(m[0])![0]);
      if (n > 0) return { count: n, said: tidy(line) };
    }
  }
  for (const line of lines) {
    const m = TABLE_FOR.exec(line);
    if (m) return { count: Number(m[1]), said: tidy(line) };
  }
  // One line a kind of ticket or guest: their sum. For people only kinds of people count ("2 x Masking tape" is no guest).
  const typed = new RegExp(String.raw`^(?:${PERSON_TYPES})\b`, 'iu');
  const typeCount = new RegExp(String.raw`(?:^|\s)(${PERSON_TYPES})\s*[:\-–]?\s*(\d{1,2})(?![\d.,:])`, 'iu');
  const parts: { n: number; line: string }[] = [];
  for (const line of lines) {
    const m = TIMES_LINE.exec(line);
    if (m) {
      const what = (m[2] ?? m[3] ?? '').trim();
      if (counted === 'tickets' || typed.test(what)) parts.push({ n: Number(m[1] ?? m[4]), line });
      continue;
    }
    const t = typeCount.exec(line);
    if (t) parts.push({ n: Number(t[2]), line });
  }
  if (!parts.length) return null;
  const count = parts.reduce((a, p) => a + p.n, 0);
  return { count, said: parts.map((p) => tidy(p.line)).join('; ') };
}

const tidy = (line: string) => line.replace(/\s+/g, ' ').replace(/[.;:,]+$/, '').trim();

/**
 * The count of tickets or people a found booking says, for a question asking how many: read on the
 * best found screens that name the question's other words (the concert, the trip), a meal's table
 * booking for "the dinner". Null when the question asks no such count or no screen says one.
 */
export function bookedCountLead(question: string, asked: AskedValue, found: readonly FoundScreen[]): BookedCount | null {
  if (asked.kind !== 'count') return null;
  const counted = countedAsked(question);
  if (!counted) return null;
  const others = asked.terms.filter((t) => !asked.loose.includes(t) && !BOOKING_WORDS.test(t));
  for (const s of found) {
    const whole = `${s.lines.join('\n')}\n${s.title}\n${s.about}`;
    const stems = stemsOf(whole);
    // Each other word is named by the screen, or is a meal its table booking is for.
    if (!others.every((t) => meets(t, stems) || metByKin(t, stems, asked.kin) || (MEALS.test(t) && TABLE_SCREEN.test(whole)))) continue;
    if (counted === 'tickets' && !TICKET_SCREEN.test(whole)) continue;
    const c = bookedCountOf(counted, s.lines);
    if (!c) continue;
    const word = counted === 'tickets' ? (c.count === 1 ? 'ticket' : 'tickets') : c.count === 1 ? 'person' : 'people';
    return { text: `${c.count} ${word}: ${c.said}`, n: s.n, passage: s.passage };
  }
  return null;
}
