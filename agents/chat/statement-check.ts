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
