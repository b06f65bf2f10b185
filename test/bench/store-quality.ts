/**
 * The store bench's quality set (`--quality`): does a large store still find a note when it is
 * asked for in other words? Written apart from the keyword rules it judges (common-terms.ts): notes
 * as people write them, questions that paraphrase them (other words for the thing, the note's own
 * name or place kept, as people ask), and questions about a note that was never written.
 *
 * Planted into the store, from a seed:
 * - needles: a few hundred notes from families of the same shape (a dozen dentist visits, a dozen
 *   flights: near each other in meaning, told apart by a name or a place), embedded by the real
 *   encoder (UseEmbedder), as are the questions;
 * - background notes in everyday English (6% of the store), so that words like "meeting", "order"
 *   or "booking" are as common as in a real store of that size (2-5% of the rows at 1M: the words
 *   the common-terms rules decide about), each embedded as one of a few hundred sentences.
 * - strict notes (STRICT), each asked with only everyday words in common with it.
 * Measured: recall@10 and MRR@10 of the needle, and for questions about an absent note the share
 * answered first by a note of the same family (a plausible wrong answer); the strict questions'
 * recall@10 and MRR apart.
 *
 * Planting writes to the store: the bench plants after its timed queries (whose rankings hash
 * speaks of the unplanted store), and a store planted once (its first needle found) is measured as
 * it is. Keep a copy of a kept store before `--reuse DIR --quality`.
 */
import type { MemoryKind } from '../../shared/index.js';
import type { openStore } from '../../agents/store/index.js';
import { queryTerms, UseEmbedder } from '../../agents/store/index.js';
import { prng } from '../fixtures/prng.js';

type Store = Awaited<ReturnType<typeof openStore>>;
type Rand = () => number;

const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const FIRST = 'Amara Bjorn Chiara Dmitri Elif Farid Greta Hiroshi Ines Jonas Kwame Leila Mateo Noor Oskar Priya Quentin Rosa Sanjay Tove Ulrich Vera Wanjiru Xavier Yusuf Zofia'.split(' ');
const LAST = 'Patel Okafor Lindqvist Moreau Tanaka Kowalski Haddad Novak Fischer Oduya Rossi Brennan Castillo Ivanova Mensah Sato Berger Quinn'.split(' ');
const CITY = 'Lisbon Porto Krakow Ghent Bergen Seville Tallinn Lyon Bologna Utrecht Zagreb Malmo Nantes Graz Aarhus Cork'.split(' ');
const DAY = 'Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ');
const HOUR = '08:30 09:15 10:40 11:00 13:20 14:45 16:10 17:30'.split(' ');
const code = (rand: Rand, letters = 2, digits = 4): string =>
  Array.from({ length: letters }, () => String.fromCharCode(65 + Math.floor(rand() * 26))).join('') + String(Math.floor(rand() * 10 ** digits)).padStart(digits, '0');
const price = (rand: Rand): string => `€${20 + Math.floor(rand() * 900)}`;

/** A family: how the note is written and how it is asked for (other words; the anchor kept). */
interface Family {
  slots: (rand: Rand) => Record<string, string>;
  note: (s: Record<string, string>) => string;
  asks: ((s: Record<string, string>) => string)[];
}

