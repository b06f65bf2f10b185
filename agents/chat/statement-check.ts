/**
 * The one check before a value found on a screen is stated as the answer: its own words (its line,
 * its row's naming cells, the heading over it, the sentence it was cut from) must not show it to be a
 * sibling of the asked thing. Two ways a value of the asked kind, on a page about the asked topic, is
 * still not the answer: it is another attribute of the topic ("Total" for "the deposit", see
 * asked-attribute), or the other side of what was asked (the start for "when will it be finished",
 * the way out for "the return ferry", see asked-qualifier). Such a value is a near miss: the lead
 * says the asked thing was not found and shows what the page does give (near-miss.ts).
 */
import { meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import { nounSenses } from '../runtime/index.js';
import { askedOfTopic, attributeFit, headingOver } from './asked-attribute.js';
import { sideFit } from './asked-qualifier.js';
import { otherSlot } from './asked-slot.js';
import { otherEventDate } from './due-date.js';

/** A value read on a screen, with the words around it, nearest first. */
export interface CheckedValue {
  /** The value's own text: its clause, line or "Label: value". */
  text: string;
  /** The cells of its row that name it. */
  key?: string;
  /** The day heading over it. */
  heading?: string;
  /** The sentence its clause was cut from. */
  sentence?: string;
  /** What is right next to it (a command's output). */
  near?: string;
  /** Read on a screen (not a memory's text). */
  onScreen: boolean;
  windowTitle?: string;
  /** Its screen's text, for where else the asked words are said. */
  screen: string;
  /** A label the embedder judged to mean the asked words (see label-meaning): the meaning stands in for the words. */
  meant: boolean;
  /** The asked thing is known by its shape (a seat, a branch): no word need name it. */
  shaped: boolean;
}

export interface Check {
  /** Not to be stated: a near miss. */
  miss: boolean;
  /** Its own words say all that was asked of the topic: ahead of a value that says part of it. */
  says: boolean;
}

/**
 * Whether a value judged a fit ('yes') or a guess ('near') may be said as such. `dayWords` are the
 * question's day words when the value sits under that day's header.
 */
export function checkStatement(question: string, asked: AskedValue, v: CheckedValue, fit: 'yes' | 'near', dayWords = ''): Check {
  // The other side of what was asked (the start for the end), or a side the page must name and does not.
  const heading = v.heading ?? headingOver(v.screen.split(/\n|\s+·\s+/), v.text);
  const side = sideFit(question, asked, [v.text, v.key ?? '', heading, v.sentence ?? '', v.near ?? '', v.windowTitle ?? '']);
  if (side.fit === 'other' || side.fit === 'unsaid') return { miss: true, says: false };
  // Another slot's value: the 08:00 run's driver for "who's driving the 14:00 van".
  if (otherSlot(question, asked, [v.text, v.key ?? '', heading])) return { miss: true, says: false };
  // "When will I get my money back": the date an order was placed or a bill issued is another event's.
  if (otherEventDate(question, `${v.text} ${v.key ?? ''}`)) return { miss: true, says: false };
  // "My old address": the value a form labels as the new one is the other of the pair, and the other way round.
  if (otherAge(question, [v.text, v.key ?? '', heading])) return { miss: true, says: false };
  // A memory (a visit, a note) is held to the attribute only for a guess: "Browsed "Kanaalstraat 118-2 …"" is no dishwasher.
  if ((!v.onScreen && fit !== 'near') || v.meant || v.shaped) return { miss: false, says: false };
  // A word the window's title says is the topic the page is about, not what was asked of it.
  const of = askedOfTopic(question, asked);
  const title = stemsOf(v.windowTitle ?? '');
  const attribute = { ...of, terms: of.terms.filter((t) => !meets(t, title) && !metByKin(t, title, asked.kin)) };
  const own = `${v.text}\n${v.key ?? ''}\n${v.heading ?? ''}\n${v.sentence ?? ''}\n${v.near ?? ''}${dayWords}`;
  const a = attributeFit(attribute, asked, own, v.screen, v.text);
  if (a === 'elsewhere' || (fit === 'near' && (a === 'part' || a === 'absent'))) return { miss: true, says: false };
  return { miss: false, says: a === 'meets' && attribute.terms.length > 0 };
}

/** Words a screen uses to mark the earlier of two values of one thing ("Old address", "Vorherige Adresse", "Ancien numéro"). */
const OLD_SAID = /(?<![\p{L}\p{N}])(?:old|previous|former|prior|earlier|alte?[nrs]?|vorherige?[nrs]?|bisherige?[nrs]?|ancien(?:ne)?|pr[ée]c[ée]dent(?:e)?|anterior|antigu[oa]|vecchi[oa]|precedente|oude?|vorige)(?![\p{L}\p{N}])/iu;
/** Words a screen uses to mark the later one ("New address", "Neue Adresse", "Nouveau numéro", "Current plan"). */
const NEW_SAID = /(?<![\p{L}\p{N}])(?:new|current|present|updated|neue?[nrs]?|aktuelle?[nrs]?|nouve(?:au|lle)|actuel(?:le)?|nuev[oa]|actual|nov[oa]|attuale|nieuwe?|huidige?)(?![\p{L}\p{N}])/iu;
/** The question asks the earlier value ("my old address", "the previous plan") or the later one ("my new number", "the current tariff"). */
const ASKS_OLD = /\b(?:old|previous|former|prior)\b/i;
const ASKS_NEW = /\b(?:new|current|present)\b/i;

/**
 * Whether a value's own words, nearest first, mark it the other of an old and a new value of one
 * thing: "New address: 14 Larch Road" for "what was my old address". Words that mark neither leave it
 * open; "how old" asks an age, no side.
 */
export function otherAge(question: string, near: readonly string[]): boolean {
  return ageSaid(question, near) === 'other';
}

/** The question's word for the side it asks ("old", "previous", "current"), when its value's own words say that side in theirs ("Previous mobile"): the word is met. */
export function askedAgeMet(question: string, near: readonly string[]): string[] {
  if (ageSaid(question, near) !== 'same') return [];
  return [...question.matchAll(new RegExp(`${ASKS_OLD.source}|${ASKS_NEW.source}`, 'gi'))].map((m) => stem(m[0].toLowerCase()));
}

/** Whether the nearest of a value's texts that marks an age marks the asked one ('same'), the other ('other'), or none does (or the question asks none). */
function ageSaid(question: string, near: readonly string[]): 'same' | 'other' | 'none' {
  const q = question.replace(/\bhow\s+old\b/gi, ' ');
  const old = ASKS_OLD.test(q);
  if (old === ASKS_NEW.test(q)) return 'none';
  for (const text of near) {
    const saysOld = OLD_SAID.test(text);
    const saysNew = NEW_SAID.test(text);
    if (saysOld !== saysNew) return old === saysOld ? 'same' : 'other';
  }
  return 'none';
}

/** A lead read by a reader of its own (a table's cell, a bill's amount, a list's end, a person in a row, a piece of advice). */
export interface ReaderLead {
  text: string;
  passage: { window_title?: string | null } | null;
}

/**
 * Whether a lead its own reader found may be stated: held to the check every other answer is held
 * to, its own text being its words (a table's cell is said with its row and column). The other side
 * of what was asked, or another slot's row, is not stated as known.
 */
export function leadStands(question: string, asked: AskedValue, lead: ReaderLead): boolean {
  const v: CheckedValue = { text: lead.text, onScreen: lead.passage !== null, windowTitle: lead.passage?.window_title ?? '', screen: lead.text, meant: false, shaped: false };
  return !checkStatement(question, asked, v, 'yes').miss;
}

const questionWords = (question: string) => question.replace(/[’]/g, "'").split(/[^\p{L}\p{N}'-]+/u).filter(Boolean).map((w) => w.replace(/'s$/i, ''));

/** The question's word a term was stemmed from ("class" for "clas"). */
function wordOf(question: string, term: string): string | null {
  return questionWords(question).find((w) => stem(w) === term)?.toLowerCase() ?? null;
}

/** Whether the term's word comes right after one of the met terms' words: the head of a compound whose modifier was met ("yoga class"). */
function headOfMet(question: string, term: string, met: readonly string[]): boolean {
  const words = questionWords(question);
  return words.some((w, i) => i > 0 && stem(w) === term && met.includes(stem(words[i - 1]!)));
}

/**
 * Whether the nouns of the question a value's surroundings leave unmet are only its more general
 * words, the ones they do meet the more specific: "Drop-in price: €14.00" under "Yoga flow" for "how
 * much does the yoga class cost" (a page says "yoga", not "class"). Generality is WordNet's count of
 * a noun's senses ("class" 8, "yoga" 2); a word WordNet does not know is a name, never general; and
 * only the head of a compound whose modifier is met may go unmet. What
 * the question asks of its topic ("the deposit") is never left unmet so, nor are more nouns unmet than met.
 */
export function onlyGeneralUnmet(question: string, asked: AskedValue, unmet: readonly string[], met: readonly string[]): boolean {
  if (!unmet.length || !met.length || unmet.length > met.length) return false;
  const attribute = askedOfTopic(question, asked).terms;
  if (unmet.some((t) => attribute.includes(t))) return false;
  const senses = (t: string) => {
    const w = wordOf(question, t);
    return w ? nounSenses(w) : 0;
  };
  const rarest = Math.min(...met.map(senses));
  // The head of a compound only: its modifier says which thing ("yoga class"); an unmet modifier
  // ("car" in "car insurance" over a home policy) tells the asked thing from its siblings.
  return unmet.every((t) => {
    const n = senses(t);
    return n > 0 && n > rarest && headOfMet(question, t, met);
  });
}

/** A frequency said alone: "twice a week", "every 10 days", "3 times per month", "daily". */
const FREQUENCY = /^(?:(?:once|twice|thrice|(?:\d+|two|three|four|five|six)\s*(?:x|times))\s+(?:a|an|per|each|every)\s+\p{L}+|every\s+(?:other\s+|(?:\d+|two|three|four|five|six|few|couple of)\s+)?\p{L}+|daily|weekly|fortnightly|monthly|yearly|annually|hourly|nightly)$/iu;

/**
 * Whether a lead answers "when" with how often something else is done ("Twice a week — the monstera
 * likes a misting twice a week" for "when should I repot the monstera"): a habit's frequency answers
 * "when" only when its sentence says all the question does, the deed as well as the thing ("Water
 * the fern twice a week" for "when should I be watering the fern").
 */
export function oftenForWhen(question: string, asked: AskedValue, lead: string): boolean {
  if (asked.kind !== 'when' || !FREQUENCY.test(lead.split(' — ')[0]!.trim().replace(/[.;,]+$/, ''))) return false;
  const said = stemsOf(lead);
  return asked.terms.some((t) => !meets(t, said) && !metByKin(t, said, asked.kin));
}
