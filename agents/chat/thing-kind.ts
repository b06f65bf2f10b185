/**
 * The kind of value a question asks, read from the thing it asks about when its measure word does not
 * say it: "how big was the deposit" asks an amount of money (a payment is measured in money, however
 * big), "how much data have I used" an amount of data (a plan's data is measured in GB, not in the
 * plan's price). The measure word alone would read the first as a size and the second as money.
 */

/**
 * Things paid or received: their size is an amount of money. Not "allowance" (a data or a baggage
 * allowance is measured in GB or kg) nor "credit" (a phone's credit may be minutes).
 */
const PAYMENT =
  'deposit|bonus|bonuses|refund|payment|payout|salary|pay\\s+rise|raise|rent|bill|tip|gratuity|fee|fine|penalty|loan|mortgage|discount|donation|transfer|invoice|budget|grant|pension|overdraft|premium|excess|cashback|prize|reward|settlement|compensation|debt|instal{1,2}ment|down\\s+payment|severance|scholarship|wage|wages|fare|tax|paycheck|paycheque|inheritance|reimbursement|rebate|dividend|commission|tuition|subsidy|grant|fees|fines|tips|loans|payments|refunds|deposits|discounts|price|prices|cost|costs|charge|charges|bills';

/**
 * "How big / large / sizeable was the deposit", "how high was the water bill", "how steep is the late
 * fee": the adjective asks a size or a height, the payment an amount.
 */
const HOW_BIG_PAYMENT = new RegExp(
  `\\bhow\\s+(?:big|large|huge|sizeable|sizable|high|low|steep|hefty|small)\\b(?:\\s+(?:is|was|are|were|will|would|'s)\\b)?(?:\\s+(?:be|the|my|our|your|his|her|their|this|that|a|an|last|next|first|annual|yearly|monthly|weekly|security|christmas|year-end|signing|cash|tax|final|total|early|late|damage|booking))*(?:\\s+[a-z-]+)?\\s+(?:${PAYMENT})\\b(?!\\s+(?:box|boxes|jar|bag|form|slip|book|folder|file|envelope|machine|card|scheme|policy|letter))`,
  'i',
);

/**
 * "How much data have I used", "how much mobile data is left", "how much storage / disk space /
 * memory": an amount of data, which a plan or a cloud page writes in MB and GB, a counter read as one
 * value, not a list gathered over time. Not "how much is the data add-on": that "how much" asks a
 * price, and the data only names the add-on.
 */
const HOW_MUCH_DATA = /\bhow\s+much\s+(?:(?:mobile|cellular|roaming|internet|broadband|cloud|icloud|disk|free|more|extra)\s+)?(?:data|bandwidth|ram|storage|(?:disk\s+|drive\s+)?space|memory)\b(?!\s+(?:plan|add-?on|bundle|package|pass|boost|top-?up|tariff|contract)s?\b)/i;

/** The kind the asked thing gives a question whose measure word says another, or null when the thing says none. */
export function kindByThing(question: string): 'money' | 'size' | null {
  const q = question.replace(/[’]/g, "'");
  if (HOW_BIG_PAYMENT.test(q)) return 'money';
  if (HOW_MUCH_DATA.test(q)) return 'size';
  return null;
}

/** The words that only asked the size ("big", "large") or the kind of amount ("data"): none a screen must say when the thing gives the kind. */
export function thingKindWords(question: string): string[] {
  const kind = kindByThing(question);
  if (kind === 'money') return ['big', 'large', 'huge', 'sizeable', 'sizable', 'high', 'low', 'steep', 'hefty', 'small'];
  return [];
}

/**
 * Which side of an amount of data is asked: what was used, or what is left. A plan's page says both
 * beside its allowance ("12 GB data", "Data used 3.2 GB", "8.8 GB left"); the verb that asks is a stop
 * word to the rest of the reading ("used"), so it is put back here as a word that helps when a line
 * says it, with the words pages use for it, never one a line must say.
 */
const USED_ASKED = /\b(?:used|use|using|gone\s+through|burn(?:ed|t)\s+through|consumed)\b/i;
const USED_WORDS = ['used', 'usage', 'consumed', 'verbraucht', 'verbrauch', 'utilisé', 'utilisés', 'consommé', 'consumidos', 'usados', 'utilizzati', 'gebruikt', 'verbruik'];

/**
 * Things that last, whose length a page labels as such, not by the thing's name: a booking's
 * "Duration 3h 40m" is the flight's, a route's "Fahrzeit 1:25" the ride's, a cinema's "Run time
 * 128 min" the film's. For "how long", those labels are the thing's own words.
 */
const LASTING = /^(?:flight|flights|drive|ride|train|trip|journey|crossing|ferry|bus|coach|film|movie|show|concert|play|match|walk|hike|commute|transfer|voyage|cruise|sail|trek|route|layover|stopover)$/;
const LENGTH_WORDS = ['duration', 'travel', 'runtime', 'running', 'dauer', 'fahrzeit', 'fahrtdauer', 'reisezeit', 'reisedauer', 'flugzeit', 'flugdauer', 'laufzeit', 'spieldauer', 'durée', 'duree', 'duración', 'duracion', 'duração', 'duracao', 'durata', 'reistijd', 'reisduur', 'vliegtijd', 'rijtijd', 'speelduur'];
const HOW_LONG = /\bhow\s+long\b/i;

/**
 * The asked value with the words a page says for the thing asked in another guise: the side of an
 * amount of data asked (see USED_ASKED), and for "how long" the length labels of a thing that lasts.
 */
export function withThingSide<T extends { kind: string; terms: string[]; loose: string[]; kin: Map<string, ReadonlySet<string>> }>(question: string, asked: T, stem: (w: string) => string): T {
  let out = asked;
  if (HOW_LONG.test(question) && asked.kind === 'duration') {
    const lasting = asked.terms.filter((t) => LASTING.test(t) || LASTING.test(`${t}s`));
    if (lasting.length) {
      const kin = new Map(out.kin);
      for (const t of lasting) kin.set(t, new Set([...(kin.get(t) ?? []), ...LENGTH_WORDS.map(stem)]));
      out = { ...out, kin };
    }
  }
  if (out.kind !== 'size' || !/\bhow\s+much\b/i.test(question) || !USED_ASKED.test(question) || out.terms.includes(stem('used'))) return out;
  const used = stem('used');
  const kin = new Map(out.kin);
  kin.set(used, new Set(USED_WORDS.map(stem).filter((s) => s !== used)));
  return { ...out, terms: [...out.terms, used], loose: [...out.loose, used], kin };
}