const FAMILIES: Family[] = [
  {
    slots: (r) => ({ who: pick(r, LAST), day: pick(r, DAY), at: pick(r, HOUR) }),
    note: (s) => `Booked a cleaning with Dr. ${s.who} at the dental clinic, ${s.day} ${s.at}. Bring the insurance card.`,
    asks: [(s) => `what time do I see the dentist ${s.who}`, (s) => `teeth appointment with ${s.who}`],
  },
  {
    slots: (r) => ({ city: pick(r, CITY), flight: code(r, 2, 3), day: pick(r, DAY), seat: `${1 + Math.floor(r() * 30)}${pick(r, ['A', 'C', 'F'])}` }),
    note: (s) => `Flight ${s.flight} to ${s.city} leaves ${s.day} morning, seat ${s.seat}, gate closes 30 min before`,
    asks: [(s) => `which seat did I get on the plane to ${s.city}`, (s) => `my ${s.city} trip departure`],
  },
  {
    slots: (r) => ({ place: pick(r, ['Casa Lupo', 'The Green Fig', 'Sakura Tei', 'Bistro Lune', 'Le Comptoir', 'Taverna Mylos', 'Noma Deli', 'Brasa Viva']), n: pick(r, ['two', 'four', 'six']), who: pick(r, FIRST) }),
    note: (s) => `Reserved a table for ${s.n} at ${s.place}, ask for ${s.who} at the door. Terrace if warm.`,
    asks: [(s) => `where did we book dinner for ${s.n}`, (s) => `restaurant reservation at ${s.place}`],
  },
  {
    slots: (r) => ({ shop: pick(r, ['Zalando', 'Bol', 'Decathlon', 'Ikea', 'Coolblue', 'Thomann', 'Etsy', 'Fnac']), track: code(r, 3, 8), day: pick(r, DAY) }),
    note: (s) => `Parcel from ${s.shop} shipped, tracking ${s.track}, courier expects to drop it ${s.day}`,
    asks: [(s) => `when will my ${s.shop} order be delivered`, (s) => `tracking number for the ${s.shop} package`],
  },
  {
    slots: (r) => ({ comp: pick(r, ['uploader', 'scheduler', 'thumbnailer', 'indexer', 'exporter', 'billing worker', 'auth proxy', 'sync daemon']), fn: pick(r, ['flushQueue', 'readManifest', 'openSession', 'renewToken', 'parseHeader']) }),
    note: (s) => `Fixed the ${s.comp} crash: added a null check in ${s.fn} before the retry loop, deployed to staging`,
    asks: [(s) => `how did we solve the ${s.comp} failure`, (s) => `what made the ${s.comp} fall over`],
  },
  {
    slots: (r) => ({ med: pick(r, ['amoxicillin', 'levothyroxine', 'salbutamol', 'ibuprofen', 'cetirizine', 'omeprazole']), branch: pick(r, CITY), at: pick(r, HOUR) }),
    note: (s) => `Pharmacy called: ${s.med} refill is ready at the ${s.branch} branch after ${s.at}`,
    asks: [(s) => `can I pick up the ${s.med} prescription`, (s) => `which chemist has my ${s.med}`],
  },
  {
    slots: (r) => ({ garage: pick(r, ['Autofix', 'Garage Dubois', 'QuickLube', 'Motorwerk', 'Kwik Service']), cost: price(r), part: pick(r, ['brake pads', 'timing belt', 'clutch', 'tyres', 'battery']) }),
    note: (s) => `Car serviced at ${s.garage}: ${s.part} replaced, paid ${s.cost}, next check in spring`,
    asks: [(s) => `how much did the mechanic charge for the ${s.part}`, (s) => `${s.garage} bill`],
  },
  {
    slots: (r) => ({ who: pick(r, FIRST), gift: pick(r, ['a fountain pen', 'climbing shoes', 'jazz vinyl', 'a board game', 'hot sauce', 'a cookbook']) }),
    note: (s) => `${s.who}'s birthday is coming up; drops hints about ${s.gift}`,
    asks: [(s) => `what present should I get ${s.who}`, (s) => `gift idea for ${s.who}`],
  },
  {
    slots: (r) => ({ who: pick(r, FIRST), rent: price(r) }),
    note: (s) => `Landlord ${s.who} is raising the rent to ${s.rent} from the first of next month`,
    asks: [(s) => `what did ${s.who} say about the housing cost increase`, (s) => `new flat payment from ${s.who}`],
  },
  {
    slots: (r) => ({ dish: pick(r, ['chickpea stew', 'rye sourdough', 'lemon tart', 'lamb tagine', 'focaccia', 'dal makhani']), soak: pick(r, ['beans', 'flour', 'lentils', 'apricots']) }),
    note: (s) => `${s.dish}: soak the ${s.soak} overnight, bake forty minutes at 180, rest before slicing`,
    asks: [(s) => `how long does the ${s.dish} go in the oven`, (s) => `${s.dish} recipe steps`],
  },
  {
    slots: (r) => ({ who: pick(r, FIRST), proj: pick(r, ['billing', 'search', 'onboarding', 'reporting', 'mobile', 'payments']), day: pick(r, DAY) }),
    note: (s) => `Standup: ${s.who} will own the ${s.proj} migration, deadline ${s.day}, blockers go in the channel`,
    asks: [(s) => `who is responsible for moving ${s.proj}`, (s) => `owner of the ${s.proj} move`],
  },
  {
    slots: (r) => ({ title: pick(r, ['The Overstory', 'Piranesi', 'Stoner', 'Middlemarch', 'Klara and the Sun', 'Solaris']), who: pick(r, FIRST) }),
    note: (s) => `Finished ${s.title}, lent my copy to ${s.who}, wants it back by the holidays`,
    asks: [(s) => `who borrowed ${s.title}`, (s) => `does ${s.who} have a novel of mine`],
  },
  {
    slots: (r) => ({ kid: pick(r, FIRST), pool: pick(r, ['Zuiderbad', 'Aquadrome', 'Bains Deligny', 'Olympia pool']), day: pick(r, DAY) }),
    note: (s) => `Swimming lessons for ${s.kid} every ${s.day} at the ${s.pool}, bring goggles and a towel`,
    asks: [(s) => `where does ${s.kid} have swim class`, (s) => `${s.kid} swimming lessons location`],
  },
  {
    slots: (r) => ({ claim: code(r, 3, 6), item: pick(r, ['laptop', 'bicycle', 'phone', 'windscreen', 'camera']), cost: price(r) }),
    note: (s) => `Insurance claim ${s.claim} for the broken ${s.item} approved, payout ${s.cost} within ten working days`,
    asks: [(s) => `did the insurer accept the ${s.item} claim`, (s) => `reimbursement for my damaged ${s.item}`],
  },
  {
    slots: (r) => ({ from: pick(r, CITY), to: pick(r, CITY), plat: String(1 + Math.floor(r() * 12)), coach: String(1 + Math.floor(r() * 9)) }),
    note: (s) => `Train tickets ${s.from} to ${s.to}: platform ${s.plat}, coach ${s.coach}, seats reserved, e-ticket in the app`,
    asks: [(s) => `which platform for the rail journey to ${s.to}`, (s) => `carriage for the ${s.from} train`],
  },
  {
    slots: (r) => ({ plant: pick(r, ['monstera', 'fiddle leaf fig', 'calathea', 'snake plant', 'pothos', 'orchid']), n: pick(r, ['three', 'five', 'seven', 'ten']) }),
    note: (s) => `Water the ${s.plant} every ${s.n} days and keep it out of direct sun; mist the leaves`,
    asks: [(s) => `how often does the ${s.plant} need watering`, (s) => `${s.plant} care`],
  },
  {
    slots: (r) => ({ who: pick(r, FIRST), door: code(r, 0, 5) }),
    note: (s) => `Door code for ${s.who}'s building is ${s.door}, third floor, buzzer broken`,
    asks: [(s) => `entry number at ${s.who}'s place`, (s) => `how do I get into ${s.who}'s apartment block`],
  },
  {
    slots: (r) => ({ course: pick(r, ['pottery', 'Spanish', 'woodworking', 'life drawing', 'Python', 'salsa']), school: pick(r, ['Volkshochschule', 'city college', 'Maison des Arts', 'community centre']) }),
    note: (s) => `Enrolled in the ${s.course} evening course at the ${s.school}, first session after the holidays`,
    asks: [(s) => `when does my ${s.course} class begin`, (s) => `${s.course} lessons I signed up for`],
  },
  {
    slots: (r) => ({ pet: pick(r, ['Biscuit', 'Mochi', 'Pepper', 'Luna', 'Ziggy', 'Olive']), month: pick(r, ['March', 'June', 'September', 'November']) }),
    note: (s) => `Took ${s.pet} to the vet: healthy, rabies booster due in ${s.month}, weight fine`,
    asks: [(s) => `next vaccine for ${s.pet}`, (s) => `what did the animal doctor say about ${s.pet}`],
  },
  {
    slots: (r) => ({ who: pick(r, FIRST), cost: price(r) }),
    note: (s) => `Lent ${s.who} ${s.cost} for the concert tickets, will pay me back after payday`,
    asks: [(s) => `how much money does ${s.who} owe me`, (s) => `${s.who} debt`],
  },
  {
    slots: (r) => ({ hotel: pick(r, ['Hotel Aurora', 'The Linden', 'Casa Azul', 'Hotel Nord', 'Pension Rosa']), city: pick(r, CITY), ref: code(r, 2, 7) }),
    note: (s) => `${s.hotel} in ${s.city}: check-in after 3pm, breakfast included, confirmation ${s.ref}`,
    asks: [(s) => `booking reference for the ${s.city} stay`, (s) => `accommodation in ${s.city}`],
  },
  {
    slots: (r) => ({ tool: pick(r, ['Figma', 'JetBrains', 'Adobe', 'Notion', 'Dropbox', '1Password']), cost: price(r), month: pick(r, ['April', 'July', 'October', 'January']) }),
    note: (s) => `${s.tool} licence renews in ${s.month} at ${s.cost} a year, card on file expires before then`,
    asks: [(s) => `when is the ${s.tool} subscription up`, (s) => `cost of ${s.tool} yearly plan`],
  },
  {
    slots: (r) => ({ who: pick(r, FIRST), topic: pick(r, ['sleep', 'fermentation', 'urban planning', 'chess openings', 'volcanoes', 'memory']), show: pick(r, ['Radiolab', 'Hidden Brain', 'The Daily', 'Freakonomics', '99% Invisible']) }),
    note: (s) => `Podcast tip from ${s.who}: the ${s.show} episode about ${s.topic}, the part at the end is the best`,
    asks: [(s) => `which show did ${s.who} recommend`, (s) => `episode on ${s.topic} someone suggested`],
  },
  {
    slots: (r) => ({ who: pick(r, FIRST), last: pick(r, LAST), phone: `+31 6 ${code(r, 0, 8)}` }),
    note: (s) => `New number for the plumber ${s.who} ${s.last}: ${s.phone}, only answers mornings`,
    asks: [(s) => `how do I reach the plumber ${s.last}`, (s) => `${s.who} ${s.last} contact`],
  },
];

