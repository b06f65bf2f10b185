/**
 * The thing a "which/what X" question asks for when no kind of value says it ("which platform",
 * "what colour", "what dessert"): the value is only known to be X by a label or a word that says X.
 * A screen that meets the question's other words (the train, grandma, Saturday) but never says X
 * does not hold X; offered as a guess it answers another question ("at 18:40, at Atocha").
 */
import { wordKin } from '../runtime/index.js';
import { meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';

const WHICH_THING = /^\s*(?:and\s+|so\s+)?(?:which|what)\s+([\p{L}-]{3,})\s+(?:is|are|was|were|do|does|did|has|have|had|will|would|should|can|could|shall)\b/iu;

/** "What's the name of the driver", "what was the name of that café": the thing named is the driver, the café. */
const NAME_OF = /^\s*(?:and\s+|so\s+)?what(?:'s|’s|\s+is|\s+was|\s+were)\s+(?:the\s+)?names?\s+of\s+(?:the|my|our|your|his|her|their|this|that)\s+([\p{L}-]{3,})/iu;

/** The noun after "which"/"what" when the question wants a thing of that name, as a stem of its terms. */
export function askedThing(question: string, asked: AskedValue): string | null {
  if (asked.kind !== 'any') return null;
  const w = WHICH_THING.exec(question)?.[1] ?? NAME_OF.exec(question)?.[1];
  const s = w ? stem(w) : null;
  return s && asked.terms.includes(s) && !asked.loose.includes(s) ? s : null;
}

/**
 * Whether a text says the thing asked for (itself, or one of its kin and translations), or the value
 * is one (`value`'s words: "Frankfurt" is a city for "which city", by WordNet); true when none is asked.
 */
export function saysAskedThing(question: string, asked: AskedValue, text: string, value: string): boolean {
  const thing = askedThing(question, asked);
  if (!thing) return true;
  const stems = stemsOf(text);
  if (meets(thing, stems) || metByKin(thing, stems, asked.kin)) return true;
  return (value.match(/\p{Lu}[\p{L}-]{2,}/gu) ?? []).some((w) => [...wordKin(w.toLowerCase())].some((k) => stem(k) === thing));
}
