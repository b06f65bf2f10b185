/**
 * The kinds of question that ask for something other than a labelled fact, read beyond askedValue's
 * grammar: a way to reach someone ("how can I call the agency"), a file or a link ("what did I call
 * the photo"), and the values that answer them as screens write them (a file name OCR split at its
 * dot, an s3:// address). The fact sentence asks these; askedValue stays the one reading of a question.
 */
import { VALUE, type AskedValue } from './asked-value.js';

/** "How can I call / ring / text / write to X": a number or an address will do, as for "reach". */
const CONTACT_BY = /\bhow (?:do|can|could|should|would) (?:i|we) (?:call|ring|phone|text|e-?mail|write to|message)\b/i;

/** "Which way do I go after the bridge", "what do I do next": a step, as "how do I" asks for one. */
const STEP_ASKED = /\bwhich way\b|\bwhere do (?:i|we) (?:turn|go)\b|\bwhat(?:'s| is) the next step\b|\bwhat (?:do|should) (?:i|we) do (?:after|next|then|once)\b/i;

/** "How do I pair my headphones with my phone": the phone is what is worked on, not a number asked for. */
const DOING_WITH_PHONE = /^\s*(?:and\s+|so\s+)?(?:(?:after|once|when|if)\b[^,]*,\s*)?how (?:do|can|could|should|would) (?:i|we) (?!call|ring|phone|reach|contact|get (?:in touch|hold)|text|e-?mail|message|write)[a-z]+/i;

/** Words that only say what kind of thing a file or link is: the screen gives its name, not the word. */
const FILE_WORDS = new Set('file files folder link url website site page path photo photos picture pictures image images document documents attachment attachments screenshot scan pdf'.split(' '));
const FILE_THING = /\b(?:file|photo|picture|image|document|attachment|screenshot|scan|pdf|spreadsheet|video|recording|presentation|slides?)s?\b/i;
/** "What did I call / name / save the photo", "what was the document called": the name given to a file. */
const NAMED_IT = /\bwhat (?:did|do|have|had) (?:i|we|you|they|he|she) (?:call|name|title|save)\b|\bwhat(?:'s| is| was) (?:it|that|the\b.*?) (?:called|named|saved as)\b|^\s*(?:which|what)\s+(?:\w+\s+)?(?:file|photo|picture|image|document|attachment|screenshot|pdf)s?\b/i;

/** The question's kind and terms, with the kinds read here. */
export function refineAsked(question: string, asked: AskedValue): AskedValue {
  if ((asked.kind === 'command' || asked.kind === 'any') && CONTACT_BY.test(question)) return { ...asked, kind: 'contact', terms: asked.terms.filter((t) => !['ring', 'text', 'write', 'message'].includes(t)) };
  if (asked.kind === 'phone' && DOING_WITH_PHONE.test(question) && !/\bnumber\b|\bextension\b/i.test(question)) return { ...asked, kind: 'command' };
  if ((asked.kind === 'any' || asked.kind === 'place') && STEP_ASKED.test(question)) return { ...asked, kind: 'command', terms: asked.terms.filter((t) => t !== 'way') };
  const file = asked.kind === 'link' || (FILE_THING.test(question) && NAMED_IT.test(question) && ['any', 'link', 'place'].includes(asked.kind));
  if (!file) return asked;
  const terms = asked.terms.filter((t) => !FILE_WORDS.has(t));
  return { ...asked, kind: 'link', terms: terms.length ? terms : asked.terms };
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

/** Whether a text holds a phone number, its dates and times aside. */
export function phoneIn(text: string): boolean {
  return VALUE.phone.test(text.replace(DATE_OR_TIME, ' '));
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

/** Whether a text says where something is kept, beyond the addresses and rooms VALUE.place reads. */
export function placeIn(text: string): boolean {
  return VALUE.place.test(text) || PLACE_WORD.test(text);
}