/**
 * The strict part: notes asked for with every uncommon word paraphrased away, so that what a
 * question shares with its note is only everyday words (EVERYDAY, which the background makes
 * 2-5% of a 1M store's rows) and stop words. Found by BM25 only through those words, or by
 * meaning: the questions that tell apart keyword rules deciding about common words. Written as
 * people write and ask, each note about something of its own; checked (sharedWords)
 * with the store's own tokenizer, never tuned on results.
 */
export const STRICT: readonly { note: string; ask: string }[] = [
  { note: 'Email from the landlord: the boiler inspection is set for the week after the holidays, someone must be home to open the door', ask: 'when is the heating check at the flat, per the email' },
  { note: 'Call with the client about the late payment: they promise the transfer by Friday and apologised for the delay', ask: 'customer phone call about overdue cash' },
  { note: 'Team lunch on Thursday at the Ethiopian restaurant near the station, everyone pays their own share', ask: 'where is the team eating together' },
  { note: 'Project kickoff slides need a section on risks and a rough timeline before the steering committee sees them', ask: 'what is missing from the project launch presentation' },
  { note: 'Order of printer cartridges arrived damaged; the seller offered a replacement or a refund', ask: 'broken ink order, what did the shop propose' },
  { note: 'Booking for the campsite by the lake confirmed: pitch 14, electricity included, arrival after noon', ask: 'tent spot booking by the water' },
  { note: 'Meeting notes: marketing wants the spring campaign pushed back two weeks because the photos are late', ask: 'why was the advertising launch postponed, from the meeting' },
  { note: 'Update from the school: the field trip to the science museum needs a signed permission slip by Wednesday', ask: 'what paperwork is required for the children outing, per the update' },
  { note: 'Review of the quarterly budget found double-counted travel costs in the sales department', ask: 'what went wrong in the spending review for the last three months' },
  { note: 'Payment for the gym membership failed again, the bank card on file has expired', ask: 'why did the fitness club payment bounce' },
  { note: 'Account locked after too many wrong passwords at the pension fund website, reset letter comes by post', ask: 'cannot get into my retirement savings account' },
  { note: 'Message from the neighbour: the parcel was left with her because nobody answered the bell', ask: 'who kept my package, per the message from next door' },
  { note: 'Document with the mortgage terms needs both signatures and a copy of our identity cards', ask: 'home loan document requirements' },
  { note: 'Price of the sofa dropped by a third during the sale, the grey fabric one we liked', ask: 'couch price reduction' },
  { note: 'Delivery of the fridge is between eight and noon, the old one will be taken away for free', ask: 'when does the refrigerator delivery arrive' },
  { note: 'Schedule change: swimming practice moves to the later slot, kids finish at half past seven', ask: 'timetable for pool training, schedule' },
  { note: 'Report on the warehouse fire is due to the insurer before the end of the month, photos attached', ask: 'deadline for the storage blaze report' },
  { note: 'Ticket for the opera was sent to the wrong address, the box office will reprint it at the door', ask: 'my concert ticket went to the former house' },
  { note: 'Class on Tuesday cancelled, the teacher has the flu, homework still due Friday', ask: 'is the lesson happening, the class instructor is sick' },
  { note: 'Money for the shared holiday house collected from everyone except Tom, who pays later', ask: 'who still owes money for the vacation rental' },
  { note: 'Trip to the mountains: pack the crampons, the hut has no blankets, bus leaves at six', ask: 'what to bring on the hiking trip' },
  { note: 'Appointment with the tax adviser moved to the ninth, bring the receipts of last year', ask: 'when do I see the accountant, appointment' },
  { note: 'File with the wedding photos is too large to attach, share it through the cloud folder instead', ask: 'how to send the marriage pictures file' },
  { note: 'Issue with the bathroom leak: the plumber says the seal under the bath has perished', ask: 'what causes the water issue in the washroom' },
  { note: 'Office closed Monday for the electrical works, work from home and take the laptop', ask: 'can I go to the office at the start of the week' },
  { note: 'Travel insurance covers skiing only with the winter add-on, bought it for the Alps', ask: 'is snow sport part of my travel policy' },
  { note: 'Team retrospective: too many interruptions, we agreed on quiet mornings without chat', ask: 'what did the team decide about distractions' },
  { note: 'Email to the council about the broken streetlight went unanswered, try phoning instead', ask: 'did the city reply to my email on the lamp outside' },
  { note: 'Call the vet back about the blood test results for the kidneys of the cat', ask: 'ring the animal clinic, call about the kitty analysis' },
  { note: 'Project budget approved but the hiring freeze means no extra designer until autumn', ask: 'can we add staff to the project' },
  { note: 'Order the birthday cake two days ahead, chocolate with raspberries, pick up at the bakery', ask: 'pastry order for the party' },
  { note: 'Booking at the spa was for the wrong date; they moved it to Sunday at no charge', ask: 'wellness booking mix-up' },
  { note: 'Meeting with the architect: the extension needs a permit because it is higher than three metres', ask: 'does the house addition require permission, meeting' },
  { note: 'Time sheet for March is missing two days, payroll cannot pay overtime until it is fixed', ask: 'why was extra time salary withheld' },
  { note: 'Plan for the garden: raised beds along the fence, tomatoes and beans, compost bin by the shed', ask: 'what is the plan for growing vegetables outside' },
  { note: 'Notes from the parents evening: reading is fine, maths needs practice at home', ask: 'what did the teacher say about my child progress, notes' },
];

