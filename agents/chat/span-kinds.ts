/**
 * The spans of a sentence that are values of an asked kind: the words a reader would quote as the
 * answer, not the whole sentence. "use the side door for all deliveries" holds the place "the side
 * door"; "2 drops in each eye every morning" the occasion "every morning"; "Abfahrt Dienstag 3. März,
 * 18:40 Uhr" one date and time. A label-value screen is read elsewhere (screen-layout); these are for
 * prose: chat messages, e-mails, instructions, wiki text, in English and the languages screens use.
 */
import { VALUE, type AskedValue } from './asked-value.js';
import { countWordsIn } from './count-words.js';

/** The kinds of answer a sentence's span can be. */
export type SpanKind = 'clock' | 'date' | 'when' | 'frequency' | 'place' | 'count' | 'money' | 'duration' | 'code';

export interface Span {
  text: string;
  start: number;
  end: number;
  /** For a place, its head noun ("door" of "the side door"): the thing it is a place of. */
  head?: string;
  /** For a place, whether it says more than its head ("the side door", "dock 4"), not only "the door". */
  own?: boolean;
}

/**
 * Times a thing recurs or happens by an occasion, not by the clock: "every morning", "twice a day",
 * "at bedtime", "before meals", "on Mondays", and the same in German, French, Spanish, Italian,
 * Portuguese and Dutch ("jeden Morgen", "tous les soirs", "cada mañana", "ogni sera", "elke ochtend").
 */
const PART_OF_DAY = 'morning|mornings|afternoon|afternoons|evening|evenings|night|nights|day|days|weekday|weekdays|weekend|weekends|week|weeks|fortnight|month|months|year|years|hour|hours|meal|meals';
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const OCCASION = new RegExp(
  [
    `\\b(?:every|each)\\s+(?:other\\s+|single\\s+)?(?:\\d+\\s+|two\\s+|three\\s+|four\\s+|six\\s+|eight\\s+|twelve\\s+)?(?:${PART_OF_DAY}|${WEEKDAYS})\\b`,
    `\\b(?:once|twice|three times|four times|\\d+\\s?(?:x|times))\\s+(?:a|an|per|each|every)\\s+(?:${PART_OF_DAY})\\b`,
    '\\b(?:daily|weekly|monthly|nightly|hourly|yearly|annually|fortnightly|twice daily|once daily)\\b',
    '\\b(?:at|before|after|with|during)\\s+(?:bedtime|breakfast|lunch|dinner|supper|meals?|food|night|noon|midnight|sunrise|sunset|dawn|dusk|lunchtime)\\b',
    '\\b(?:in|during)\\s+the\\s+(?:morning|afternoon|evening|night)\\b',
    `\\b(?:on\\s+)?(?:${WEEKDAYS})s\\b`,
    `\\b(?:tonight|tomorrow(?:\\s+(?:morning|afternoon|evening|night))?|this\\s+(?:morning|afternoon|evening|weekend)|next\\s+(?:week|month|${WEEKDAYS})|(?:by|at|before|until)\\s+(?:the\\s+)?end\\s+of\\s+(?:the\\s+)?(?:day|week|month))\\b`,
    // The same said in the other languages screens are read in.
    '\\b(?:jeden|jede|jedes|tous\\s+les|toutes\\s+les|chaque|cada|ogni|elke|iedere|todos\\s+os|todas\\s+as|todos\\s+los|todas\\s+las)\\s+\\p{L}+',
    '\\b(?:\\d\\s?x\\s+)?(?:täglich|wöchentlich|morgens|abends|nachts|mittags|dagelijks|wekelijks|quotidien(?:nement)?|diariamente|semanalmente|giornalmente)\\b',
    '\\b(?:pro\\s+tag|am\\s+tag|par\\s+jour|al\\s+d[ií]a|por\\s+d[ií]a|al\\s+giorno|per\\s+dag|ao\\s+dia|por\\s+dia)\\b',
    "\\b(?:vor\\s+dem\\s+schlafengehen|au\\s+coucher|antes\\s+de\\s+dormir|prima\\s+di\\s+dormire|voor\\s+het\\s+slapen(?:gaan)?|nach\\s+dem\\s+essen|vor\\s+dem\\s+essen|apr[eè]s\\s+les\\s+repas|avant\\s+les\\s+repas|despu[eé]s\\s+de\\s+(?:las\\s+)?comidas?|dopo\\s+i\\s+pasti|na\\s+het\\s+eten)\\b",
  ].join('|'),
  'giu',
);

