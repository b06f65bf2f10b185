/**
 * The last look before an offline answer hedges or says it does not know: a value of the asked kind
 * (a time, a date, an amount, a code, a number to ring) on a line whose own words, or whose page's
 * title, name what the question is about, weighted by how rare each asked word is among the screens
 * found. The question's word for the thing is often not the page's ("the lunch at the bistro" over a
 * booking that says "Seating 12:45"; "the code I give at the reception desk" over a chat message
 * "the visitor code 5512 at reception"), so not every word need be met; but the line must be about
 * something the question names, and clearly the best such line, or nothing is stated. A value whose
 * only tie to the question is a word said elsewhere on its page (a contact card "based in Oslo" for
 * "my flight to Oslo") is no answer: the asked thing is met nowhere.
 */
import { meets, metByKin, stem, stemsOf, type AskedValue, type ValueKind } from './asked-value.js';
import { checkStatement, type CheckedValue } from './statement-check.js';
import { sideStems } from './asked-qualifier.js';

/** A line read on a found screen that holds a value of the asked kind. */
export interface RareCandidate<T> {
  item: T;
  /** Its own words: the line, its row's naming cells, the heading over it, the sentence it was cut from. */
  own: string;
  /** Its window's title: what its page is about. */
  title: string;
  /** Its passage (or screen) around it. */
  page: string;
  /** 0..1: how its passage ranked in the search. */
  rank: number;
  /** The value's text, to tell two candidates with the same value from two with different ones. */
  value: string;
  /** What the statement check reads of it. */
  checked: CheckedValue;
}

/** Kinds a line holds plainly enough to be stated on the rarest words alone; a name, a step or a reason needs its own reader. */
const RARE_KINDS = new Set<ValueKind>(['when', 'clock', 'date', 'money', 'duration', 'code', 'phone', 'email', 'contact', 'size', 'rate']);

const TIME_KINDS = new Set<ValueKind>(['when', 'clock', 'date']);

/** Words that name a stretch of time or its place in a row of them: what a period is asked by, never an item. */
const PERIOD_STEMS = new Set(
  'first second third fourth fifth last next previous past current this quarter quarters month months week weeks year years day days half term semester season weekend fortnight morning afternoon evening night today tonight yesterday tomorrow january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday'
    .split(' ')
    .map(stem),
);

/** Kinds that are an amount of an item: a price, a count, a size. */
const AMOUNT_KINDS = new Set<ValueKind>(['money', 'count', 'size']);

/** How much more the best line must score than the best line with another value. */
const MARGIN = 0.5;
/** A word met only elsewhere on the page counts this much of its weight. */
const PAGE_SHARE = 0.4;
/** What the search rank adds, at most: a tie-breaker, not a reason. */
const RANK_SHARE = 0.3;

const fold = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The question's nouns: what it is about, not its verbs nor the side of a pair it asks ("over", "back"). */
export function askedNouns(question: string, asked: AskedValue, general: ReadonlySet<string> = new Set()): string[] {
  const side = new Set(sideStems(question, asked));
  return asked.terms.filter((t) => !asked.loose.includes(t) && !side.has(t) && !general.has(t));
}

const saysTerm = (t: string, stems: Set<string>, asked: AskedValue) => meets(t, stems) || metByKin(t, stems, asked.kin);

/**
 * Whether a screen says none of the words of an item whose amount the question asks, named in two or
 * more nouns side by side ("the bubble wrap" on an invoice of tape and boxes): the asked thing is not on it, and a value
 * of that screen is no guess at it. One noun unsaid may be the page's synonym ("skin doctor" for
 * "dermatology"), and nouns apart may be said in its own forms ("Padaria", "Sat").
 */
export function thingUnsaid(question: string, asked: AskedValue, screen: string, general: ReadonlySet<string> = new Set()): boolean {
  // An amount is of an item a bill or a list names in its line; what a thing was swapped for, who did
  // it, are said in the page's own words, and two of the question's words side by side may be a
  // subject and its verb ("did the shop swap").
  if (!AMOUNT_KINDS.has(asked.kind)) return false;
  const stems = stemsOf(screen);
  // "In the first quarter", "last month": the period a table's column says its own way ("Q1", "Nov"), not the item.
  const unsaid = new Set(askedNouns(question, asked, general).filter((t) => !saysTerm(t, stems, asked) && !PERIOD_STEMS.has(t)));
  const words = question.replace(/[’]/g, "'").split(/[^\p{L}\p{N}'-]+/u).filter(Boolean).map((w) => stem(w.replace(/'s$/i, '')));
  return words.some((w, i) => i > 0 && unsaid.has(w) && unsaid.has(words[i - 1]!) && w !== words[i - 1]);
}