/**
 * The words each pair's question shares with its note as the store's tokenizer (FTS5 porter
 * unicode61) and its query terms see them, everyday (EVERYDAY) or not. A strict pair shares only
 * everyday words, at least one.
 */
export function sharedWords(db: Store['db'], pairs: readonly { note: string; ask: string }[] = STRICT): { ask: string; everyday: string[]; uncommon: string[] }[] {
  db.exec("CREATE VIRTUAL TABLE temp.strict_check USING fts5(t, tokenize='porter unicode61 remove_diacritics 2')");
  try {
    // Rowids as BigInt: FTS5 ignores a REAL beside MATCH.
    const insert = db.prepare('INSERT INTO temp.strict_check(rowid, t) VALUES (?, ?)');
    const has = db.prepare('SELECT 1 FROM temp.strict_check WHERE strict_check MATCH ? AND rowid = ?').pluck();
    pairs.forEach((p, i) => insert.run(BigInt(i + 1), p.note));
    const everyday = new Set(EVERYDAY);
    return pairs.map((p, i) => {
      const shared = queryTerms(p.ask).filter((t) => has.get(`"${t.replace(/"/g, '""')}"`, BigInt(i + 1)) !== undefined);
      return { ask: p.ask, everyday: shared.filter((t) => everyday.has(t)), uncommon: shared.filter((t) => !everyday.has(t)) };
    });
  } finally {
    db.exec('DROP TABLE temp.strict_check');
  }
}

