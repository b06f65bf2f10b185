/**
 * The last look before an offline answer says "I don't know": the evidence line that answers, said
 * plainly. Every reader before it missed it, often for one word: the question's verb the screen says
 * its own way ("what branch did I create" over "Switched to a new branch …"), or a value no reader
 * takes for its kind ("repot the snake plant in April" for "when"). A line is stated only when it is
 * on the best ranked screen, holds a value of the asked kind, and its own words (or its window's
 * title) name every noun of the question, its own words at least one; a verb (a word WordNet knows
 * only as a verb) may go unmet, once. It must pass the statement check (not a sibling of the asked
 * thing, not the other side), and no other line found may do as well with another value: a door code
 * for another door, a repotting month for another plant, is not the answer.
 */
import { meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import { onlyVerb } from '../runtime/index.js';
import { askedAgeMet, checkStatement, type CheckedValue } from './statement-check.js';

/** A line read on a found screen that holds a value of the asked kind. */
export interface LineCandidate<T> {
  item: T;
  /** Its own words: the line, its row's naming cells, the heading over it, the sentence it was cut from. */
  own: string;
  /** Its window's title. */
  title: string;
  /** The value's text, to tell two candidates with the same value from two with different ones. */
  value: string;
  /** On the screen of the best ranked passage. */
  top: boolean;
  checked: CheckedValue;
}

const MONTH_WORD = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
/** A month said as when something happens ("in April", "by mid-March", "early June"): a time a plan or a note gives without a day. */
const MONTH_SAID = new RegExp(`\\b(?:in|by|until|till|from|before|after|during|early|late|mid|end of|start of|beginning of)\\s+(?:mid-)?${MONTH_WORD}\\b`, 'i');

/** Whether a line says when as a month only: what a "when" the date readers leave unread is answered by. */
export function monthSaid(text: string): boolean {
  return MONTH_SAID.test(text);
}

/** A line's clauses, each apart ("Launch the beta in early March; move the accounts by May"): one clause's value is not another's. */
export function clausesOf(text: string): string[] {
  const parts = text.split(/(?<=[;.!?])\s+|\n+/).map((p) => p.trim()).filter(Boolean);
  return parts.length ? parts : [text];
}

const says = (t: string, stems: Set<string>, asked: AskedValue) => meets(t, stems) || metByKin(t, stems, asked.kin);

/** The question's words as written, each with its stem. */
function questionWords(question: string): { word: string; stem: string }[] {
  return question
    .replace(/[’]/g, "'")
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean)
    .map((w) => w.replace(/'s$/i, ''))
    .map((word) => ({ word, stem: stem(word.toLowerCase()) }));
}

/** The line to state, or null when none is clearly the answer. */
export function bestLinePick<T>(question: string, asked: AskedValue, candidates: readonly LineCandidate<T>[]): T | null {
  const words = questionWords(question);
  // A verb the screen may say its own way: one the question marks as its verb, or a lowercase word WordNet knows only as a verb.
  const verb = (t: string) => asked.loose.includes(t) || words.some((w) => w.stem === t && w.word === w.word.toLowerCase() && onlyVerb(w.word));
  const nouns = asked.terms.filter((t) => !verb(t));
  // A question that names no thing gives no line to be sure of.
  if (!nouns.length) return null;
  const passing: { c: LineCandidate<T>; met: number }[] = [];
  for (const c of candidates) {
    const own = stemsOf(c.own);
    // "My old number" is met by "Previous mobile": the side asked, said in the page's word.
    for (const t of askedAgeMet(question, [c.checked.text, c.checked.key ?? ''])) own.add(t);
    const title = stemsOf(c.title);
    if (!nouns.every((t) => says(t, own, asked) || says(t, title, asked))) continue;
    if (!nouns.some((t) => says(t, own, asked))) continue;
    const unmetVerbs = asked.terms.filter((t) => verb(t) && !says(t, own, asked) && !says(t, title, asked));
    if (unmetVerbs.length > 1) continue;
    if (checkStatement(question, asked, c.checked, 'yes').miss) continue;
    passing.push({ c, met: asked.terms.filter((t) => says(t, own, asked)).length });
  }
  const best = passing.filter((p) => p.c.top).sort((a, b) => b.met - a.met)[0];
  if (!best) return null;
  // Another line found that says as much with another value: which one is meant is not known.
  const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
  const same = (a: LineCandidate<T>, b: LineCandidate<T>) => fold(a.own).includes(fold(b.value)) || fold(b.own).includes(fold(a.value));
  if (passing.some((p) => p !== best && p.met >= best.met && !same(p.c, best.c))) return null;
  return best.c.item;
}
