/**
 * What a question asks of its topic, apart from the topic: in "how much is the deposit on the car
 * hire" the car hire is the topic and the deposit what is asked of it; in "when is the invoice due"
 * the invoice and "due"; in "what time does the concert finish" the concert and "finish". A page about
 * the topic often lacks the asked thing (a near miss): its other values share the topic's words and
 * no more, and stating one of them would state a wrong fact. This reads the question's grammar for the
 * asked part and judges a value's own words against it. Generous to the topic: a word the grammar does
 * not place is topic, so that the check only stops values it can tell are about something else.
 */
import { meets, metByKin, stem, stemsOf, type AskedValue, type ValueKind } from './asked-value.js';
import { asksMoney } from './asked-kinds.js';

const WH = /^(?:what|which|when|where|who|whom|whose|how|why)$/;
const COPULA = /^(?:is|are|was|were|be|been|am)$/;
const AUX = /^(?:do|does|did|is|are|was|were|will|would|can|could|should|shall|has|have|had|am|may|might|must)$/;
const PREP = /^(?:on|for|at|of|in|to|from|with|about|off|by|into|onto|under|over|near|after|before|during|per|via|since|until|till|through|inside|outside|without|within|between|behind|beside|against)$/;
const SUBJECT = /^(?:i|we|you|they|he|she|it)$/;
const DETERMINER = /^(?:the|a|an|my|our|your|his|her|their|its|this|that|these|those)$/;
/** "How much", "how many", "how long": the words that only say what kind of answer, before the asked noun. */
const HOW = /^(?:much|many|long|far|big|large|heavy|tall|old|often|fast|slow|soon|late|early|high|wide|deep)$/;
/** Words after "when is the X" that say what is asked of X, not more of X: "when is the invoice due", "when is the gym open". */
const PREDICATE = /^(?:due|open|opens|closed|closes|ready|free|available|valid|over|done|finished|delivered|starting|ending|arriving|leaving|departing|expiring|opening|closing)$/;
/** A word made from another with "-ly" says how, not what ("did I actually get"). */
const ADVERB = /^[a-z]{3,}ly$/i;