/** Everyday words of notes (Zipf-picked), common in a real store of this size. */
const EVERYDAY = (
  'meeting email call team project order booking time update review notes plan payment account message week document client price ' +
  'delivery schedule report ticket class place number money trip new next need show appointment file issue office travel'
).split(' ');
const BACKGROUND_SHARE = 0.06;
const BACKGROUND_SENTENCES = 300;

export interface QualityItem {
  family: number;
  /** The needle's text, or null: asked about a note that was never written. */
  note: string | null;
  ask: string;
}

/** The needles and questions from a seed: `perFamily` notes a family, each asked once, and one absent note a family. */
export function qualitySet(seed: number, perFamily = 12): { items: QualityItem[]; notes: { family: number; text: string }[] } {
  const rand = prng(seed);
  const notes: { family: number; text: string }[] = [];
  const items: QualityItem[] = [];
  const seen = new Set<string>();
  FAMILIES.forEach((f, family) => {
    let made = 0;
    for (let tries = 0; made < perFamily + 1 && tries < perFamily * 20; tries++) {
      const s = f.slots(rand);
      const text = f.note(s);
      const ask = pick(rand, f.asks)(s);
      if (seen.has(text) || seen.has(ask)) continue;
      seen.add(text);
      seen.add(ask);
      // The last one of a family is asked about but never written.
      const absent = made === perFamily;
      if (!absent) notes.push({ family, text });
      items.push({ family, note: absent ? null : text, ask });
      made++;
    }
  });
  return { items, notes };
}

