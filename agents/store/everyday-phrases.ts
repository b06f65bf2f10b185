/**
 * The everyday words people ask with, and the words screens label the same thing with: "when's my
 * one-on-one" is "1:1" in a calendar, "when does the plane take off" is "Departure" on a booking,
 * "the monthly rent" is "€ 1,475 per month", "who do I ring" is "Phone". Used inside a screen the
 * search already found, to tell which of its lines answers (screen-rank.ts); memories still rank
 * against each other by the question's own words. A few common phrasings, not a thesaurus.
 */

interface Phrasing {
  /** How a question says it (whole words, lower case). */
  asked: readonly string[];
  /** How screens write it: each an FTS phrase of its own. */
  shown: readonly string[];
}

const PHRASINGS: readonly Phrasing[] = [
  // Calendars.
  { asked: ['one-on-one', 'one on one', '1:1', '1-on-1', '1 on 1'], shown: ['1:1', 'one-on-one', '1-on-1'] },
  { asked: ['stand-up', 'standup', 'stand up'], shown: ['stand-up', 'standup', 'daily scrum'] },
  { asked: ['catch-up', 'catch up', 'catchup', 'sync'], shown: ['catch-up', 'catchup', 'sync'] },
  { asked: ['out of office', 'ooo', 'on leave', 'holiday', 'holidays', 'vacation', 'time off', 'days off', 'pto'], shown: ['out of office', 'ooo', 'leave', 'holiday', 'vacation', 'time off', 'pto', 'absence'] },
  { asked: ['wfh', 'working from home', 'work from home'], shown: ['wfh', 'remote', 'working from home', 'home office'] },
  // Travel.
  { asked: ['take off', 'takes off', 'taking off', 'depart', 'departs', 'departure', 'departing'], shown: ['departure', 'departs', 'depart', 'departing', 'dep'] },
  { asked: ['land', 'lands', 'landing', 'touch down', 'touches down', 'get in', 'gets in'], shown: ['arrival', 'arrives', 'arrive', 'arr'] },
  { asked: ['plane', 'airplane', 'aeroplane', 'fly', 'flying'], shown: ['flight'] },
  // Deliveries and visits.
  { asked: ['turn up', 'turns up', 'turning up', 'show up', 'shows up', 'showing up', 'get here', 'gets here', 'be here', 'arrive', 'arrives', 'arriving', 'be delivered', 'delivered'], shown: ['delivery', 'delivered', 'arriving', 'arrives', 'arrival', 'eta', 'expected'] },
  { asked: ['food shopping', 'groceries', 'grocery', 'supermarket'], shown: ['groceries', 'grocery', 'delivery slot'] },
  { asked: ['collect', 'collecting', 'pick up', 'picking up', 'pick-up', 'pickup'], shown: ['pick-up', 'pickup', 'pick up', 'collection', 'collect'] },
  { asked: ['drop off', 'dropping off', 'drop-off', 'hand back', 'bring back', 'give back'], shown: ['drop-off', 'drop off', 'return'] },
  { asked: ['go see', 'going to see', 'go and see', 'look round', 'look around', 'visit', 'tour'], shown: ['viewing', 'visit', 'showing', 'tour'] },
  // Money over time.
  { asked: ['monthly', 'a month', 'per month', 'each month', 'every month'], shown: ['per month', 'a month', 'monthly', 'pcm'] },
  { asked: ['yearly', 'annual', 'annually', 'a year', 'per year', 'each year', 'every year'], shown: ['per year', 'a year', 'yearly', 'annual', 'annually'] },
  { asked: ['weekly', 'a week', 'per week', 'each week', 'every week'], shown: ['per week', 'a week', 'weekly'] },
  { asked: ['hourly', 'an hour', 'per hour', 'each hour'], shown: ['per hour', 'an hour', 'hourly'] },
  { asked: ['money back', 'pay back', 'paid back', 'give back', 'refund', 'refunded', 'reimburse', 'reimbursed'], shown: ['refund', 'refunded', 'credit', 'credited', 'reimbursement', 'reimbursed'] },
  // Availability and deadlines.
  { asked: ['free', 'available', 'vacant', 'move in', 'moving in'], shown: ['available', 'availability', 'vacant', 'move-in', 'move in'] },
  { asked: ['by when', 'deadline', 'due', 'due by', 'due date'], shown: ['due', 'due date', 'deadline', 'target date'] },
  // Places: "where is it happening" is a venue's, an address's or a location's line, in the languages screens are read in.
  { asked: ['where', "where's", 'whereabouts', 'what venue', 'which venue', 'what address', 'which address'], shown: ['venue', 'location', 'address', 'meeting point', 'where', 'ort', 'adresse', 'anschrift', 'lieu', 'indirizzo', 'luogo', 'sede', 'dirección', 'lugar', 'morada', 'endereço', 'locatie', 'adres'] },
  // Contact.
  { asked: ['ring', 'call', 'phone', 'dial'], shown: ['phone', 'tel', 'telephone', 'mobile', 'call'] },
  { asked: ['take with me', 'take along', 'bring along', 'bring with me', 'take with us', 'bring with us'], shown: ['bring'] },
  // Dashboards: speed is a latency, a backlog is a queue's depth.
  { asked: ['slowest', 'how slow', 'how fast', 'how quick', 'how quickly', 'response time', 'latency'], shown: ['latency', 'p99', 'p95', 'response time', 'duration'] },
  { asked: ['stuck', 'waiting', 'queued', 'pending', 'backlog', 'backed up'], shown: ['queue', 'queued', 'backlog', 'pending', 'waiting', 'depth'] },
];

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each phrasing's question matcher: its phrases as whole words ("sync", not "async"; "1:1", not "11:15"). */
const MATCHERS = PHRASINGS.map((p) => ({ re: new RegExp(`(?<![\\p{L}\\p{N}:])(?:${p.asked.map(escape).join('|')})(?![\\p{L}\\p{N}:])`, 'iu'), shown: p.shown }));

/** One everyday phrasing a question holds: how screens write it, and the question's words it stands for. */
export interface EverydayPhrasing {
  /** Screen phrases, each one FTS phrase; a line counts the group once, by its best phrase. */
  shown: string[];
  /** The words of the question's phrase of two or more ("one-on-one": one, on), which alone would find other lines ("on"). */
  words: string[];
}

/**
 * The screen phrases a question's everyday words are written as, one group per thing asked, without
 * the question's own terms.
 */
export function everydayPhrases(question: string, ownTerms: readonly string[] = []): EverydayPhrasing[] {
  const q = question.toLowerCase().replace(/[’]/g, "'");
  const own = new Set(ownTerms.map((t) => t.toLowerCase()));
  const out: EverydayPhrasing[] = [];
  for (const m of MATCHERS) {
    const hit = m.re.exec(q);
    if (!hit) continue;
    const shown = m.shown.filter((s) => !own.has(s));
    const words = hit[0].split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    // A one-word phrasing ("monthly", "ring") is still the question's own word; a phrase's words are not.
    if (shown.length) out.push({ shown, words: words.length > 1 ? words : [] });
  }
  return out;
}
