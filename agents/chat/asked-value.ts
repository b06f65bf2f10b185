/**
 * What a question asks for, read from its grammar: a clock time, a date, an amount, a count, a
 * duration, a place, a person, a reason, a command, an address, or just "the value next to the
 * label". And the words that say what it is about (its content terms), without the words that only
 * say the kind of answer ("how much", "what time", "email").
 */
import { labelKin, labelPhrasesIn, phraseToken, wordKin } from '../runtime/index.js';
import { meetingStems } from './meeting-names.js';
import { kindByThing, thingKindWords, withThingSide } from './thing-kind.js';
import { FOREIGN_CLOCK, FOREIGN_DATE, FOREIGN_DURATION, LEXICON, occasionWords, placeSpellings, plainWord, translationsOf, type OtherLanguage } from '../../shared/text/index.js';

export type ValueKind = 'clock' | 'date' | 'when' | 'money' | 'count' | 'duration' | 'rate' | 'size' | 'place' | 'person' | 'reason' | 'command' | 'email' | 'phone' | 'contact' | 'code' | 'link' | 'any';

export interface AskedValue {
  kind: ValueKind;
  /** Stems of the words the question is about, in order. */
  terms: string[];
  /**
   * Those of them that read as the question's verb ("am I seeing", "did Ines bill", "to free up"):
   * a screen says the same thing with other verbs, so one of these may go unmet; a noun may not
   * ("the premium on my car insurance" is not answered by a screen about home insurance).
   */
  loose: string[];
  /**
   * For a term, the stems of the words WordNet gives as the same or a close kind of thing ("vacation"
   * → leave, holiday; "tax" → VAT): a screen labels what the user asks about in its own words.
   */
  kin: Map<string, ReadonlySet<string>>;
  /** For a thing known by its shape ("which room", "which branch"), whether a text holds one: its value, whatever the kind says. */
  shaped?: (text: string) => boolean;
}

/** A month's name or its short form, as a whole word: "Dec 3" is a date, "Deck 7" and "Marker 2" are not. */
const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z])\\.?';
const WEEKDAY = '(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\\b\\.?';

/**
 * A street as German, Dutch and Romance addresses write it, with its number: "Hauptstraße 12",
 * "Kanaalstraat 8", "14 rue des Lilas", "Via Roma 5", "calle Mayor, 3" (not "via Slack": no number).
 */
const FOREIGN_STREET = String.raw`\p{L}+(?:straße|strasse|str\.|weg|gasse|platz|allee|straat|laan|plein|gracht|kade)\s+\d{1,4}\b|\b\d{1,4},?\s+(?:rue|avenue|boulevard|chemin|allée|place)\s|\b(?:[Rr]ue|[Cc]alle|Via|Viale|[Pp]iazza|[Pp]laza|[Pp]raça|[Cc]arrer|[Ll]argo|[Tt]ravessa|[Pp]aseo|Corso|Laan)\s+(?:(?:de|del|della|des|du|da|do|dos|das|van|von|der|den)\s+)?\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*,?\s+\d{1,4}\b`;