/** Zipf-like pick of an everyday word (rank r about 1/(r+1) as often as the first). */
function everyday(rand: Rand): string {
  const r = Math.floor(Math.pow(EVERYDAY.length + 1, rand())) - 1;
  return EVERYDAY[Math.min(EVERYDAY.length - 1, Math.max(0, r))]!;
}

export interface QualityFigures {
  needles: number;
  background: number;
  asked: number;
  recall_at_10: number;
  mrr_at_10: number;
  absent: number;
  /** Questions about an absent note answered first by a note of the same family. */
  absent_sibling_first: number;
  /** The strict questions (STRICT: only everyday words shared with their note). */
  strict: { asked: number; recall_at_10: number; mrr_at_10: number };
}

export interface Planted {
  embed: UseEmbedder;
  needles: number;
  background: number;
}

/** Plants the set into the store (unless its first needle is there already); close the returned embedder after. */
export async function plantQuality(store: Store, seed: number, now: number, embedderId: string, log: (s: string) => void): Promise<Planted> {
  const { notes } = qualitySet(seed);
  const loose = sharedWords(store.db).filter((p) => p.uncommon.length || !p.everyday.length);
  if (loose.length) throw new Error(`quality set: strict questions that do not share only everyday words with their notes: ${JSON.stringify(loose)}`);
  const embed = new UseEmbedder(60_000);
  const n = store.memories.count({});
  const background = Math.round(BACKGROUND_SHARE * n);
  const has = (text: string) => store.db.prepare('SELECT 1 FROM memories WHERE text = ? LIMIT 1').get(text) !== undefined;
  const planted = has(notes[0]!.text);
  // (A store planted before the strict notes were written gets them alone.)
  const strictOnly = planted && !has(STRICT[0]!.note);
  if (planted && !strictOnly) return { embed, needles: notes.length, background };
  const rand = prng(seed + 1);
  // Background: a few hundred everyday sentences (each embedded once), repeated with other words after them.
  const base = Array.from({ length: BACKGROUND_SENTENCES }, () => {
    const words = Array.from({ length: 6 + Math.floor(rand() * 6) }, () => everyday(rand));
    return words.join(' ').replace(/^./, (c) => c.toUpperCase());
  });
  const baseVectors = new Map<string, Float32Array>();
  for (let i = 0; i < base.length; i += 32) {
    const chunk = base.slice(i, i + 32);
    (await embed.embed(chunk)).forEach((v, j) => baseVectors.set(chunk[j]!, v));
  }
  const kinds: MemoryKind[] = ['episodic', 'semantic', 'episodic'];
  const day = 86_400_000;
  const span = 400 * day;
  const write = (rows: { text: string; vector: Float32Array }[]) =>
    store.transaction(() => {
      for (const r of rows) {
        const at = now - day - Math.floor(rand() * span);
        const kind = pick(rand, kinds);
        store.memories.insert({ embedding: { embedder: embedderId, vector: r.vector }, kind, text: r.text, fields: {}, app: null, occurred_at: kind === 'episodic' ? at : null, created_at: at, segment: null });
      }
    });
  for (let i = 0; !strictOnly && i < background; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, background - i) }, () => {
      const first = pick(rand, base);
      const extra = Array.from({ length: 3 + Math.floor(rand() * 5) }, () => everyday(rand)).join(' ');
      return { text: `${first} ${extra}`, vector: baseVectors.get(first)! };
    });
    write(rows);
    await new Promise((r) => setImmediate(r));
  }
  const needles = [...(strictOnly ? [] : notes.map((x) => x.text)), ...STRICT.map((x) => x.note)];
  const vectors = await embed.embed(needles);
  write(needles.map((text, i) => ({ text, vector: vectors[i]! })));
  log(`  quality set planted: ${notes.length} notes, ${STRICT.length} strict notes and ${background} background notes`);
  return { embed, needles: notes.length, background };
}

