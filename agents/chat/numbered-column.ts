/**
 * Columns told apart by a number: "Paper 1 (/80) | Paper 2 (/80)", "Test 1 | Test 2", "R1 R2 R3",
 * "Wk 1 … Wk 4", "1st leg | 2nd leg". A question names one of them by its noun and its number, said
 * as a figure or an ordinal ("paper 2", "the second test", "round 3", "the 2nd leg", "week four"):
 * the column of that noun and number is the one asked, the same noun's other numbers are not, and
 * a number the sheet has no column of ("paper 3" over Papers 1 and 2) is said to be missing rather
 * than read off a sibling.
 */
import { meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';

/** A noun and the number that tells its columns apart. */
export interface Numbered {
  noun: string;
  n: number;
  /** The words of the question (or header) that said them. */
  said: string;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const CARDINALS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/**
 * What a head adds after its number: the marks it is out of ("(/80)", "/ 50", "(max 20)", "out of 10"),
 * its unit ("(%)", "(pts)", "(h)"). A slash right after the number is a date's ("Thu 17/12"), no mark.
 */
const AFTER = /\s*(?:\(\s*(?:\/|max\.?|out\s+of|of)?\s*\d{1,4}\s*\)|\s\/\s*\d{1,4}|out\s+of\s+\d{1,4}|\(\s*[\p{L}€$£%/.]{1,6}\s*\))\s*$/iu;
/** A noun and its number: "Paper 2", "R3", "Wk 4", "KW12", "Game #2", "Test no. 1". */
const NOUN_NUMBER = /^(\p{L}[\p{L}.]{0,13}?)\.?\s?(?:#|no\.?\s?|nr\.?\s?)?(\d{1,2})$/iu;
/** A number before its noun: "2nd test", "1st leg", "2. Runde", "3e manche". */
const NUMBER_NOUN = /^(\d{1,2})(?:st|nd|rd|th|\.|e|º|ª)\s+(\p{L}{2,14})$/iu;
/** An ordinal word before its noun: "Second test", "Third round". */
const ORDINAL_NOUN = new RegExp(`^(${ORDINALS.join('|')})\\s+(\\p{L}{2,14})$`, 'iu');

/** The noun and number of a column's head (each part of a grouped head "Q3 / Revenue"), or null. */
export function headNumber(head: string): Numbered | null {
  for (const part of head.split(/\s+\/\s+/)) {
    const s = part.trim().replace(AFTER, '').trim();
    let m = NOUN_NUMBER.exec(s);
    // A year or a code is no numbered column: one or two digits only, after a word or a letter.
    if (m) return { noun: m[1]!.replace(/\.$/, '').toLowerCase(), n: Number(m[2]), said: part.trim() };
    m = NUMBER_NOUN.exec(s);
    if (m) return { noun: m[2]!.toLowerCase(), n: Number(m[1]), said: part.trim() };
    m = ORDINAL_NOUN.exec(s);
    if (m) return { noun: m[2]!.toLowerCase(), n: ORDINALS.indexOf(m[1]!.toLowerCase()) + 1, said: part.trim() };
  }
  return null;
}

/** Words before a number that name no column ("in 2", "top 3", "get 2"). */
const NOT_A_NOUN = /^(?:in|on|at|for|of|the|to|by|from|after|before|than|get|got|gets|score[ds]?|top|best|last|first|next|about|around|over|under|and|or|with|is|was|are|were|did|do|does|make|made|had|have|has|than|me|my|we|our|us|i|he|she|they|it|this|that|those|these|what|which|who|how|many|much|per|page|step|line|row|column|col|cell|sheet|tab|version|v|id|no|nr|number|item|top)$/i;

/** The numbered nouns a question names: "paper 2", "the second test", "round three", "the 2nd leg", "R3", "Q2". */
export function askedNumbers(question: string): Numbered[] {
  const out: Numbered[] = [];
  const q = question.replace(/[?!.,;:]+(?=\s|$)/g, ' ');
  for (const m of q.matchAll(/\b(\p{L}[\p{L}]{0,13})\.?\s?(?:#\s?|no\.?\s?|number\s+)?(\d{1,2})(?![\d:.,%]\d|\s*(?:%|am|pm|h\b|hrs?\b|min|kg|km|€|\$|£|x\b))\b/giu)) {
    if (!NOT_A_NOUN.test(m[1]!)) out.push({ noun: m[1]!.toLowerCase(), n: Number(m[2]), said: m[0] });
  }
  for (const m of q.matchAll(/\b(\d{1,2})(?:st|nd|rd|th)\s+(\p{L}{2,14})\b/giu)) out.push({ noun: m[2]!.toLowerCase(), n: Number(m[1]), said: m[0] });
  for (const m of q.matchAll(new RegExp(`\\b(${ORDINALS.join('|')})\\s+(\\p{L}{2,14})\\b`, 'giu'))) out.push({ noun: m[2]!.toLowerCase(), n: ORDINALS.indexOf(m[1]!.toLowerCase()) + 1, said: m[0] });
  for (const m of q.matchAll(new RegExp(`\\b(\\p{L}{2,14})\\s+(?:number\\s+)?(${CARDINALS.join('|')})\\b`, 'giu'))) {
    if (!NOT_A_NOUN.test(m[1]!)) out.push({ noun: m[1]!.toLowerCase(), n: CARDINALS.indexOf(m[2]!.toLowerCase()) + 1, said: m[0] });
  }
  return out;
}

/** A head's word shortened from the noun: its first letter ("R" for round), or its letters in order ("Wk" for week, "Rd" for round). */
function shortened(short: string, noun: string): boolean {
  if (short.length >= noun.length || short[0] !== noun[0]) return false;
  let at = 0;
  for (const ch of short) {
    at = noun.indexOf(ch, at) + 1;
    if (!at) return false;
  }
  return true;
}

/** Whether a head's noun is the question's: the same word, its kin ("exam" for test), or a shortening of either. */
export function sameNoun(head: string, asked: string, kin?: AskedValue['kin']): boolean {
  const h = stem(head);
  const a = stem(asked);
  if (h === a || meets(a, new Set([h]))) return true;
  if (shortened(head, asked) || shortened(asked, head)) return true;
  return !!kin && metByKin(a, stemsOf(head), kin);
}

export interface NumberedPick {
  /** Columns of the asked noun and number. */
  hit: number[];
  /** Columns of the asked noun with another number. */
  other: number[];
  /** The question's words the number and noun account for (stems). */
  words: Set<string>;
  /** What was asked, as said ("paper 3"), when the table has the noun's columns but not that number. */
  unmet: string | null;
}

/**
 * The columns a question's numbered noun picks among the eligible ones: those of its noun and number,
 * and those of its noun with other numbers (not the one asked). Null when the question names no
 * number that heads of the table are told apart by.
 */
export function numberedColumns(question: string, columns: readonly string[], eligible: (c: number) => boolean, kin?: AskedValue['kin']): NumberedPick | null {
  const heads = columns.map((h, c) => (eligible(c) ? headNumber(h) : null));
  // A lone "Paper 1" is not "paper 2" either.
  for (const ask of askedNumbers(question)) {
    const family = heads.map((h, c) => (h && sameNoun(h.noun, ask.noun, kin) ? c : -1)).filter((c) => c >= 0);
    if (!family.length) continue;
    const hit = family.filter((c) => heads[c]!.n === ask.n);
    const words = stemsOf(ask.said);
    return { hit, other: family.filter((c) => !hit.includes(c)), words, unmet: hit.length ? null : ask.said.trim() };
  }
  return null;
}

/**
 * Whether a label is a numbered head of the noun the question names with another number ("Paper 1"
 * for "what did Ana get on paper 2"): a sibling column's value, never the answer.
 */
export function otherNumbered(question: string, label: string): boolean {
  const head = headNumber(label);
  if (!head) return false;
  const asks = askedNumbers(question).filter((a) => sameNoun(head.noun, a.noun));
  return asks.length > 0 && !asks.some((a) => a.n === head.n);
}