/**
 * Each noun's weight: one over the number of found screens that say it, so a word every screen says
 * (the app's name, "booking") counts for little beside one that only one screen says. A noun no
 * screen says weighs nothing: it tells no line from another.
 */
function rarity(nouns: readonly string[], screens: readonly string[], asked: AskedValue): Map<string, number> {
  const sets = screens.map((s) => stemsOf(s));
  return new Map(
    nouns.map((t) => {
      const n = sets.filter((s) => saysTerm(t, s, asked)).length;
      return [t, n ? 1 / n : 0];
    }),
  );
}

interface Scored<T> {
  c: RareCandidate<T>;
  score: number;
  kind: 'date' | 'clock' | 'other';
}

/**
 * `general`: nouns a screen names in its own words, never as the word ("the energy company" is
 * "Voltio"), which tell nothing. The line (or, for "when", a date line and a time line of one page) to state, or null when no line
 * holds a value of the asked kind with its own words or its title naming what was asked, or when
 * another line with another value does about as well. `screens`: the found screens' texts, one each,
 * for how rare each asked word is. `clock`/`date`: whether a text holds a time of day, a date.
 */
export function rareWordPick<T>(question: string, asked: AskedValue, candidates: readonly RareCandidate<T>[], screens: readonly string[], shapes: { clock: (s: string) => boolean; date: (s: string) => boolean }, general: ReadonlySet<string> = new Set()): T[] | null {
  if (!RARE_KINDS.has(asked.kind) || asked.shaped) return null;
  const nouns = askedNouns(question, asked, general);
  if (!nouns.length || !candidates.length) return null;
  const weight = rarity(nouns, screens, asked);
  // The rarest of the words the screens say: the page of the line stated must say it.
  const said = nouns.filter((t) => weight.get(t)! > 0);
  const top = Math.max(0, ...said.map((t) => weight.get(t)!));
  const rarest = said.filter((t) => weight.get(t) === top);
  // A noun the screens do not say that names which one of its kind ("water" in "the water company",
  // "car" in "car insurance"): the line's thing is a sibling of the asked one, not it.
  const unsaid = new Set(nouns.filter((t) => !weight.get(t)));
  const words = question.replace(/[’]/g, "'").split(/[^\p{L}\p{N}'-]+/u).filter(Boolean).map((w) => stem(w.replace(/'s$/i, '')));
  const noun = (w: string) => asked.terms.includes(w) && !asked.loose.includes(w);
  if (words.some((w, i) => unsaid.has(w) && noun(words[i + 1] ?? ''))) return null;
  // An amount, a code or a number asked OF a thing no found screen names ("how much rent do I pay for
  // my flat" where no screen says rent): a figure on a page about the flat is not known to be it. Only
  // the head of a compound whose modifier is said may go unsaid ("the reception desk"). A time is asked
  // of an event, which pages name in their own words (a booking's "Seating" for "the lunch").
  /** Whether the noun heads a compound whose modifier (the noun before it) is said, by `said`. */
  const headOf = (t: string, said: (modifier: string) => boolean) => words.some((w, i) => i > 0 && w === t && nouns.includes(words[i - 1]!) && said(words[i - 1]!));
  if (!TIME_KINDS.has(asked.kind) && [...unsaid].some((t) => !headOf(t, (m) => weight.get(m)! > 0))) return null;
  const scored: Scored<T>[] = [];
  for (const c of candidates) {
    const own = stemsOf(`${c.own}\n${c.title}`);
    const page = stemsOf(`${c.page}\n${c.title}\n${c.own}`);
    const inOwn = nouns.filter((t) => saysTerm(t, own, asked));
    // The line must be about something named: its words or its page's title say one of the question's nouns.
    if (!inOwn.length) continue;
    // A noun its page does not say is the asked thing left unsaid: fine when the page's title names
    // what was asked (the bistro's booking for its lunch) or the noun heads a compound whose modifier
    // is met ("reception" said, "desk" not); not when a name said in passing is the only tie ("review
    // with Ruth's group on 17 December" for "my one-on-one with Ruth").
    const titled = nouns.some((t) => saysTerm(t, stemsOf(c.title), asked));
    const unmetHere = nouns.filter((t) => !saysTerm(t, page, asked));
    const heads = unmetHere.every((t) => headOf(t, (m) => saysTerm(m, page, asked)));
    if (!titled && !heads) continue;
    if (!rarest.every((t) => saysTerm(t, page, asked))) continue;
    // Held as a guess is: its own words must say what is asked of the topic ("the deposit"), not only
    // the topic. A time is asked of an event, and a page about where it is held gives the event's time
    // in its own words ("Seating 12:45" on the bistro's booking for "the lunch at the bistro").
    if (checkStatement(question, asked, c.checked, TIME_KINDS.has(asked.kind) ? 'yes' : 'near').miss) continue;
    let score = RANK_SHARE * c.rank;
    for (const t of nouns) score += inOwn.includes(t) ? weight.get(t)! : saysTerm(t, page, asked) ? PAGE_SHARE * weight.get(t)! : 0;
    const clock = shapes.clock(c.value);
    const date = shapes.date(c.value);
    scored.push({ c, score, kind: clock && !date ? 'clock' : date && !clock ? 'date' : 'other' });
  }
  if (!scored.length) return null;
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]!;
  const same = (a: Scored<T>, b: Scored<T>) => fold(a.c.own).includes(fold(b.c.value)) || fold(b.c.own).includes(fold(a.c.value));
  const rival = scored.find((s) => !same(s, best));
  if (!rival || best.score - rival.score >= MARGIN) return [best.c.item];
  // "When": a day on one line and its hour on the next of one page ("Date Friday 18 June", "Seating 12:45") are one answer.
  if (asked.kind === 'when' && best.kind !== 'other') {
    const other = best.kind === 'date' ? 'clock' : 'date';
    const pageOf = (s: Scored<T>) => fold(s.c.page);
    const pair = scored.find((s) => s.kind === other && pageOf(s) === pageOf(best) && best.score - s.score < MARGIN);
    const third = scored.find((s) => s !== pair && !same(s, best) && (!pair || !same(s, pair)));
    if (pair && (!third || Math.min(best.score, pair.score) - third.score >= MARGIN)) return best.kind === 'date' ? [best.c.item, pair.c.item] : [pair.c.item, best.c.item];
  }
  return null;
}