/** Asks the set's questions (hybrid, limit 10) and scores where each note comes. */
export async function measureQuality(store: Store, seed: number, now: number, planted: Planted): Promise<QualityFigures & { tops: string[][] }> {
  const { embed } = planted;
  const { items, notes } = qualitySet(seed);
  const familyOf = new Map(notes.map((x) => [x.text, x.family]));
  let found = 0;
  let rr = 0;
  let asked = 0;
  let absent = 0;
  let siblingFirst = 0;
  const tops: string[][] = [];
  const vectors = await embed.embed(items.map((q) => q.ask), { query: true });
  for (const [i, q] of items.entries()) {
    const hits = await store.search({ query: q.ask, queryEmbedding: vectors[i]!, now, limit: 10 });
    const texts = hits.map((h) => h.memory.text);
    tops.push(texts);
    if (q.note === null) {
      absent++;
      if (texts[0] !== undefined && familyOf.get(texts[0]) === q.family) siblingFirst++;
      continue;
    }
    asked++;
    const at = texts.indexOf(q.note);
    if (at >= 0) {
      found++;
      rr += 1 / (at + 1);
    }
  }
  const strictVectors = await embed.embed(STRICT.map((q) => q.ask), { query: true });
  let strictFound = 0;
  let strictRr = 0;
  for (const [i, q] of STRICT.entries()) {
    const hits = await store.search({ query: q.ask, queryEmbedding: strictVectors[i]!, now, limit: 10 });
    const texts = hits.map((h) => h.memory.text);
    tops.push(texts);
    const at = texts.indexOf(q.note);
    if (at >= 0) {
      strictFound++;
      strictRr += 1 / (at + 1);
    }
  }
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    needles: notes.length,
    background: planted.background,
    asked,
    recall_at_10: r3(found / Math.max(1, asked)),
    mrr_at_10: r3(rr / Math.max(1, asked)),
    absent,
    absent_sibling_first: r3(siblingFirst / Math.max(1, absent)),
    strict: { asked: STRICT.length, recall_at_10: r3(strictFound / STRICT.length), mrr_at_10: r3(strictRr / STRICT.length) },
    tops,
  };
}
