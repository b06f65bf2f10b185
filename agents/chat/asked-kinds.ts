/**
 * The kinds of question that ask for something other than a labelled fact, read beyond askedValue's
 * grammar: a way to reach someone ("how can I call the agency"), a file or a link ("what did I call
 * the photo"), and the values that answer them as screens write them (a file name OCR split at its
 * dot, an s3:// address). The fact sentence asks these; askedValue stays the one reading of a question.
 */
import { stem, VALUE, type AskedValue } from './asked-value.js';
import { adjectiveBase, measuredIn, polesOf } from './measure-words.js';
import { sideStems } from './asked-qualifier.js';
import { inAskedUnit } from './asked-unit.js';
import { withCountedKin } from './count-words.js';
import { fileTypeShape, identifierAsked } from './named-identifier.js';

/** "How can I call / ring / text / write to X": a number or an address will do, as for "reach". */
const CONTACT_BY = /\bhow (?:do|can|could|should|would) (?:i|we) (?:call|ring|phone|text|e-?mail|write to|message)\b/i;

/** "Which way do I go after the bridge", "what do I do next": a step, as "how do I" asks for one. */
const STEP_ASKED = /\bwhich way\b|\bwhere do (?:i|we) (?:turn|go)\b|\bwhat(?:'s| is) the next step\b|\bwhat (?:do|should) (?:i|we) do (?:after|next|then|once)\b|\bwhat (?:do|should|must) (?:i|we) (?:click|tap|press|select|choose|pick|open) (?:after|next|then|once|before)\b/i;

/** "How do I pair my headphones with my phone": the phone is what is worked on, not a number asked for. */
const DOING_WITH_PHONE = /^\s*(?:and\s+|so\s+)?(?:(?:after|once|when|if)\b[^,]*,\s*)?how (?:do|can|could|should|would) (?:i|we) (?!call|ring|phone|reach|contact|get (?:in touch|hold)|text|e-?mail|message|write)[a-z]+/i;

/** Words that only say what kind of thing a file or link is: the screen gives its name, not the word. */
const FILE_WORDS = new Set('file files folder link url website site page path photo photos picture pictures image images document documents attachment attachments screenshot scan pdf'.split(' '));
const FILE_THING = /\b(?:file|photo|picture|image|document|attachment|screenshot|scan|pdf|spreadsheet|video|recording|presentation|slides?)s?\b/i;
/** "What did I call / name / save the photo", "what was the document called": the name given to a file (not "which PDF standard": its make-up). */
const NAMED_IT = /\bwhat (?:did|do|have|had) (?:i|we|you|they|he|she) (?:call|name|title|save)\b|\bwhat(?:'s| is| was) (?:it|that|the\b.*?) (?:called|named|saved as)\b|^\s*(?:which|what)\s+(?:\w+\s+)?(?:file|photo|picture|image|document|attachment|screenshot|pdf)s?\b(?!\s+(?:standard|format|type|version|size|resolution|profile|quality|setting|spec)s?\b)/i;

/**
 * Things a "which X" question asks for that are known by their shape, not by a word beside them: a
 * meeting room ("Lighthouse 3.04", "Room 2B"), a git branch ("feature/pay-77-retry"), a failed test
 * ("checkout › applies the voucher"). The noun itself is the answer's kind, so a screen need not say
 * it: a calendar entry names the room without the word "room", a CI run pushes "to" a branch.
 */
const ROOM = /\b\p{Lu}[\p{L}'’-]+\s+[A-Z]?\d{1,2}\.\d{1,3}[A-Z]?\b|\b(?:room|rm|zaal|sala|salle|raum|hall)\.?\s*[A-Z]?\d{1,4}[A-Z]?\b/iu;
/** A branch name as git tools print it: lowercase words joined by hyphens or slashes, after the word that says it is one (quoted or not) or git's flag that makes one. */
const BRANCH = /(?:\b(?:branch(?:es)?|to|on|from|into|head|base)\s*:?|\s(?:checkout|switch)\s+-[bc])\s+['"‘“]?(?:[a-z0-9._-]+\/)*[a-z0-9][a-z0-9._]*(?:[-_/][a-z0-9._]+)+\b/;
/**
 * A test marked as failed with its name: a mark (✕, ✗, ×, "x" as OCR reads ✕, FAIL) before a suite
 * and a test joined by ">" or "›", or pytest's "file::test FAILED". A test file's line with its counts
 * ("webhook.test.ts (19 tests | 1 failed)") says which file, not which test.
 */
const FAILED_TEST = /(?:^|\s)(?:[✕✗✘×❌]|x|X|FAIL(?:ED)?)\s+[\w.$#-]+(?:\s*[>›»]\s*[^>›»\n]{3,})+|\S+::\w+\s+FAIL(?:ED)?\b|\bFAIL(?:ED)?:?\s+\S+::\w+/u;
const THING_SHAPES: { thing: RegExp; shape: (text: string) => boolean }[] = [
  { thing: /^(?:room|meeting room|hall)$/, shape: (t) => ROOM.test(t) || placeIn(t) },
  { thing: /^branch$/, shape: (t) => BRANCH.test(t) },
  { thing: /^(?:test|spec|test case)$/, shape: (t) => FAILED_TEST.test(t) },
];
/** "Which room is X in", "which branch was it on", "which test failed" (the verb after the noun is no auxiliary here). */
const WHICH_SHAPED = /^\s*(?:and\s+|so\s+)?(?:which|what)\s+(meeting room|test case|[\p{L}]+)\b/iu;
const FAILED_ASKED = /\b(?:fail(?:ed|s|ing)?|broke|broken|went red|red)\b/i;

/** The asked thing's shape, when a "which" question asks for one of those: the noun is dropped from the terms. */
function shapedThing(question: string, asked: AskedValue): AskedValue | null {
  const noun = WHICH_SHAPED.exec(question)?.[1]?.toLowerCase();
  if (!noun || !['any', 'place'].includes(asked.kind)) return null;
  const found = THING_SHAPES.find((x) => x.thing.test(noun));
  if (!found) return null;
  // A failed test is asked as one: "which test covers refunds" asks for no failure.
  if (found.thing.test('test') && !FAILED_ASKED.test(question)) return null;
  const words = noun.split(' ').map((w) => w.replace(/s$/, ''));
  const terms = asked.terms.filter((t) => !words.includes(t));
  return terms.length ? { ...asked, terms, shaped: found.shape } : null;
}

/** "Who do I ring / call / text about the flat": who answers is reached by a number. */
const WHO_TO_RING = /^\s*(?:and\s+|so\s+)?who\s+(?:do|should|can|could|would|shall)\s+(?:i|we)\s+(?:ring|call|phone|dial|text)\b/i;

/**
 * "Where am I sitting", "where are we seated": a seat, as tickets print it ("Seat 14C", a "Seats"
 * column holding "14C"): a row number and a seat letter, under or beside the word seat.
 */
const WHERE_SEATED = /^\s*(?:and\s+|so\s+)?where\b.*\b(?:sit|sitting|seated|sat)\b/i;
const SEAT = /\bseats?\b[^\n]*?\b\d{1,2}[A-K]\b|\b\d{1,2}[A-K]\b[^\n]*?\bseats?\b/i;
const SIT_WORDS = new Set(['sit', 'sitt', 'seat', 'sat']);

const AFTER_TAX = /\b(?:after|before)\s+(tax|taxes|deductions?)\b/i;

/** "How far", "how tall", "how close": an adjective the question asks the degree of. */
const HOW_ADJECTIVE = /\bhow\s+([a-z]+)\b/i;
/** "How far into the episode did I get", "how far along is the build": how much of a thing is done, not a distance. */
const HOW_FAR_ALONG = /\bhow far\s+(?:into|through|along|in|with|down|up|behind|ahead)\b|\bhow far\b.*\b(?:get|got|gotten|come|came|made it)\b/i;
/** "How much room is in the boot": a capacity, not money (askedKind reads "how much space" so already). */
const HOW_MUCH_ROOM = /\bhow much room\b(?!\s+(?:rate|price|cost|charge|fee)s?\b)/i;

/**
 * A question whose kind askedKind could not read from its words ("how far is the hut") asks for what
 * its adjective measures (measure-words): a value of that dimension answers it, the adjective does not
 * need to be said by the screen ("River road 33 km").
 */
function measureAsked(question: string, asked: AskedValue): AskedValue | null {
  if (HOW_MUCH_ROOM.test(question)) {
    const terms = asked.terms.filter((t) => t !== 'room');
    return { ...asked, kind: 'size', terms: terms.length ? terms : asked.terms };
  }
  if (asked.kind !== 'any' || HOW_FAR_ALONG.test(question)) return null;
  const adjective = HOW_ADJECTIVE.exec(question)?.[1];
  const poles = adjective ? polesOf(adjective) : [];
  if (!poles.length || adjectiveBase(adjective!) !== adjective!.toLowerCase()) return null;
  const terms = asked.terms.filter((t) => t !== stem(adjective!));
  if (!terms.length) return null;
  return { ...asked, kind: 'size', terms, shaped: (t) => poles.some((p) => measuredIn(p.dim, t)) };
}

/**
 * "The plumber's number", "Ana's number", "the number for the taxi company": a number a person or a
 * business has is one to ring, not a reference (as "the order number" or "what number do I give" are).
 */
const SOMEONES_NUMBER = /\b(?!(?:flight|order|train|invoice|ticket|booking|room|seat|parcel|package|case|claim|policy|account|card|house|building|bus|gate|platform|table|item|product|page|model|serial)'s\b)[\p{L}-]+'s\s+(?:phone\s+|mobile\s+|contact\s+)?number\b/iu;
const BUSINESS_NUMBER = /\bnumber\s+(?:for|of)\s+(?:the|my|our|your|their|this|that)\s+(?:[\p{L}-]+\s+){0,2}(?:company|firm|provider|office|clinic|surgery|practice|shop|store|restaurant|hotel|agency|service|support|helpline|hotline|desk|school|garage|salon|pharmacy|plumber|electrician|doctor|dentist|vet|landlord|landlady|insurer|bank)\b/iu;

/** The question's kind and terms, with the kinds read here; the words for the side of a time asked ("finish", "return") are checked beside the value (asked-qualifier), not met as nouns. */
export function refineAsked(question: string, asked: AskedValue): AskedValue {
  const refined = withCountedKin(refineKind(question, asked));
  const sides = sideStems(question, refined).filter((t) => refined.terms.includes(t) && !refined.loose.includes(t));
  // "When does the training finish": what has an end asked is a thing, though it ends in -ing.
  const things = sideStems(question, refined).length ? [...question.matchAll(/\b(?:the|my|our|your|his|her|their|this|that)\s+([\p{L}]+ing)\b/giu)].map((m) => stem(m[1]!)) : [];
  const loose = [...refined.loose.filter((t) => !things.includes(t)), ...sides];
  return sides.length || things.length ? { ...refined, loose } : refined;
}

function refineKind(question: string, asked: AskedValue): AskedValue {
  const inUnit = inAskedUnit(question, asked);
  if (inUnit) return inUnit;
  const measured = measureAsked(question, asked);
  if (measured) return measured;
  const q = question.replace(/[’]/g, "'");
  const identifier = identifierAsked(question, asked);
  if (identifier) return identifier;
  if (asked.kind === 'code' && (SOMEONES_NUMBER.test(q) || BUSINESS_NUMBER.test(q))) return { ...asked, kind: 'phone' };
  if (WHO_TO_RING.test(question)) return { ...asked, kind: 'phone', terms: asked.terms.filter((t) => !['ring', 'dial', 'text'].includes(t)) };
  if (WHERE_SEATED.test(question) && ['place', 'any'].includes(asked.kind)) {
    const terms = asked.terms.filter((t) => !SIT_WORDS.has(t));
    return { ...asked, kind: 'place', terms: terms.length ? terms : asked.terms, shaped: (t) => SEAT.test(t) };
  }
  const shaped = shapedThing(question, asked);
  if (shaped) return shaped;
  // "What did I get paid after tax": the tax is what was taken off, not what is asked.
  const off = AFTER_TAX.exec(question)?.[1];
  if (off && asked.terms.some((t) => t !== stem(off))) asked = { ...asked, terms: asked.terms.filter((t) => t !== stem(off)) };
  if ((asked.kind === 'command' || asked.kind === 'any') && CONTACT_BY.test(question)) return { ...asked, kind: 'contact', terms: asked.terms.filter((t) => !['ring', 'text', 'write', 'message'].includes(t)) };
  if (asked.kind === 'phone' && DOING_WITH_PHONE.test(question) && !/\bnumber\b|\bextension\b/i.test(question)) return { ...asked, kind: 'command' };
  if ((asked.kind === 'any' || asked.kind === 'place') && STEP_ASKED.test(question)) return { ...asked, kind: 'command', terms: asked.terms.filter((t) => t !== 'way') };
  const file = asked.kind === 'link' || (FILE_THING.test(question) && NAMED_IT.test(question) && ['any', 'link', 'place'].includes(asked.kind));
  if (!file) return asked;
  const terms = asked.terms.filter((t) => !FILE_WORDS.has(t));
  // "The photo of the frame": a picture's name, not a PDF's beside it.
  const typed = fileTypeShape(question);
  return { ...asked, kind: 'link', terms: terms.length ? terms : asked.terms, ...(typed ? { shaped: typed } : {}) };
}

/** File extensions as names end in them: code, documents, pictures, archives. */
const EXT = 'go|rs|java|kt|c|h|cc|cpp|hpp|cs|rb|php|swift|sh|sql|html?|css|scss|vue|jsx|tsx|mjs|cjs|jpe?g|png|gif|heic|webp|svg|mp[34]|mov|wav|zip|tar|gz|tgz|7z|pptx?|odt|ods|odp|rtf|log|xml|toml|ini|conf|cfg|env|dmg|exe|msi|apk|ics|vcf|eml|epub';
/**
 * A file name, a path or an address with a scheme ("s3://backups/pg", "session_check.go"); OCR often
 * reads a space after a file name's dot ("IMG-4471-frame-crack. jpg"), which is taken for the common
 * extensions only, in lower case, so a sentence's end does not read as a file.
 */
const FILE_OR_URL = new RegExp(`\\b[a-z][a-z0-9+.-]*:\\/\\/[^\\s]+|\\b[\\w-]+(?:\\/[\\w.-]+)*\\.(?:${EXT})\\b`, 'i');
const OCR_FILE = /\b[\w-]{3,}\. (?:jpe?g|png|pdf|docx?|xlsx?|txt|csv|zip|heic|gif|mp4|mov)\b/;

/** Whether a text names a file, a path or a link. */
export function linkIn(text: string): boolean {
  return VALUE.link.test(text) || FILE_OR_URL.test(text.replace(/\b(?:e\.g|i\.e|etc)\./gi, ' ')) || OCR_FILE.test(text);
}

/** A date with its year, or a clock time: "Sat 5 Dec 2026 08:52" is no phone number. */
const DATE_OR_TIME = new RegExp(`(?:${VALUE.date.source})(?:,?\\s+\\d{4}\\b)?|${VALUE.clock.source}`, 'gi');

/** Whether a text holds a phone number, its dates, times and postcodes aside ("4050-256 Porto" is no number to ring). */
export function phoneIn(text: string): boolean {
  return VALUE.phone.test(text.replace(DATE_OR_TIME, ' ').replace(new RegExp(POSTCODE.source, 'gu'), ' '));
}

/** The phone numbers a text holds, as written, its dates, times and postcodes aside (see phoneIn). */
export function phonesIn(text: string): string[] {
  const blank = (s: string) => ' '.repeat(s.length);
  const masked = text.replace(DATE_OR_TIME, blank).replace(new RegExp(POSTCODE.source, 'gu'), blank);
  return [...masked.matchAll(new RegExp(VALUE.phone.source, 'gi'))].map((m) => text.slice(m.index, m.index + m[0].length).trim());
}

/** A label or a word that says the number beside it is one to ring, in the languages screens use. */
const PHONE_WORD = /\b(?:phone|tel|telephone|telefone|telefon|t[ée]l[ée]phone|tel[ée]fono|mobile|mobiel|cell|call|ring|whatsapp)\b/iu;

/** Whether a text says it gives a phone number ("Telefone: …", "Call us on …"). */
export function saysPhone(text: string): boolean {
  return PHONE_WORD.test(text);
}

/** Words that only say a thing failed, not why: a status ("invoice-export FAILED", "Build: broken"). */
const STATUS = /\b(?:failed|failing|fails?|failure|broken|errored|down|red|crash(?:ed)?)\b/gi;
/** What says why a job or a process stopped, beside the usual error words. */
const CAUSE = /\b(?:killed|out of memory|oom(?:killed)?|exit(?:ed)? (?:code|status) \d+|segfault|segmentation fault|panic(?:ked)?|aborted|quota|limit exceeded|expired|unreachable|disk full)\b/i;

/** The error words of a reason; an error code in capitals ("ENOSPC") is matched apart, case and all, or "export" would read as one. */
const WHY = /\b(?:error|errors|because|due to|refused|denied|timed? ?out|not found|no space|exception|invalid|missing|conflict)\b/i;
const ERROR_CODE = /\bE[A-Z]{4,}\b/;

/** Whether a text says why something failed, not only that it did. */
export function causeIn(text: string): boolean {
  return CAUSE.test(text) || WHY.test(text.replace(STATUS, ' ')) || ERROR_CODE.test(text);
}

/**
 * An amount measured in a unit ("412 kWh", "18.4 GB", "12.5 km", "3 kg", "750 ml", "64 %"): what
 * "how much electricity / water / data did I use" asks for when it names no money.
 */
const QUANTITY = /\b\d+(?:[.,]\d+)?\s?(?:[kMG]?Wh|[kMG]?W|[kKMGTP]i?B|bytes?|kcal|cal|units?|°C|°F|steps)(?![\p{L}\d])|\b\d+(?:[.,]\d+)?\s?%/u;
/**
 * A length, an area, a volume or a weight ("12.5 km", "68 m²", "750 ml", "2.4 kg"); a bare "m" is not
 * taken, as tools print minutes so ("AGE 41m").
 */
const MEASURE = /\b\d+(?:[.,]\d+)?\s?(?:km|mi|miles?|cm|mm|m²|m2|sq ?m|m³|m3|metres?|meters?|kg|g|lbs?|oz|tonnes?|l|L|ml|cl|litres?|liters?|gal(?:lons?)?)(?![\p{L}\d])/u;
/** Words that ask for money, or for money sent between people: without one, "how much" asks for an amount in any unit. */
const MONEY_ASKED = /\b(?:cost\w*|price\w*|pa(?:y|id|ying)|owe[sd]?|sen[dt]|sending|transfer\w*|lend|lent|wired?|gave|give[ns]?|tip(?:ped)?|reimburs\w*|donat\w*|split|spen[dt]|spending|charge[sd]?|bill\w*|fees?|rent|deposit|refund\w*|budget\w*|set aside|worth|expensive|cheap|salary|earn\w*|tips?|fares?|money|cash|balance|invoice\w*|euros?|dollars?|pounds?|quid|bucks?)\b|[€$£]/i;

/** Whether a text holds an amount with its unit. */
export function quantityIn(text: string): boolean {
  return QUANTITY.test(text) || MEASURE.test(text);
}

/** Whether a text holds a length, an area, a volume or a weight: what "how big / heavy" may ask for beside data. */
export function measureIn(text: string): boolean {
  return MEASURE.test(text);
}

/** Whether a "how much" question asks about money (else an amount in any unit answers it). */
export function asksMoney(question: string): boolean {
  return MONEY_ASKED.test(question);
}

/**
 * Where a thing is kept or found, as storage, transport and buildings label it: a shelf, bay, rack,
 * locker, platform or gate, alone or with its number ("rack B-17", "Locker 214", "in the cellar").
 */
const PLACE_WORD = /\b(?:shelf|shelves|rack|bay|bin|locker|cabinet|drawer|cupboard|wardrobe|closet|aisle|platform|track|dock|pier|berth|stall|slot|pigeonhole|cubby|desk|cubicle|booth|counter|basement|cellar|attic|loft|garage|shed|storeroom|store room|storage unit|warehouse|depot|wing|block|level|deck|section|zone|car park|parking|pitch)\b/i;

/**
 * A postcode before its town, as addresses write it: "4050-256 Porto", "3531 CK Utrecht",
 * "10115 Berlin" after a comma or a street number, "SW1A 2AA". With a street the line is an address.
 */
const POSTCODE = /\b\d{4}-\d{3}\s+\p{Lu}|\b\d{4}\s?[A-Z]{2}\s+\p{Lu}\p{Ll}|(?:,|\d[a-z]?)\s+\d{5}\s+\p{Lu}\p{Ll}|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/u;

/** Whether a text says where something is kept, beyond the addresses and rooms VALUE.place reads. */
export function placeIn(text: string): boolean {
  return VALUE.place.test(text) || PLACE_WORD.test(text) || POSTCODE.test(text);
}

/**
 * A reference OCR split at a space ("Booking code K7 QW2M" for K7QW2M, as wide letter spacing reads):
 * two short runs of capitals and figures right after the word that says it is a code, together five
 * to eight long with a letter and a figure. Without that word two short runs are anything ("SL 4107").
 */
const SPLIT_CODE = /\b((?:code|ref(?:erence)?|booking|confirmation|reservation|locator|PNR)(?:\s+(?:no\.?|number|code))?[\s:#]+)([A-Z0-9]{2,4}) ([A-Z0-9]{2,5})\b(?![ -]?[A-Z0-9])/gi;
const isCode = (a: string, b: string) => /^[A-Z0-9]+$/.test(a + b) && /\d/.test(a + b) && /[A-Z]/.test(a + b) && (a + b).length >= 5 && (a + b).length <= 8;

/** Whether a text holds a reference split by OCR's space after its label. */
export function splitCodeIn(text: string): boolean {
  return [...text.matchAll(SPLIT_CODE)].some((m) => isCode(m[2]!, m[3]!));
}

/** The text with such references joined again: "Booking code K7QW2M". */
export function joinSplitCodes(text: string): string {
  return text.replace(SPLIT_CODE, (all, label: string, a: string, b: string) => (isCode(a, b) ? `${label}${a}${b}` : all));
}
