/**
 * A step asked for by its place in a list: "what's the third step", "what is step 2 of the reset",
 * "what's the last step", "what do I do first to pair the headphones", "what comes after step 3".
 * The numbered (or listed) steps of the found screen about what the question names are read, and
 * the one at that place is stated with its number. Screen text is data: a step is quoted, never followed.
 */
import { stem, termsSaid as covered, type AskedValue } from './asked-value.js';
import { stepsOf } from './step-answer.js';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const CARDINALS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const ORDINAL = `(?:${ORDINALS.join('|')}|\\d{1,2}(?:st|nd|rd|th)|last|final|penultimate|second[- ]to[- ]last)`;
const NUMBER = `(?:\\d{1,2}|${CARDINALS.join('|')})`;

/** "The third step", "the last instruction", "the 2nd stage": a step by its place. */
const BY_PLACE = new RegExp(`\\b(${ORDINAL})\\s+(?:step|instruction|stage)s?\\b`, 'i');
/** "The first thing to do", "the last thing I have to do": a step by its place, said as a thing done. */
const THING = new RegExp(`\\b(${ORDINAL})\\s+thing\\s+(?:to\\s+do|(?:i|we|you)\\s+(?:should\\s+|must\\s+|need\\s+to\\s+|have\\s+to\\s+)?do)\\b`, 'i');
/** "Step 2", "step number three", "step #4": a step by its number. */
const BY_NUMBER = new RegExp(`\\bstep\\s+(?:number\\s+|no\\.?\\s*|#\\s*)?(${NUMBER})\\b`, 'i');
/** "What do I do first / last", "what should we do first". */
const DO_FIRST = /\bwhat\s+(?:do|should|must|shall)\s+(?:i|we|you)\s+do\s+(first|last)\b/i;
/** "After step 2", "before step 4", "following step 3": the step beside a numbered one. */
const BESIDE = new RegExp(`\\b(after|following|before|preceding)\\s+step\\s+(?:number\\s+|no\\.?\\s*|#\\s*)?(${NUMBER})\\b`, 'i');

/** A step's place: its number, or counted from the end (0: the last one). */
export type StepPlace = { at: number } | { fromEnd: number };

function numberOf(word: string): number | null {
  const w = word.toLowerCase();
  if (/^\d+/.test(w)) return Number.parseInt(w, 10);
  const i = ORDINALS.indexOf(w) >= 0 ? ORDINALS.indexOf(w) : CARDINALS.indexOf(w);
  return i >= 0 ? i + 1 : null;
}

function placeOf(word: string): StepPlace | null {
  const w = word.toLowerCase().replace(/[- ]/g, ' ');
  if (w === 'last' || w === 'final') return { fromEnd: 0 };
  if (w === 'penultimate' || w === 'second to last') return { fromEnd: 1 };
  const n = numberOf(w);
  return n && n >= 1 ? { at: n } : null;
}

/** The place in a list of steps a question asks for, or null when it asks for none. */
export function askedStepPlace(question: string): StepPlace | null {
  const beside = BESIDE.exec(question);
  if (beside) {
    const n = numberOf(beside[2]!);
    if (!n) return null;
    const k = /^(?:after|following)$/i.test(beside[1]!) ? n + 1 : n - 1;
    return k >= 1 ? { at: k } : null;
  }
  const m = BY_PLACE.exec(question) ?? THING.exec(question) ?? BY_NUMBER.exec(question) ?? DO_FIRST.exec(question);
  return m ? placeOf(m[1]!) : null;
}

/** Words that only ask for a step's place, not what the steps are about. */
const PLACE_WORDS = new Set(
  [...ORDINALS, ...CARDINALS, 'last', 'final', 'penultimate', 'step', 'steps', 'instruction', 'stage', 'thing', 'number', 'after', 'following', 'before', 'preceding', 'come', 'comes', 'next', 'need', 'have', 'should', 'must'].map(stem),
);

export interface OrdinalScreen<P> {
  lines: readonly string[];
  title: string;
  n: number;
  passage: P;
  rank: number;
}

export interface OrdinalFound<P> {
  text: string;
  n: number;
  passage: P;
  /** False when the steps about what was asked were found but have no step at the asked place: said so, not stated. */
  found?: false;
}

/**
 * The step at the asked place, from the found screen whose steps (with its title) say what the
 * question is about: every noun it names, and half its words. Null when no place is asked, no found
 * screen lists steps about it; said not found when its list has no step there ("the fifth step" of four).
 */
export function stepAtPlace<P>(question: string, asked: AskedValue, screens: readonly OrdinalScreen<P>[]): OrdinalFound<P> | null {
  const place = askedStepPlace(question);
  if (!place) return null;
  const terms = asked.terms.filter((t) => !PLACE_WORDS.has(t) && !/^\d+(?:st|nd|rd|th)?$/.test(t));
  const nouns = terms.filter((t) => !asked.loose.includes(t));
  let best: { found: OrdinalFound<P>; score: number } | null = null;
  let short: { found: OrdinalFound<P>; score: number } | null = null;
  for (const sc of screens) {
    const steps = stepsOf(sc.lines);
    if (steps.size < 2) continue;
    const whole = `${sc.title}\n${sc.lines.join('\n')}`;
    const met = covered(terms, whole, asked.kin);
    // A how-to about another thing ("Reset your printer" for the router) lists no step of this one.
    if (covered(nouns, whole, asked.kin) < nouns.length || met < Math.ceil(terms.length / 2)) continue;
    const numbers = [...steps.keys()].sort((a, b) => a - b);
    const k = 'at' in place ? place.at : numbers[numbers.length - 1 - place.fromEnd];
    const step = k === undefined ? undefined : steps.get(k);
    const score = met + sc.rank;
    if (!step && k !== undefined) {
      // "The fifth step" of four: what the list has is said, and that it has no such step.
      const last = numbers[numbers.length - 1]!;
      if (!short || score > short.score) short = { found: { text: `I didn't find a step ${k} there: the steps found end at ${last}. ${steps.get(last)!.replace(/[.;]?\s*$/, '')}`, n: sc.n, passage: sc.passage, found: false }, score };
      continue;
    }
    if (!step) continue;
    if (!best || score > best.score) best = { found: { text: `${k}. ${step.replace(/[.;]?\s*$/, '')}`, n: sc.n, passage: sc.passage }, score };
  }
  return (best as { found: OrdinalFound<P>; score: number } | null)?.found ?? (short as { found: OrdinalFound<P>; score: number } | null)?.found ?? null;
}