/** A day of the month said by its ordinal ("by the 18th"), not a floor ("the 2nd floor"). */
const ORDINAL_DAY = /\b(?:on|by|until|till|before|after|from|since)\s+the\s+(?:[12]?\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:floor|step|row|place|time|round|item|line|page|level|stop|exit|gate|seat))/i;

/**
 * Head nouns of places a sentence sends someone to, in English and the languages screens use: the
 * noun the span is built around ("the side door", "dock 4", "the Blue room", "Gleis 7").
 */
const PLACE_HEADS = new Set(
  `door doors entrance entrances exit exits gate gates room rooms floor floors level levels hall halls wing wings building buildings block dock docks bay bays desk desks counter counters reception lobby foyer
  kitchen kitchenette canteen cafeteria office offices lab studio platform platforms track terminal stand stop station carpark garage basement cellar attic yard courtyard garden locker lockers shelf shelves
  cabinet drawer cupboard corridor hallway staircase stairwell stairs parking space spot table seat pitch court pool lane porch annex annexe library auditorium theatre theater boardroom classroom
  warehouse depot storeroom mailroom backyard balcony terrace rooftop roof lounge bar café cafe restaurant pub hotel venue square corner
  box lockbox mailbox letterbox postbox pigeonhole tray safe park street road avenue
  eingang ausgang tor gleis etage stock halle raum saal zimmer büro küche empfang keller hof
  entrée sortie porte quai voie étage salle bureau cuisine accueil cour
  entrada salida puerta andén vía piso planta sala oficina cocina recepción patio
  uscita porta binario piano ufficio cucina cortile
  saída andar escritório cozinha portão
  ingang uitgang deur perron spoor verdieping zaal kantoor keuken receptie`.split(/\s+/).filter(Boolean),
);

/** Words a place's name never takes in front of its head: they end the span (articles, prepositions, verbs of going). */
const NOT_MODIFIER = new Set(
  `a an the this that these those my our your his her their its some any all each every no to at in on by of for from with into onto via near next through past behind beside inside outside
  and or but is are was were be been use used using go going went come take took put leave left drop meet gave give get got bring send sent move moved book booked keep kept try please
  just only also still then there here it we you they he she i me us them which what where when who until till while since before after up down over under
  can could will would should must may might shall do does did have has had not
  un une des le la les du au aux ein eine einen einem einer der die das den dem des im am unos unas uno una el los las il lo gli het een um uma os`.split(/\s+/),
);