/** Whether a time's own words (with the asked day when it sits under it) or its page's title name any of the question's words: a guess whose only tie to the question is elsewhere on its page names nothing asked. */
export function namesAsked(question: string, asked: AskedValue, own: string, title: string, general: ReadonlySet<string> = new Set()): boolean {
  // A time only: a page holds dates of many things (a contact card's join date, a listing's posting
  // date), and one is of the asked thing only when it is said with it; an amount on a page about the
  // asked payer ("Balance owed" on Brightwater's invoice) is still worth offering.
  if (!TIME_KINDS.has(asked.kind) || !askedNouns(question, asked, general).length) return true;
  // Its verb counts here ("Balance owed" for "how much does Brightwater owe me"): the line says the asked deed.
  const stems = stemsOf(`${own}\n${title}`);
  return asked.terms.some((t) => saysTerm(t, stems, asked));
}

/** "The engineer's", "Kofi's", "the landlord's": who the asked thing belongs to, as the question says it. */
const OWNER = /\b([\p{L}][\p{L}-]+)['’]s?\s+(?!\s)/gu;

/**
 * Whether the question says whose the asked thing is ("the heating engineer's mobile number") and
 * the screen says no word of that owner: its number, its address, its date is someone else's (a
 * dentist's letter's phone), and no guess at it. A period's possessive ("today's", "next week's")
 * names no owner.
 */
export function ownerUnsaid(question: string, asked: AskedValue, screen: string): boolean {
  const stems = stemsOf(screen);
  for (const m of question.replace(/[’]/g, "'").matchAll(OWNER)) {
    const owner = stem(m[1]!.toLowerCase());
    if (!asked.terms.includes(owner) || PERIOD_STEMS.has(owner)) continue;
    if (!saysTerm(owner, stems, asked)) return true;
  }
  return false;
}
