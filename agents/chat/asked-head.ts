import { foreignForms, headNoun, meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';

/**
 * The noun a question asks the value of ("what is the door CODE for the bike room", "which GATE does
 * the flight leave from", "how much is the tenancy DEPOSIT") and whether a line binds it to its value.
 * A line may say every other word of the question and hold a value of the asked kind, yet not be the
 * answer: "Bike room door does not lock · FAC-2226" holds a code, but not the door's code. The answer
 * names the asked thing where its value is: as the value's label ("Door code: 4471"), just before it
 * ("code 4471") or in the line above it. Only the question's own words and the language's function
 * words are used: nothing of a particular screen.
 */

/** Words that open a noun phrase after "which/what" and are not its head. */
const DETERMINERS = '(?:the|my|our|your|his|her|their|this|that|a|an)';
/** "Which gate does …", "what version did …", "how many pallets are …": the noun right after the wh-word. */
const WH_NOUN = new RegExp(
  String.raw`^\s*(?:and\s+|so\s+)?(?:which|what|how\s+many|how\s+much)\s+(?:${DETERMINERS}\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:is|are|was|were|do|does|did|will|would|can|could|should|has|have|had|am)\b`,
  'iu',
);
/** "How much is the tenancy deposit on …", "who is the ward manager": the noun of "the …" before a preposition or the end. */
const HOW_MUCH_NOUN = new RegExp(
  String.raw`^\s*(?:and\s+|so\s+)?(?:how\s+much|who)(?:'s|\s+is|\s+was|\s+are|\s+were|\s+will\s+be|\s+did\s+I\s+pay\s+for|\s+do\s+I\s+pay\s+for)\s+${DETERMINERS}\s+(?:[\p{L}'’-]+\s+){0,3}?([\p{L}-]+)(?:\s+(?:on|of|for|at|in|to|from|with|per|this|that|next|last|now|today|tonight|tomorrow|yesterday|again)\b|\s*[?.!]?\s*$)`,
  'iu',
);
/** Words that read as a head but ask nothing of their own ("what time", "what kind of", "which one"). */
const EMPTY_HEADS = new Set(['one', 'ones', 'thing', 'things', 'kind', 'sort', 'type', 'way', 'much', 'many', 'time', 'day', 'date', 'else', 'exactly']);

/** The stem of the noun the question asks the value of, or null when it names none. */
export function askedHead(question: string): string | null {
  const q = question.replace(/[’]/g, "'");
  const raw = headNoun(q) ?? HOW_MUCH_NOUN.exec(q)?.[1] ?? WH_NOUN.exec(q)?.[1]?.split(/\s+/).pop() ?? null;
  if (!raw) return null;
  const w = raw.toLowerCase();
  if (EMPTY_HEADS.has(w) || w.length < 3) return null;
  return stem(w);
}

/** How a line stands to the asked head: 'bound' names it where the value is, 'said' elsewhere, 'unsaid' nowhere; null without a head. */
export type HeadBinding = 'bound' | 'said' | 'unsaid' | null;

/** Whether a text's stems say the head (the word, its kin or its everyday translations). */
function says(head: string, asked: AskedValue, text: string): boolean {
  if (!text) return false;
  const s = stemsOf(text);
  return meets(head, s) || metByKin(head, s, asked.kin) || foreignForms(head).some((f) => s.has(f));
}

/** Words between the head and a value after it, at most, for the two to be bound ("code for the gate: 4471"). */
const NEAR_WORDS = 4;

/**
 * How a candidate line binds the question's head to a value: its label or the line above says the
 * head, or the head is said at most a few words before a figure in the line; 'said' when the head is
 * in the line but away from any figure; 'unsaid' when neither the line, its label nor its neighbours say it.
 */
export function headBinding(head: string | null, asked: AskedValue, line: { text: string; label: string; prev: string }, holdsValue: (text: string) => boolean): HeadBinding {
  if (!head) return null;
  if (says(head, asked, line.label) && holdsValue(line.text)) return 'bound';
  const words = line.text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    if (!says(head, asked, words[i]!)) continue;
    const after = words.slice(i + 1, i + 1 + NEAR_WORDS + 1).join(' ');
    if (after && holdsValue(after)) return 'bound';
  }
  if (says(head, asked, line.text)) return 'said';
  return says(head, asked, line.prev) ? 'said' : 'unsaid';
}
