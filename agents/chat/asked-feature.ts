/**
 * "Does the flat come with a dishwasher?", "is there a lift in the building?", "does the room have
 * air conditioning?": a yes or no about one thing a place or offer has. When nothing seen or kept
 * names that thing (in its own word, a WordNet synonym or an everyday translation), the answer is that
 * Engram does not know, not the nearest line of the listing (a washing machine is no dishwasher).
 */
import { closeKin } from '../runtime/index.js';
import { askedValue, foreignForms, meets, stem, stemsOf } from './asked-value.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { ScreenOf } from './unmatched-screen.js';

/** A yes/no question about a thing had, offered or included, and that thing's words. */
const HAS_THING = /^\s*(?:does|do|did|will|would|can|is|are)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+|it\s+|they\s+)?[\p{L}\d' -]{1,60}?\s+(?:come\s+with|have|has|include|includes|offer|provide|got)\s+(?:a\s+|an\s+|any\s+|its\s+own\s+|their\s+own\s+|the\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)\s*\?+\s*$/iu;
const THERE_IS = /^\s*(?:is|are)\s+there\s+(?:a\s+|an\s+|any\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:in|at|on|with|for|near)\b/iu;

/** Words for a way, a choice or a rule, not a thing a place or offer has. */
const ABSTRACT = /^(?:substitutes?|alternatives?|replacements?|ways?|options?|choices?|chances?|needs?|reasons?|problems?|issues?|differences?|deadlines?|limits?|rules?|requirements?|risks?|workarounds?|fix|fixes|updates?|versions?|plans?|discounts?|fees?|charges?|costs?|news|answers?|instead)$/i;

/** The thing a yes/no question asks about, its words, or null when the question is not one. */
export function askedFeature(question: string): string[] | null {
  const m = HAS_THING.exec(question) ?? THERE_IS.exec(question);
  if (!m) return null;
  const words = m[1]!.split(/\s+/).filter((w) => w.length >= 3 && !/^(?:one|any|some|time|room|space|enough)$/i.test(w));
  // A thing had, not a way or a stand-in ("is there a substitute for buttermilk", "does it have an alternative"): those are read as advice.
  if (!words.length || words.some((w) => ABSTRACT.test(w))) return null;
  return words;
}

/** Whether a word is met in the stems: itself, its synonyms, or an everyday translation (not WordNet's wider kin: a cast-iron pan says no dishwasher). */
function said(word: string, stems: Set<string>): boolean {
  const w = word.toLowerCase();
  if (meets(stem(w), stems)) return true;
  for (const f of foreignForms(w)) if (stems.has(f)) return true;
  for (const k of closeKin(w)) if (/^[a-z]{4,}$/.test(k) && stems.has(stem(k))) return true;
  return false;
}

/**
 * For a yes/no about a thing that no found screen, passage or memory names, the words of that thing
 * ("dishwasher"); else null (the thing is named somewhere, and the answer reads on as for any question).
 */
export function featureUnsaid(question: string, numbered: readonly NumberedMemory[], screens?: ScreenOf): string | null {
  const words = askedFeature(question);
  if (!words || !numbered.length) return null;
  const seen = numbered.map((m) => stemsOf([m.memory.title, m.memory.text, ...(m.passages ?? []).map((p) => p.text), ...(screens?.(m.memory) ?? []).map((p) => p.text)].join('\n')));
  // Read on the screens of what the question is about ("the Kanaalstraat flat"), when any says it:
  // "Dishwasher tablets" on a grocery order say nothing of the flat's kitchen.
  const thing = new Set(words.map((w) => stem(w.toLowerCase())));
  const about = askedValue(question).terms.filter((t) => !thing.has(t));
  const its = seen.filter((st) => about.some((t) => meets(t, st)));
  const stems = new Set((its.length ? its : seen).flatMap((st) => [...st]));
  // The head of the thing (its last word) is what must be named: "a washing machine" is no "dishwasher".
  return said(words[words.length - 1]!, stems) ? null : words.join(' ');
}