/** Patterns that find a value of each kind in screen text. */
export const VALUE: Record<Exclude<ValueKind, 'any' | 'when' | 'contact'>, RegExp> = {
  // A foreign page's times too ("14 Uhr", "à 14h"): see foreign-calendar.
  clock: new RegExp(`${/\b(?:[01]?\d|2[0-3])[:h][0-5]\d\b|\b(?:1[0-2]|0?[1-9])(?:[:.][0-5]\d)?\s?(?:am|pm|a\.m\.|p\.m\.)(?![a-z])|\bhalf (?:past )?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|\bnoon\b|\bmidnight\b/.source}|${FOREIGN_CLOCK}`, 'i'),
  // A foreign page's dates too ("Dienstag, 3. Dezember", "11 de diciembre"): see foreign-calendar.
  date: new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}|\\b${MONTH}\\s+\\d{1,2}\\b|\\b${WEEKDAY}|\\b\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b(?:today|tomorrow|tonight)\\b|${FOREIGN_DATE}`, 'i'),
  money: /[€$£¥]\s?\d[\d,. ]*\d|\b\d[\d,.]*\s?(?:€|EUR|USD|GBP|CHF|dollars?|euros?|pounds?)(?![a-z])|\b(?:EUR|USD|GBP|CHF)\s?\d[\d,.]*|\b\d{1,3}(?:,\d{3})+(?:\.\d{2})?\b|\b\d+\.\d{2}\b|\b\d{1,3}(?:\.\d{3})*,\d{2}\b(?![.,]\d)(?!\s?[A-Za-z%°])/i,
  count: /\b\d+(?:[.,]\d+)?\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\b/i,
  // A foreign page's lengths of time too ("1 maand", "3 Monate"): see foreign-calendar. And as build
  // logs and CI pages print it, units run together: "48s", "2m 14s", "1h 05m".
  duration: new RegExp(`${/\b\d+(?:[.,]\d+)?\s*(?:ms|milliseconds?|seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?|months?|years?|yrs?)\b|\b\d{1,3}(?:\.\d+)?s\b|\b\d{1,3}[hm]\s?\d{1,2}[ms]\b/.source}|${FOREIGN_DURATION}`, 'i'),
  rate: /\b\d+(?:[.,]\d+)?\s*(?:[kKMGT]?(?:bit|b|B)\/s|[kKMG]bps|km\/h|mph|rpm|fps|%)(?![a-z])/,
  // An amount of data as disks, files and tools print it: "4.2G", "512 MB", "1.5 GiB", "830K", "12 bytes".
  size: /\b\d+(?:[.,]\d+)?\s?(?:[KMGTP]i?B?|[kKMGTP]B|bytes?)(?![\p{L}\/])/u,
  // A foreign street with its number too ("Hauptstraße 12", "14 rue des Lilas", "Via Roma 5").
  place: new RegExp(String.raw`\b(?:at|in|on)\s+(?:the\s+)?\p{Lu}[\p{L}\d'’-]*(?:\s+\p{Lu}[\p{L}\d'’-]*)*|\b(?:[Rr]oom|ROOM|[Bb]uilding|[Ff]loor|[Hh]all|[Ss]treet|[Rr]ua|[Aa]venida|[Aa]venue|[Rr]oad|[Ll]ane|[Oo]ffice|[Vv]enue|[Ss]tudio|[Tt]erminal|[Gg]ate)\b|(?:^|\s)[~.]?\/[\w.-]+\/|›|${FOREIGN_STREET}`, 'u'),
  person: /\b\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+){0,2}\b/u,
  reason: /\b(?:error|errors|failed|fails?|failure|because|due to|refused|denied|timed? ?out|not found|no space|exception|invalid|missing|conflict|crash(?:ed)?)\b|\bE[A-Z]{4,}\b/i,
  // A numbered step, a known tool after a prompt or a colon, or any lowercase program given a flag ("redis-cli -p 26379 …").
  command: /^\s*\d+[.)]\s+\p{Lu}|(?:^|[$#>❯➜:]\s)\s*(?:sudo\s+)?(?:npm|npx|yarn|pnpm|git|docker|kubectl|pip3?|python3?|node|cd|curl|make|brew|apt(?:-get)?|systemctl|ssh|scp|rsync|cargo|go|\.\/[\w.-]+)\b[^\n]*|(?:^|[$#>❯➜:]\s)\s*[a-z][\w.-]*(?:\s+[\w./:=@-]+){0,3}\s+--?[a-zA-Z][\w-]*/u,
  email: /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/,
  phone: /(?:\+\d{1,3}[\s-]?)?\(?\d{2,4}\)?(?:[\s-]?\d{2,4}){2,4}\b|\b(?:ext\.?|extension|x|phone|tel\.?|mobile)\s?:?\s?\d{3,5}\b/i,
  code: /\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{1,6}(?:-[A-Z0-9]{2,})+\b|\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,22}\b|#\d{2,}\b|\b\d{4,}\b/,
  link: /\bhttps?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|app|design|pt|jp|de|uk)(?:\/\S*)?|\b[\w./-]+\.(?:md|pdf|docx?|xlsx?|csv|txt|json|ya?ml|ts|js|py)\b|(?:^|\s)[~.]?\/[\w./-]+|›/,
};

/** Words that only say what kind of answer is wanted, and words too common to say what a question is about. */
const STOP = new Set(
  `a an the of to in on at for from by with about into onto over under after before between and or but if then so than as is are was were be been being am do does did done doing have has had having
  i me my mine we us our you your he him his she her they them their it its this that these those there here what which who whom whose when where why how
  can could will would shall should may might must need needs let get got go goes going went gone make made put take took give gave ask asked say said tell told
  i'm i've i'd i'll you're you've we're we've they're they've it'd don't doesn't didn't can't won't isn't aren't wasn't weren't
  myself yourself himself herself itself ourselves yourselves themselves
  s t d ll re ve m not no yes any some all again still now just really please thing things stuff one ones also only up out off back
  much many long time times day days date dates o'clock clock money cost costs price priced pay paid owe owed total amount number numbers email e-mail mail address phone
  call reach contact extension code reference ref id identifier command commands called name named kind sort type supposed meant use used
  come comes coming came fix fixed fixing solve solved resolve resolved rid happen happens happening`.split(/\s+/).filter(Boolean),
);

/**
 * Words a question uses for "the matter" or "the deadline" that a screen says in its own words ("the
 * projector problem" over a ticket saying "projector shows no signal", "due back" over "Return by"):
 * they may go unmet like a verb.
 */
const MATTER_NOUNS = new Set('problem problems issue issues bug bugs trouble matter request thing due'.split(' '));

/** Verbs a question uses that a screen rarely repeats ("go and see the flat" is answered by "Viewings: Saturday"). */
const COMMON_VERBS = new Set('see look watch visit meet check find read open bring buy book send start leave arrive want keep show add'.split(' '));

/**
 * A word made from another with "-ly" ("actually", "monthly", "currently") says how or how often,
 * not what: a screen says "per month" or nothing. Not a word that only ends so ("family", "supply").
 */
const adverbOf = (w: string) => w.length > 5 && w.endsWith('ly') && wordKin(w.slice(0, -2)).size > 0;

/**
 * "Right now", "next quarter", "this month": words that place the question in time, which the
 * search reads apart (a screen says "Q1 2027", or nothing); they may go unmet as a verb may.
 */
const TIME_UNIT = /^(?:day|week|weekend|month|quarter|year|term|season|time|night|morning|evening)s?$/i;
function timePhrase(words: readonly string[], i: number): boolean {
  const w = words[i]!.toLowerCase();
  const next = (words[i + 1] ?? '').toLowerCase();
  const before = (words[i - 1] ?? '').toLowerCase();
  if (w === 'right' && /^(?:now|away)$/.test(next)) return true;
  // "On the way to Porto": on the journey, which a ticket does not say.
  if (w === 'way' && before === 'the' && (words[i - 2] ?? '').toLowerCase() === 'on') return true;
  if (/^(?:next|last|this|coming|previous|current)$/.test(w) && TIME_UNIT.test(next)) return true;
  return TIME_UNIT.test(w) && /^(?:next|last|this|coming|previous|current)$/.test(before);
}

/**
 * "Turn itself off", "switch the heating on", "fill it up": a verb with its particle, which a
 * screen says in its own words ("switch guest access off"). Not a noun before it ("the sign-up").
 */
const PARTICLE = /^(?:off|up|out|down|back|away)$/i;
const REFLEXIVE = /^(?:myself|yourself|himself|herself|itself|ourselves|yourselves|themselves|it|them)$/i;
function phrasalVerb(words: readonly string[], i: number): boolean {
  const next = (words[i + 1] ?? '').toLowerCase();
  const after = (words[i + 2] ?? '').toLowerCase();
  // The particle itself says no more than the verb ("down", "away").
  if (PARTICLE.test(words[i]!) && i > 0) return true;
  if (/^(?:the|a|an|my|our|your|this|that)$/i.test(words[i - 1] ?? '')) return false;
  return (REFLEXIVE.test(next) && (PARTICLE.test(after) || !after)) || (PARTICLE.test(next) && !/^(?:of|to|for)$/i.test(after));
}

/**
 * "What time is spinning on Tuesdays", "when is swimming for kids": an -ing word right after "is"
 * with no subject before it is the subject, a thing done (a class, an activity) that a timetable
 * names as it is, not a verb the screen may say in its own words.
 */
function gerundSubject(words: readonly string[], i: number): boolean {
  const before = (words[i - 1] ?? '').toLowerCase();
  const next = (words[i + 1] ?? '').toLowerCase();
  if (!/ing$/i.test(words[i]!) || !/^(?:is|was)$/.test(before) || !/^(?:what|when|where|which|how)$/i.test(words[0] ?? '')) return false;
  return !next || /^(?:on|at|in|for|from|this|next|today|tomorrow|tonight)$/.test(next);
}

/**
 * "The tracking number", "my booking reference", "the parking fee": an -ing word after a determiner
 * and before the noun of a kind of value names which one (what the screen labels it), not a deed the
 * screen may say in its own words.
 */
function gerundModifier(words: readonly string[], i: number): boolean {
  const before = (words[i - 1] ?? '').toLowerCase();
  const next = (words[i + 1] ?? '').toLowerCase();
  if (!/ing$/i.test(words[i]!) || !/^(?:the|my|our|your|his|her|their|a|an|this|that)$/.test(before)) return false;
  // Only before the nouns that name a kind of value, which the question drops as such: without the
  // -ing word it would name nothing ("the sleeping pill" keeps "sleeping" a word the leaflet need not say).
  return /^(?:number|no|code|reference|ref|id|name|address|fee|fees|time|date|list|status|link|pin|slot|window|details)$/.test(next);
}

/** Reads the kind of value a question wants. Order matters: "what time" before "what", "how much" before "how". */
/** Things that live on the web, whose address is a link ("my blog", "the team wiki", "our web shop"). */
const WEB_THING = /\b(?:blog|website|web\s?site|site|homepage|home\s+page|web\s?page|wiki|web\s?shop|online\s+shop|online\s+store|portfolio\s+site|repo|repository|dashboard|newsletter\s+archive)\b/;

/** A web address the page shows: a URL or a host name, not a folder on the machine ("~/blog"). */
const WEB_ADDRESS = /\bhttps?:\/\/\S+|\b(?:www\.)?[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|app|design|blog|site|page|me|co|eu|pt|jp|de|fr|es|it|nl|uk|ch|at|be|se|no|dk)\b/i;

/** Whether a question asks where a thing on the web lives ("the address of my blog"): its answer is a web address. */
export function asksWebAddress(question: string): boolean {
  const q = question.toLowerCase();
  return /\baddress\b/.test(q) && WEB_THING.test(q);
}

/** Whether a text shows a web address (see asksWebAddress). */
export function webAddressIn(text: string): boolean {
  return WEB_ADDRESS.test(text);
}

export function askedKind(question: string): ValueKind {
  const q = question.toLowerCase();
  if (/\bwhat time\b|\bat what time\b|\bhow late\b|\bhow early\b|\b(?:open|close|closes|shut|start|starts|begin|begins|end|ends)\s+at\b/.test(q)) return 'clock';
  if (/\bwhat (?:day|date)\b|\bwhich (?:day|date)\b|\bwhat weekday\b/.test(q)) return 'date';
  if (/^\s*(?:and\s+|so\s+)?when\b|\bby when\b|\buntil when\b|\bsince when\b/.test(q)) return 'when';
  if (/\be-?mail\b/.test(q)) return 'email';
  // "How can I reach the landlady", "how do I get in touch with": a phone number or an address will do.
  if (/\bhow (?:do|can|could|should|would) (?:i|we) (?:reach|contact|get (?:in touch|hold)|get through to)\b|\bhow (?:to|is|are) (?:reach|contact)\b|\bcontact (?:details|info)\b/.test(q)) return 'contact';
  // "How much is my phone bill", "how long are my phone backups kept" ask an amount, a length of time, not a number to ring.
  if (/\bphone\b|\bmobile\b|\bcell\b|\bextension\b|\btelephone\b|\bnumber (?:do|should) i (?:call|ring|dial)\b/.test(q) && !/\bhow (?:much|long|often|many|old|big|large)\b/.test(q)) return 'phone';
  // "How big was the deposit", "how much data have I used": the thing asked about says the kind (thing-kind).
  const byThing = kindByThing(q);
  if (byThing) return byThing;
  // "How big is the folder", "what size is the backup", "how much disk space": an amount of data, not of money.
  if (/\bhow (?:big|large|heavy)\b|\bwhat(?:'s| is| was)? (?:the )?size\b|\bhow much (?:disk |storage |memory )?(?:space|storage|disk|memory)\b|\btake[sn]? up\b/.test(q)) return 'size';
  if (/\badds? up to\b|\badded up to\b|\bin total\b|\bhow much\b|\bwhat(?:'s| is| was)? the (?:price|cost|total|fee|rent|amount|balance)\b|\bhow expensive\b|\bwhat (?:does|do|did|will|would)\b.*\bcost\b/.test(q)) return 'money';
  if (/\bhow long\b/.test(q)) return 'duration';
  if (/\bhow fast\b|\bhow quick(?:ly)?\b|\bwhat speed\b|\bhow slow\b/.test(q)) return 'rate';
  if (/\bhow many\b|\bhow often\b/.test(q)) return 'count';
  if (/^\s*(?:and\s+|so\s+)?why\b|\bwhat (?:went wrong|broke|caused|is wrong)\b|\bwhat was the (?:error|problem|issue)\b/.test(q)) return 'reason';
  if (/\bwhat (?:command|did i (?:run|type|use)|do i (?:run|type))\b|\bhow (?:do|did|can|should) i\b|\bhow to\b|\bwhat (?:should|do) i do\b|\bwhat are the steps\b/.test(q)) return 'command';
  if (/^\s*(?:and\s+|so\s+)?(?:which|what)\s+(?:room|building|floor|venue|location|place|hall|office)\b/.test(q)) return 'place';
  // "What's the address of the hotel": a street or a postcode (an email or a web address was read above, as a link below).
  // "The address of my blog", "the wiki's address": a thing that lives on the web has a link for its address, not a street.
  if (asksWebAddress(q)) return 'link';
  if (/\b(?:address|postcode|post code|zip code)\b/.test(q) && !/\b(?:web|ip|mac|url|site)\s+address\b/.test(q)) return 'place';
  if (/\b(?:url|link|website|web site|site|web address|path|folder|file)\b/.test(q) && /^\s*(?:where|what|which)\b/.test(q)) return 'link';
  if (/^\s*(?:and\s+|so\s+)?where\b/.test(q)) return 'place';
  if (/^\s*(?:and\s+|so\s+)?(?:who|whom|whose)\b|\bwhich person\b|\bwhat person\b/.test(q)) return 'person';
  if (/^\s*(?:and\s+|so\s+)?(?:which|what)(?:'s| is| was)?(?: the)? (?:ticket|issue|bug|pr|pull request|task|card)\b/.test(q)) return 'code';
  if (/\b(?:code|reference|ref|booking number|confirmation|order number|ticket number|pin|number|id|identifier)\b/.test(q)) return 'code';
  return headKind(q) ?? 'any';
}

/**
 * "What's the monthly rent on the flat", "what was the departure time", "what is the due date": the
 * noun the question asks the value of (the last word of "the …" before a preposition or the end)
 * says the kind of value, as "how much" or "when" would.
 */
const HEAD_NOUN = /^\s*(?:and\s+|so\s+)?what(?:'s|’s|\s+is|\s+was|\s+are|\s+were|\s+will\s+be)\s+(?:the|my|our|your|his|her|their|this|that)\s+(?:[\p{L}'’-]+\s+){0,3}?([\p{L}-]+)(?:\s+(?:on|of|for|at|in|to|from|with|per|before|after|this|that|next|last|we|i|you|they)\b|\s*[?.!]?\s*$)/iu;
const HEAD_KINDS: [RegExp, ValueKind][] = [
  [/^(?:time)$/, 'clock'],
  [/^(?:date|deadline|birthday)$/, 'date'],
  [/^(?:price|prices|cost|costs|fee|fees|rent|fare|fares|total|balance|salary|wage|wages|deposit|premium|bill|charge|charges|amount|payment|refund|budget|tip|excess)$/, 'money'],
];
/** The noun a "what is the …" question asks the value of ("what was the levy on my parcel": levy), lower case. */
export function headNoun(question: string): string | null {
  return HEAD_NOUN.exec(question)?.[1]?.toLowerCase() ?? null;
}
function headKind(q: string): ValueKind | null {
  const head = HEAD_NOUN.exec(q)?.[1]?.toLowerCase();
  return head ? (HEAD_KINDS.find(([re]) => re.test(head))?.[1] ?? null) : null;
}

/** A crude stem: enough that "illustrations" meets "illustration", "closes" meets "close", "centre" meets "center". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '').replace(/[^\p{L}\p{N}]/gu, '');
  // British and American spellings: centre/center, litre/liter, theatre/theater.
  w = w.replace(/([^aeiou])re(s?)$/, '$1er$2');
  // "deliveries" is "delivery" ("parties", "batteries"): the -y its singular ends in, not a stem of its own.
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5) w = w.replace(/(?:ing|ed|es|s|ly)$/, '');
  else if (w.length > 3) w = w.replace(/s$/, '');
  return w;
}

/** Words written differently for the same thing on screens; a few common ones, not a thesaurus. */
const SAME: string[][] = [
  ['wifi', 'wi-fi', 'wlan', 'wireless'],
  ['email', 'e-mail', 'mail'],
  ['phone', 'mobile', 'tel', 'cell', 'telephone'],
  ['close', 'shut', 'closing'],
  ['cost', 'price', 'estimate', 'fee', 'charge'],
  ['start', 'begin', 'begins'],
  ['package', 'parcel', 'shipment'],
  ['booking', 'reservation', 'booked', 'reserved'],
  // Everyday words and the labels screens use for them ("collect the car": "Pick-up: desk 4").
  ['collect', 'pickup', 'collection'],
  ['departure', 'depart', 'departs'],
  ['car', 'vehicle'],
  ['doctor', 'dr'],
  // A build or a test is "broken" in a question and "failed" on the CI screen; what is "left" is a balance.
  ['broken', 'failed', 'failure', 'failing'],
  ['left', 'remaining', 'balance'],
  ['flat', 'apartment'],
  // Words tools and dashboards shorten ("db-backup" for the database backup, "prod" for production).
  ['database', 'db'],
  ['production', 'prod'],
  ['development', 'dev'],
  ['repository', 'repo'],
  ['configuration', 'config'],
  ['environment', 'env'],
  ['application', 'app'],
  ['appointment', 'appt'],
  ['department', 'dept'],
  ['temperature', 'temp'],
  ['information', 'info'],
  ['documentation', 'docs'],
  ['administrator', 'admin'],
  // Months as screens shorten them ("1 Aug – 31 Aug" for "in August").
  ...'january february march april june july august september october november december'.split(' ').map((m) => (m === 'september' ? [m, 'sep', 'sept'] : [m, m.slice(0, 3)])),
];
const SAME_BY_STEM = new Map<string, string[]>();
for (const group of SAME) {
  const stems = group.map(stem);
  for (const s of stems) SAME_BY_STEM.set(s, stems);
}

/** The words that ask how fast (and their -er, -est forms) say nothing of what is measured. */
const RATE_WORDS = new Set('fast faster fastest slow slower slowest quick quicker quickest quickly speed'.split(' ').map((w) => stem(w)));

/** "How much extra / more": an amount on top of another, which a payslip calls an allowance or a bonus, never "extra". */
const ON_TOP = new Set(['extra', 'more', 'additional']);

/**
 * "On call", "on site": a compound written as two words, one of them a stop word ("call"), or
 * hyphenated ("On-call allowance"): one word to the question and to the screen either way.
 */
const SPLIT_COMPOUND = /\b(on)[\s-]+(call|site)\b/giu;
const joinSplitCompounds = (text: string) => text.replace(SPLIT_COMPOUND, '$1-$2');

/**
 * A path of a file system ("/var/log/nginx", "~/Photos/2026"): it names a directory, as a terminal
 * prints it ("4.2G  /var/log/nginx" for "how big is the nginx log folder"). Not a web address's path.
 */
const FILE_PATH = /(?:^|[\s'"(=])~?\/(?:[\p{L}\p{N}._@-]+\/)+[\p{L}\p{N}._@-]*\p{L}/u;
const DIRECTORY_WORDS = ['directory', 'folder', 'dir'].map((w) => stem(w));

/** The kind of value wanted and the stems of what the question is about. */
export function askedValue(question: string): AskedValue {
  const words = joinSplitCompounds(question.replace(/[’]/g, "'")).split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
  const terms: string[] = [];
  const loose: string[] = [];
  const kin = new Map<string, ReadonlySet<string>>();
  // The labels a screen says for a user's words where WordNet has no link ("my manager": "Reports to"; label-kin.ts).
  const labels = labelKin(words);
  words.forEach((w, i) => {
    const lw = w.toLowerCase().replace(/'s$/, '');
    if (STOP.has(lw) || lw.length < 2) return;
    const s = stem(lw);
    if (!s || terms.includes(s)) return;
    terms.push(s);
    const before = words[i - 1] ?? '';
    const twoBefore = (words[i - 2] ?? '').toLowerCase();
    // A name is never the verb; "to Oslo" is a place, "did Ines bill" a verb after a named subject.
    const named = i > 0 && /^\p{Lu}/u.test(w);
    // A name is met as written; a word is met by its kin too.
    if (!named && lw.length >= 3 && !/\d/.test(lw)) {
      const related = new Set([...wordKin(lw)].flatMap(inflectedStems).filter((k) => k.length >= 3 && k !== s));
      for (const form of foreignForms(lw)) if (form !== s) related.add(form);
      // "notice period", "check out": a phrase the table names as one ("Kündigungsfrist", "opzegtermijn", "salida") meets each of its words.
      for (const j of [i - 1, i + 1]) if (words[j]) for (const form of foreignForms(j < i ? `${words[j]} ${lw}` : `${lw} ${words[j]}`, true)) if (form !== s) related.add(form);
      if (related.size) kin.set(s, related);
    } else if (named && lw.length >= 3 && w === w.toUpperCase() && !/\d/.test(lw)) {
      // An abbreviation is no name: "VAT" is the page's "MwSt" or "TVA" (its translations, not WordNet's guesses).
      const related = new Set(foreignForms(lw).filter((form) => form !== s));
      if (related.size) kin.set(s, related);
    }
    // A place each language spells its own way ("Lisbon": "Lisboa", "Cologne": "Köln") is met by any of them.
    const places = placeSpellings(lw).map(stem).filter((k) => k.length >= 3 && k !== s);
    if (places.length) kin.set(s, new Set([...(kin.get(s) ?? []), ...places]));
    // "The play", "the gig": a ticket never says it, it says "Stalls", "Curtain", "Doors", "Live at …".
    // A label of several words is met only whole, as one token (stemsOf says it so): "Security bond", never a film's "Bond".
    const labelled = (labels.get(i) ?? []).flatMap((l) => (l.includes(' ') ? [phraseToken(l)] : inflectedStems(l))).filter((k) => k !== s);
    if (labelled.length) kin.set(s, new Set([...(kin.get(s) ?? []), ...labelled]));
    const occasion = named ? [] : occasionWords(lw).flatMap((w) => w.split(/[\s-]+/)).filter((w) => w.length >= 2).flatMap(inflectedStems).filter((k) => k !== s);
    if (occasion.length) kin.set(s, new Set([...(kin.get(s) ?? []), ...occasion]));
    const verbish =
      !named &&
      (COMMON_VERBS.has(lw) ||
        MATTER_NOUNS.has(lw) ||
        adverbOf(lw) ||
        timePhrase(words, i) ||
        phrasalVerb(words, i) ||
        (/(?:ing|ed)$/.test(lw) && !gerundSubject(words, i) && !gerundModifier(words, i)) ||
        /^(?:i|we|you|they|he|she|to|not)$/i.test(before) ||
        (/^(?:did|does|do|will|can|could|should|would)$/.test(twoBefore) && /^\p{Lu}/u.test(before)) ||
        // "Which code opens the door": the word after "which/what + noun" in its -s form is the noun's verb.
        (/^(?:which|what|whose)$/.test(twoBefore) && /[^s]s$/.test(lw) && COMMON_VERBS.has(lw.slice(0, -1))));
    if (verbish) loose.push(s);
  });
  const kind = askedKind(question);
  // "which ticket is the CSV export bug": the tracker's words name the kind of answer, not what it is about.
  // "how big is the log folder": the words that ask for a size say nothing of what is measured.
  if (kind === 'contact') return { kind, terms: terms.filter((t) => !['touch', 'hold', 'detail', 'details', 'info'].includes(t)), loose, kin };
  const drop = kind === 'code' ? new Set(['ticket', 'issue', 'bug', 'task', 'card']) : kind === 'size' ? new Set(['big', 'large', 'heavy', 'size', 'space', 'storage', 'disk', 'memory']) : kind === 'rate' ? RATE_WORDS : kind === 'money' ? ON_TOP : new Set<string>();
  const byThing = thingKindWords(question);
  return withThingSide(question, { kind, terms: terms.filter((t) => !drop.has(t) && !byThing.includes(t)), loose, kin }, stem);
}

/**
 * A WordNet word's stem and the stems of its inflected forms: the crude stem cuts "stores" and
 * "stored" to "stor" but leaves "store" whole, so a kin word ending in -e is met by a screen's
 * plural or past form too ("Stores: 23" for "how many shops", whose kin is "store").
 */
function inflectedStems(word: string): string[] {
  const s = stem(word);
  return /^[a-z]+e$/.test(word) && !/\s/.test(word) ? [...new Set([s, stem(`${word}s`), stem(`${word}d`)])] : [s];
}

/** Stems of a text's words, with their common other spellings. */
export function stemsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(SPLIT_COMPOUND)) out.add(`${m[1]}${m[2]}`.toLowerCase());
  for (const t of labelPhrasesIn(text)) out.add(t);
  if (FILE_PATH.test(text)) for (const w of DIRECTORY_WORDS) out.add(w);
  for (const w of text.split(/[^\p{L}\p{N}-]+/u)) {
    if (!w) continue;
    for (const piece of [w, ...w.split('-')]) {
      const s = stem(piece);
      if (!s) continue;
      out.add(s);
      for (const alt of SAME_BY_STEM.get(s) ?? []) out.add(alt);
    }
    out.add(stem(w.replace(/-/g, '')));
  }
  // A calendar's "1:1" is the one-on-one a question names in words.
  for (const s of meetingStems(text)) out.add(s);
  return out;
}

/**
 * An English word's everyday translations (German, French, Spanish, Italian, Portuguese, Dutch), stemmed
 * as screen words are, with and without accents: a screen in another language labels "deposit"
 * as "Kaution" or "fianza". A label is met word by word: of a phrase, its head word only. With
 * `phrasesOnly`, the forms of the English phrases the text names ("notice period"), not of its words.
 */
export function foreignForms(word: string, phrasesOnly = false): string[] {
  const out = new Set<string>();
  for (const t of translationsOf(word).filter((x) => !phrasesOnly || /\s/.test(x.english)))
    for (const [language, forms] of Object.entries(t.forms) as [OtherLanguage, string[]][])
      for (const f of forms) {
        // "dépôt de garantie", "fecha de pago": a Romance noun phrase names its kind first.
        // "taxa turística", "frais postaux", "sortie scolaire": a noun with an adjective after it, the noun first too.
        const word = /\s/.test(f) ? (/^\p{L}{4,}\s+(?:(?:de|di|da|do|du|des|del|della)\s|\p{Ll}+(?:ístic[oa]|istic[oa]|ique|ic[oa]|aux|ale?|aire|ar(?:es)?)$)/u.test(f) && language !== 'de' && language !== 'nl' ? f.split(/\s/)[0]! : null) : f;
        if (!word) continue;
        for (const w of [word, ...pluralsOf(word, language)]) for (const s of [w, plainWord(w), ...germanSpellings(w)].map(stem)) if (s.length >= 3) out.add(s);
      }
  return [...out];
}

/**
 * A noun's plural where the crude stem does not take it off: Italian "traghetto"/"traghetti",
 * "cabina"/"cabine"; Portuguese "estação"/"estações"; French "bateau"/"bateaux"; German
 * "Fähre"/"Fähren", "Buchung"/"Buchungen"; Dutch "boeking"/"boekingen". (A plural in -s is the stem's own.)
 */
function pluralsOf(word: string, language: OtherLanguage): string[] {
  const w = word.toLowerCase();
  if (w.length < 4 || /\s/.test(w)) return [];
  if (language === 'it') return /[oe]$/.test(w) ? [`${w.slice(0, -1)}i`] : /a$/.test(w) ? [`${w.slice(0, -1)}e`] : [];
  if (language === 'pt') return /ão$/.test(w) ? [`${w.slice(0, -2)}ões`] : /l$/.test(w) ? [`${w.slice(0, -1)}is`] : [];
  if (language === 'fr') return /(?:eau|eu)$/.test(w) ? [`${w}x`] : /al$/.test(w) ? [`${w.slice(0, -2)}aux`] : [];
  if (language === 'es') return /(?:ión|[lnrdz])$/.test(w) ? [`${plainWord(w).replace(/z$/, 'c')}es`] : [];
  if (language === 'de') return /e$/.test(w) ? [`${w}n`] : /(?:ung|heit|keit|ion|schaft)$/.test(w) ? [`${w}en`] : [];
  if (language === 'nl') return /e$/.test(w) ? [`${w}n`] : /(?:el|er|em|en|je)$/.test(w) ? [`${w}s`] : [`${w}en`];
  return [];
}

/**
 * A German word as it is also written: umlauts as "ue", "ae", "oe" and "ß" as "ss" (keyboards and
 * forms without them), and "ü" as "ii", the usual misreading of OCR's English model ("Schliissel").
 */
function germanSpellings(word: string): string[] {
  if (!/[äöüß]/i.test(word)) return [];
  const w = word.toLowerCase().replace(/ß/g, 'ss');
  return [w.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue'), plainWord(w).replace(/u/g, (u, i: number) => (w[i] === 'ü' ? 'ii' : u))];
}

/**
 * Whether a term is met only by one of its kin (a related word, not the word itself, or a German or
 * Dutch compound ending in it; with `byModifier`, also one starting with its translation).
 */
export function metByKin(term: string, stems: Set<string>, kin: ReadonlyMap<string, ReadonlySet<string>>, byModifier = true): boolean {
  const related = kin.get(term);
  if (!related) return false;
  // "accounting" is kin of "accountant", but its stem is the "account" a screen's menu says.
  for (const k of related) if (stems.has(k) && !(term.startsWith(k) && agentOf(k, term))) return true;
  // OCR keeps some accents and drops others ("dépot" for "dépôt"): the kin hold each form without accents too.
  for (const s of stems) if (/[^\p{ASCII}]/u.test(s) && related.has(plainWord(s))) return true;
  for (const k of related) if (GERMAN_STEMS.has(k) && k.length >= 4) for (const s of stems) if (s.length >= k.length + 3 && s.endsWith(k)) return true;
  // And a compound of two table words is about its first as well ("Frachtkosten" for the freight, "Mautgebühr" for the toll).
  if (!byModifier) return false;
  // Only by the term's own translations: WordNet's kin reach wide ("transport" for a ferry, and "Transportauftrag" is any carrier's order).
  for (const k of translatedStems(term)) if (related.has(k) && GERMAN_STEMS.has(k) && k.length >= 4) for (const s of stems) if (s.length >= k.length + 4 && s.startsWith(k) && GERMAN_STEMS.has(s.slice(k.length).replace(/^s(?=\p{L}{4})/u, ''))) return true;
  return false;
}

const TRANSLATED = new Map<string, readonly string[]>();
/** A term's stems in the everyday-words table's other languages (foreignForms of the stem), kept once read. */
function translatedStems(term: string): readonly string[] {
  let out = TRANSLATED.get(term);
  if (!out) {
    if (TRANSLATED.size > 2000) TRANSLATED.clear();
    TRANSLATED.set(term, (out = foreignForms(term)));
  }
  return out;
}

/** The German and Dutch forms' stems: both write most things as one word with the head last ("Kaltmiete" is a kind of "Miete", "huurprijs" of "prijs"). */
const GERMAN_STEMS = new Set(LEXICON.flatMap((c) => [...c.de, ...c.nl]).flatMap((f) => [stem(f), stem(plainWord(f))]));

/** What a word adds to name the person (or the device) that does a thing: "account" + "ant", "print" + "er". */
const AGENT_ENDING = /^(?:ant|ent|er|or|ist|ian|eer)$/;
/** Whether `long` is `short` (its start) made into the one who does it: "account"/"accountant", "manage"/"manager". */
const agentOf = (short: string, long: string) => AGENT_ENDING.test(`${short.endsWith('e') ? 'e' : ''}${long.slice(short.length)}`);

/** How many of the terms a text says; one met only by a related word (WordNet's kin) counts half: the word itself is surer. */
export function termsSaid(terms: readonly string[], text: string, kin: ReadonlyMap<string, ReadonlySet<string>> = new Map()): number {
  const stems = stemsOf(text);
  let n = 0;
  for (const t of terms) n += meets(t, stems) ? 1 : metByKin(t, stems, kin) ? 0.5 : 0;
  return n;
}

/** Whether a stem is met in a set of stems: equal, or one a prefix of the other when both are long. */
export function meets(term: string, stems: Set<string>): boolean {
  if (stems.has(term)) return true;
  if (term.length < 3) return false;
  for (const s of stems) {
    const [short, long] = s.length < term.length ? [s, term] : [term, s];
    // "renew"/"renewal", "illustrat"/"illustration": a long shared start; "shar"/"share": one letter more.
    // Not the one who does it: an "accountant" is no "account", a "manager" no "manage" button.
    if (short.length >= 3 && long.startsWith(short) && (short.length >= 5 || long.length - short.length <= 1) && !agentOf(short, long)) return true;
  }
  return false;
}