/** Words a sentence uses that are no part of a place's name after its head ("the side door for all deliveries"). */
const PLACE_NAME_AFTER = /^(?:[A-Z]?\d{1,4}(?:[.-]\d{1,3})?[A-Za-z]?|[A-Z]{1,2}|\p{Lu}[\p{Ll}'’-]+)$/u;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

interface Token {
  text: string;
  start: number;
  end: number;
}

/** The words of a sentence with where they sit in it. */
export function tokensOf(sentence: string): Token[] {
  return [...sentence.matchAll(WORD)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

const lower = (s: string) => s.toLowerCase();
const isOrdinal = (s: string) => /^\d{1,2}(?:st|nd|rd|th)$/i.test(s);

/** Places said as a noun phrase around a place noun: "the side door", "dock 4", "the Blue room on the 2nd floor". */
function placePhrases(sentence: string): Span[] {
  const toks = tokensOf(sentence);
  const out: (Span & { own: boolean })[] = [];
  toks.forEach((t, i) => {
    const head = lower(t.text);
    if (!PLACE_HEADS.has(head)) return;
    let from = i;
    // Up to two modifiers before the head, as long as nothing between ends the phrase (a comma, a sentence's end).
    for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
      const w = toks[j]!;
      const gap = sentence.slice(w.end, toks[j + 1]!.start);
      if (/[,.;:!?()]/.test(gap) || NOT_MODIFIER.has(lower(w.text)) || /^\d+$/.test(w.text)) break;
      from = j;
    }
    // Lower-case modifiers only after an article or a preposition: "use side door" is a verb's object, "the side door" a place's name.
    const before = toks[from - 1];
    const opened = !before || OPENS_PLACE.test(before.text) || /[,.;:!?(]\s*$/.test(sentence.slice(0, toks[from]!.start));
    if (!opened) while (from < i && !/^\p{Lu}/u.test(toks[from]!.text) && !isOrdinal(toks[from]!.text)) from++;
    let to = i;
    const next = toks[i + 1];
    if (next && sentence.slice(t.end, next.start).trim() === '' && PLACE_NAME_AFTER.test(next.text) && !NOT_MODIFIER.has(lower(next.text))) to = i + 1;
    // A bare noun after a subject or a verb is a verb itself ("you can park", "we stand"), no place.
    if (!opened && from === i && to === i) return;
    // "the" belongs to the phrase when it opens it.
    const article = toks[from - 1] && /^the$/i.test(toks[from - 1]!.text) ? from - 1 : from;
    out.push({ text: sentence.slice(toks[article]!.start, toks[to]!.end), start: toks[article]!.start, end: toks[to]!.end, head, own: i > from || to > i });
  });
  // A place named at or in a proper name: "at Osteria Nonna", "in the Harbour Café" (not a day or a month).
  for (const m of sentence.matchAll(NAMED_PLACE)) {
    const name = m[1]!;
    if (VALUE.date.test(name) || MONTHS.test(name)) continue;
    const start = m.index + m[0].length - name.length;
    out.push({ text: name, start, end: start + name.length, head: lower(name.split(/\s+/).pop()!), own: true });
  }
  // A compound head is one place ("the garage door", "the visitor car park"): the outer phrase, not its first noun.
  const whole = out.filter((a) => !out.some((b) => b !== a && b.start <= a.start && b.end >= a.end && b.end - b.start > a.end - a.start));
  whole.sort((a, b) => a.start - b.start);
  // A place placed by another: "the lockbox by the garage door", "the Blue room on the 2nd floor".
  const chained: (Span & { own: boolean })[] = [];
  for (const p of whole) {
    const last = chained[chained.length - 1];
    if (last && LOCATIVE.test(sentence.slice(last.end, p.start))) chained[chained.length - 1] = { ...last, text: sentence.slice(last.start, p.end), end: p.end, own: last.own || p.own };
    else chained.push(p);
  }
  return chained;
}

/** Articles and prepositions a place's name follows, in the languages screens use. */
const OPENS_PLACE = /^(?:the|a|an|this|that|our|your|my|their|to|at|in|on|by|via|through|from|into|der|die|das|den|dem|im|am|zum|zur|le|la|les|l'|au|aux|à|dans|el|los|las|en|al|il|lo|nel|nella|nello|alla|allo|ao|à|na|no|het|de|een|op|naar)$/i;

/** What joins two places into one answer: "by", "next to", "behind", "on". */
const LOCATIVE = /^\s+(?:by|next to|behind|beside|near|opposite|under|above|below|on|at|in|inside|outside|off|of|past|across from)\s+$/i;
const NAMED_PLACE = /\b(?:at|in)\s+(?:the\s+)?(\p{Lu}[\p{L}'’&-]+(?:\s+\p{Lu}[\p{L}'’&-]+){0,3})/gu;
const MONTHS = /^(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/i;

/** Every match of a pattern as a span. */
function matches(re: RegExp, sentence: string): Span[] {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  return [...sentence.matchAll(g)].filter((m) => m[0].trim()).map((m) => ({ text: m[0].trim(), start: m.index, end: m.index + m[0].length }));
}

/** Spans that touch or are one comma, "at", "um", "à" apart read as one: "Dienstag 3. März, 18:40 Uhr", "Friday at 9:30". */
function joined(spans: Span[], sentence: string): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) {
      if (s.end > last.end) out[out.length - 1] = { text: sentence.slice(last.start, s.end).trim(), start: last.start, end: s.end };
      continue;
    }
    if (last && /^\s*(?:,|at|um|à|a las|alle|om|às|from|-|–)?\s*$/i.test(sentence.slice(last.end, s.start))) {
      out[out.length - 1] = { text: sentence.slice(last.start, s.end).trim(), start: last.start, end: s.end };
      continue;
    }
    out.push(s);
  }
  return out;
}

/** Clock times with the word that follows them in German and Dutch ("18:40 Uhr"): the pattern's first reading stops at the figures. */
function clocks(sentence: string): Span[] {
  return matches(VALUE.clock, sentence).map((c) => {
    const unit = /^\s?(?:Uhr|uur)\b/.exec(sentence.slice(c.end));
    return unit ? { text: sentence.slice(c.start, c.end + unit[0].length), start: c.start, end: c.end + unit[0].length } : c;
  });
}

/** Times and dates said in prose, as one span each. */
function whenSpans(sentence: string, withOccasions: boolean): Span[] {
  const parts = [...clocks(sentence), ...matches(VALUE.date, sentence), ...matches(ORDINAL_DAY, sentence)];
  if (withOccasions) parts.push(...matches(OCCASION, sentence));
  return joined(parts, sentence);
}

/** Dates and times, which a count or a code is not. */
const outside = (spans: Span[], taken: Span[]) => spans.filter((s) => !taken.some((t) => s.start < t.end && t.start < s.end));

/** What a question asks for, as a kind of span: null when it asks for none a sentence says in a few words (a person, a step). */
export function spanKindOf(question: string, asked: AskedValue): SpanKind | null {
  if (/\bhow often\b|\bhow many times\s+(?:a|an|per|each)\b/i.test(question)) return 'frequency';
  switch (asked.kind) {
    case 'clock':
      return 'clock';
    case 'date':
      return 'date';
    case 'when':
      return 'when';
    case 'place':
      return 'place';
    case 'count':
      return 'count';
    case 'money':
      return 'money';
    case 'duration':
      return 'duration';
    case 'code':
      return 'code';
    default:
      return askedPlace(question) ? 'place' : null;
  }
}

/** "What door should couriers use", "which meeting room did we get": the words after "which"/"what", up to the verb. */
const ASKED_PLACE = /^\s*(?:and\s+|so\s+)?(?:which|what)\s+([\p{L}-]+(?:\s+[\p{L}-]+){0,2})/iu;
/** Words that end the noun phrase after "which": the verb and what follows it. */
const ENDS_ASKED = /^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|shall|may|might|must|am|we|i|you|they|he|she|it|the|a|an|my|our|your|of|for|to|in|on|at)$/i;

/**
 * The place noun a question asks for by name ("door" of "what door should couriers use", "room" of
 * "which meeting room did facilities give us"), with the words before it that only say which kind of
 * it ("meeting"): the screen names the place itself ("the Aurora room"), seldom those words.
 */
export function askedPlacePhrase(question: string): { noun: string; modifiers: string[] } | null {
  const words = ASKED_PLACE.exec(question)?.[1]?.toLowerCase().split(/\s+/) ?? [];
  const modifiers: string[] = [];
  for (const w of words) {
    if (ENDS_ASKED.test(w)) return null;
    if (PLACE_HEADS.has(w)) return { noun: w, modifiers };
    modifiers.push(w);
  }
  return null;
}
export function askedPlace(question: string): string | null {
  return askedPlacePhrase(question)?.noun ?? null;
}

/** The spans of a kind in a sentence, in the order they stand. */
export function spansOf(kind: SpanKind, sentence: string): Span[] {
  switch (kind) {
    case 'clock':
      return joined(clocks(sentence), sentence);
    case 'date':
      return whenSpans(sentence, false).filter((s) => VALUE.date.test(s.text) || ORDINAL_DAY.test(s.text));
    case 'when':
      return whenSpans(sentence, true);
    case 'frequency':
      return joined(matches(OCCASION, sentence), sentence);
    case 'place':
      return placePhrases(sentence);
    case 'money':
      return matches(VALUE.money, sentence);
    case 'duration':
      return matches(VALUE.duration, sentence);
    case 'code':
      return outside(matches(VALUE.code, sentence), whenSpans(sentence, false));
    case 'count': {
      // A count with what it counts after it ("400 units", "2 drops"), not a date's or a time's figures.
      const nums = outside(matches(/\b\d+(?:[.,]\d+)?\b/, sentence), whenSpans(sentence, false));
      const figures = nums.map((n) => {
        const after = /^\s+([\p{L}-]{3,})/u.exec(sentence.slice(n.end));
        return after && !NOT_MODIFIER.has(lower(after[1]!)) ? { text: `${n.text} ${after[1]}`, start: n.start, end: n.end + after[0].length } : n;
      });
      // A count in the page's number words ("les trois clés", "zwei Schlüssel"), with what it counts.
      return [...figures, ...countWordsIn(sentence).filter((w) => !NOT_MODIFIER.has(lower(w.counted)))].sort((a, b) => a.start - b.start);
    }
  }
}