/** The question's words, contractions undone ("what's" → "what is"), without punctuation. */
function wordsOf(question: string): string[] {
  return question
    .replace(/[’]/g, "'")
    .replace(/\b(what|where|when|who|how|which|that|it|there)'s\b/gi, '$1 is')
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
}

/** What a question asks of its topic: the stems of its terms, and those of them that are its verb. */
export interface AskedOfTopic {
  terms: string[];
  /** Said by a verb or a predicate ("finish", "due", "sail"): a screen often says it in other words ("Partenza", "Departs"). */
  verbs: string[];
}

/** Kinds of value a label does not name: a step, a cause, a file or a link. */
const NOT_LABELLED = new Set<ValueKind>(['command', 'reason', 'link']);

/** Words that only say "the value of" ("my ferritin level", "the meter reading"): the value is asked, not a word. */
const VALUE_WORDS = new Set('level levels value values amount amounts figure figures reading readings result results measurement quantity'.split(' ').map(stem));

/** The stems of what a question asks of its topic (see askedOfTopic). */
export function attributeTerms(question: string, asked: AskedValue): string[] {
  return askedOfTopic(question, asked).terms;
}

/**
 * The stems of the question's terms that say what it asks of its topic: the noun after "what",
 * "which" or "how many" ("which gate", "how many bedrooms", "what is the excess"), and the verb or
 * predicate said of the topic ("does the concert finish", "is the invoice due", "did I pay"). Terms
 * after a preposition or in a possessive ("on the car hire", "my dentist's") are the topic, and so
 * is any term the grammar does not place. Empty when the question asks nothing apart from its topic
 * ("when is the team lunch": the time of the lunch is the kind asked, not a word).
 */
export function askedOfTopic(question: string, asked: AskedValue): AskedOfTopic {
  const words = wordsOf(question);
  const asking = new Set<string>();
  const verbs = new Set<string>();
  const done = (): AskedOfTopic => ({ terms: [...asking], verbs: [...verbs].filter((v) => asking.has(v)) });
  let i = 0;
  while (i < words.length && /^(?:and|so|but|ok|okay)$/i.test(words[i]!)) i++;
  // A step, a reason or a link is known by its shape ("why is the build red" asks the cause of its topic).
  if (i >= words.length || NOT_LABELLED.has(asked.kind)) return { terms: [], verbs: [] };
  if (AUX.test(words[i]!.toLowerCase())) return { terms: yesNoAsked(words.slice(i + 1), asked), verbs: [] };
  if (!WH.test(words[i]!.toLowerCase()) || /^why$/i.test(words[i]!)) return { terms: [], verbs: [] };
  const wh = words[i]!.toLowerCase();
  i++;
  const how = wh === 'how' && HOW.test(words[i]?.toLowerCase() ?? '') ? words[i++]!.toLowerCase() : null;
  const take = (w: string, verb = false) => {
    const s = stem(w.replace(/'s$/i, ''));
    // A verb that only says the kind of value ("how much did I spend", "what did it cost") asks nothing more.
    if (verb && asked.kind === 'money' && asksMoney(w)) return;
    if (!asked.terms.includes(s) || /'s$/i.test(w) || VALUE_WORDS.has(s)) return;
    asking.add(s);
    if (verb) verbs.add(s);
  };
  // The noun right after the question word ("which gate", "what temperature", "how many bedrooms"); for
  // a kind of value ("which ticket", "what day") the noun names the kind, which the value's shape says.
  // "Who signed", "who wrote": the verb after "who" is what was asked of the topic.
  const noun = (wh === 'which' || wh === 'what') && asked.kind === 'any' ? true : how === 'many' || wh === 'who';
  const named = i;
  while (i < words.length && !AUX.test(words[i]!.toLowerCase()) && !PREP.test(words[i]!.toLowerCase())) {
    // After "who" only the verb: "who approved my leave request" asks the approving of the request.
    if (noun && (wh !== 'who' || i === named)) take(words[i]!, wh === 'who');
    i++;
  }
  // "Which day is my eye appointment": the kind was named after the question word; what follows is the topic.
  const kindNamed = i > named;
  const aux = words[i]?.toLowerCase();
  if (!aux || !AUX.test(aux)) return done();
  i++;
  const rest = words.slice(i);
  const toPrep = rest.findIndex((w) => PREP.test(w.toLowerCase()));
  const phrase = (toPrep < 0 ? rest : rest.slice(0, toPrep)).filter((w) => !DETERMINER.test(w.toLowerCase()));
  if (!phrase.length) return done();
  if (SUBJECT.test(phrase[0]!.toLowerCase())) {
    // "did I pay for the tent", "when did I join the company": the verb after the subject is asked, its object the topic.
    const verb = phrase.slice(1).find((w) => !ADVERB.test(w));
    if (verb) take(verb, true);
    return done();
  }
  // "Who is driving my groceries": a verb in -ing right after "is", with no determiner, is asked.
  if (COPULA.test(aux) && /ing$/i.test(rest[0] ?? '') && !kindNamed && (wh === 'who' || wh === 'what')) {
    take(rest[0]!, true);
    return done();
  }
  if (COPULA.test(aux) && (wh === 'what' || wh === 'which' || wh === 'who')) {
    // "What is the excess on my car insurance", "who is the landlord of the flat": the noun before the
    // preposition is asked; after a kind ("what time is breakfast at the hotel") only before a topic's
    // preposition: "which day is my eye appointment" asks the day of its topic.
    if (!asking.size && (!kindNamed || toPrep > 0)) phrase.forEach((w) => take(w));
    return done();
  }
  if (COPULA.test(aux) && how) {
    // "How much is the deposit on the car hire", "how long is the warranty on the headphones": the noun
    // before the topic's preposition; "how far is the hut", "how much was the hotel" ask the measure of
    // the thing named, which is the topic.
    if (toPrep > 0 && !asking.size) phrase.forEach((w) => take(w));
    return done();
  }
  if (COPULA.test(aux)) {
    // "When is the invoice due", "when is the gym open": the predicate after the topic is asked; "when
    // is the exam for the driving course": the thing before the topic's preposition; "when is the team
    // lunch" asks nothing apart from its topic.
    if (toPrep > 0) phrase.forEach((w) => take(w));
    else for (const w of phrase.slice(1)) if (PREDICATE.test(w.toLowerCase()) || (w.length > 5 && /ed$/i.test(w))) take(w, true);
    return done();
  }
  // "What time does boarding start": a bare activity in -ing is what is asked, with its verb.
  if (/ing$/i.test(rest[0] ?? '') && phrase.length > 1) take(phrase[0]!);
  // "What time does the concert finish", "when does my passport expire": the verb after the topic; "when
  // does the warranty on my laptop end": the last word, after the topic's prepositions.
  if (phrase.length > 1) take(phrase[phrase.length - 1]!, true);
  else if (toPrep >= 0) {
    const last = [...rest].reverse().find((w) => !PREP.test(w.toLowerCase()));
    if (last && rest.indexOf(last) > toPrep) take(last, true);
  }
  return done();
}

/** Prepositions that place a thing ("a lift in the building", "open on Mondays"): what follows is the topic. */
const PLACING = /^(?:in|at|on|of|for|near|from|to)$/;

/**
 * "Does the flat come with a dishwasher", "does the hotel have parking": the thing at the end is asked
 * of the subject; "is there a lift in the building", "is the museum open on Mondays": the word before
 * the placing preposition.
 */
function yesNoAsked(rest: readonly string[], asked: AskedValue): string[] {
  const words = rest.filter((w) => !DETERMINER.test(w.toLowerCase()));
  const at = words.findIndex((w, j) => j > 0 && PLACING.test(w.toLowerCase()) && j < words.length - 1);
  const last = words.slice(0, at > 0 && !/^(?:with|for)$/i.test(words[at]!) ? at : words.length).filter((w) => !PREP.test(w.toLowerCase())).pop();
  const s = last ? stem(last.replace(/'s$/i, '')) : null;
  return s && asked.terms.includes(s) ? [s] : [];
}

export type AttributeFit = 'meets' | 'part' | 'elsewhere' | 'absent' | 'unsaid';

/** A line holding a value of its own: figures, or a label with something after it ("Amount due: €1,240.00"). */
const HOLDS_VALUE = /\d|\S:\s+\S/;

/**
 * How a value's own words (its label, its line, the row cells that name it, the heading it sits under)
 * stand to what was asked of the topic: 'meets' when they say every asked noun and at least one asked
 * word (or its kin), or nothing apart from the topic is asked; 'part' when they say some but not every
 * noun ("Wifi network" for "the wifi password"); 'elsewhere' when they say none of it but another line
 * of the screen that holds a value of its own does ("Amount due: €1,240.00" beside "Invoice date: 3 Nov"
 * for "when is the invoice due": the screen says "due" of another thing); 'absent' when an asked noun is
 * said nowhere; 'unsaid' when only a verb is asked and said nowhere (a screen says "Partenza" for "sail").
 */
export function attributeFit(of: AskedOfTopic, asked: AskedValue, own: string, screen: string, unit: string): AttributeFit {
  const attribute = of.terms;
  if (!attribute.length) return 'meets';
  const saying = (text: string) => {
    const stems = stemsOf(text);
    return attribute.filter((t) => meets(t, stems) || metByKin(t, stems, asked.kin));
  };
  const said = (text: string) => saying(text).length > 0;
  const lines = screen.split(/\n|\s+·\s+/);
  const ownSays = saying(`${own}\n${headingOver(lines, unit)}`);
  const nouns = attribute.filter((t) => !of.verbs.includes(t) && !asked.loose.includes(t));
  if (ownSays.length) return nouns.every((t) => ownSays.includes(t)) ? 'meets' : 'part';
  const whole = fold(unit);
  const value = fold(unit.split(/:\s+/).slice(1).join(' ') || unit);
  const others = lines.filter((l) => {
    const f = fold(l);
    // The value's own line, read again: the passage line it was cut from, or its label and value laid out.
    return f && !whole.includes(f) && !(value.length >= 2 && f.includes(value));
  });
  if (others.some((l) => HOLDS_VALUE.test(l) && said(l))) return 'elsewhere';
  return nouns.length ? 'absent' : 'unsaid';
}

/**
 * The heading a value sits under: the nearest line above its own with no value of its own ("Opening
 * hours" over "Mon to Fri 07:00 to 19:00" and "Sat 08:00 to 13:00"), past the values listed under it.
 */
export function headingOver(lines: readonly string[], unit: string): string {
  const whole = fold(unit);
  const at = lines.findIndex((l) => {
    const f = fold(l);
    return f.length >= 3 && (whole.includes(f) || f.includes(whole));
  });
  for (let i = at - 1; i >= 0; i--) if (!HOLDS_VALUE.test(lines[i]!)) return lines[i]!;
  return '';
}

const fold = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
