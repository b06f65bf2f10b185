import { nlp } from '../runtime/index.js';
import { oneLine, truncate } from '../subagent-kit/index.js';

/**
 * What makes text read as an instruction, in the languages Engram's users write: the words that
 * open a procedure ("to X:", "how to", "para", "pour", "so setzt man"), the words that order its
 * steps ("first … then …"), and whether a clause starts with a command ("open the panel"). The
 * rules are about how people write how-tos, never about one data set's layout.
 */

/** The word that opens a first step. */
export const FIRST_WORDS = String.raw`first(?:ly)?|first of all|zuerst|erstens|primeiro|primero|d'abord|tout d'abord|premièrement`;
/** Words that order the next steps (longest first so "and then" wins over "then"). */
export const THEN_WORDS = String.raw`and then|and finally|after that|afterwards|then|next|finally|lastly|und dann|und danach|danach|dann|anschließend|schließlich|e depois|depois|em seguida|por fim|y luego|y después|luego|después|finalmente|et ensuite|ensuite|puis|enfin`;

const FIRST_AT_START = new RegExp(String.raw`^(?:${FIRST_WORDS})\b[,]?\s*`, 'i');
const THEN_AT_START = new RegExp(String.raw`^(?:and\s+|und\s+|e\s+|y\s+|et\s+)?(?:${THEN_WORDS})\b[,]?\s*`, 'i');
const THEN_INSIDE = new RegExp(String.raw`(?:^|[\s,;])(?:${THEN_WORDS})\b`, 'i');
/** Where one step ends and the next begins: a "then" word, a comma or semicolon, or "and" before more words. */
const STEP_SPLIT = new RegExp(String.raw`\s*[,;]\s*(?:(?:${THEN_WORDS})\b[,]?\s*)?|\s+(?:${THEN_WORDS})\b[,]?\s+|\s+(?:and|und|e|y|et)\s+(?=\S+\s+\S)`, 'i');

/**
 * Openers of a purpose or a condition: "to X", "how to X", "how I X", "when X", "if X", and the same
 * in Portuguese, Spanish, French and German ("para X", "como X", "pour X", "comment X", "um … zu",
 * "wie man X", "so setzt man X").
 */
export const PURPOSE_OPENER = /^(?:(?:in order )?to|how (?:to|do (?:i|you|we)|can (?:i|you|we)|should (?:i|we)|i|we)|when(?:ever)?|if|para|pra|como|cómo|pour|comment|wie|so|um|quando|cuando|si|wenn)\s/i;
/** Openers that state a goal (one step is enough); conditions ("when", "if") need two steps. */
const GOAL_OPENER = /^(?:(?:in order )?to|how (?:to|do (?:i|you|we)|can (?:i|you|we)|should (?:i|we)|i|we)|para|pra|como|cómo|pour|comment|wie|so|um)\s/i;

/** A heading that announces a procedure, in any of those languages. */
export const INSTRUCTIVE_HEADING =
  /\b(?:how to|how-to|how i|steps?|instructions?|guide|setup|set up|install(?:ation)?|getting started|usage|checklist|procedure|recipe|method|directions|runbook|anleitung|schritte|passos|passo a passo|instruções|pasos|instrucciones|étapes|mode d'emploi)\b|^(?:to|para|pra|como|cómo|pour|comment|wie|so|um)\s/i;

/** Commands typed in a shell read as instructions too ("ssh deploy@host", "git rebase --continue"). */
const COMMAND = /^(?:sudo|git|npm|npx|yarn|pnpm|pip3?|python3?|node|docker|kubectl|helm|ssh|scp|curl|wget|make|cd|brew|apt(?:-get)?|dnf|yum|systemctl|certbot|terraform|cargo|go)\s/;

/**
 * Command verbs the tagger reads as nouns at the start of a short clause ("Run make install",
 * "Open GitLab settings", "Select the file"): the everyday verbs of software and forms.
 */
const COMMAND_VERBS = new Set(
  `run open select type enter press click tap copy paste check set file mark log sign turn reset restart update export import install
  clone start stop close save push pull merge tag build deploy upload download fill scroll drag drop swipe hold plug unplug`.split(/\s+/),
);

const MAX_CACHE = 4096;
const verbCache = new Map<string, boolean>();

/** Does the clause start with a command verb ("Open the back panel", "run npm test")? English by compromise, shell commands by shape. */
export function isInstruction(clause: string): boolean {
  const text = clause.trim().replace(THEN_AT_START, '').replace(FIRST_AT_START, '');
  if (COMMAND.test(text)) return true;
  const words = text.split(/\s+/).slice(0, 5);
  if (words.length < 2 || !/^\p{L}/u.test(words[0]!)) return false;
  if (COMMAND_VERBS.has(words[0]!.toLowerCase())) return true;
  const key = words.join(' ').toLowerCase();
  const hit = verbCache.get(key);
  if (hit !== undefined) return hit;
  // Tagged in a short context: "Mark" alone is a name, "Mark the commit with edit" a command.
  // The first term's tags straight from the tagged document: .json() would build every output form of every term (half the cost).
  const first = nlp(`${words[0]!.charAt(0).toUpperCase()}${words[0]!.slice(1)} ${words.slice(1).join(' ')}`).docs[0]?.[0]?.tags ?? new Set<string>();
  const verb = first.has('Verb') && (first.has('Infinitive') || first.has('Imperative')) && !first.has('Gerund') && !first.has('PastTense');
  if (verbCache.size >= MAX_CACHE) verbCache.delete(verbCache.keys().next().value!);
  verbCache.set(key, verb);
  return verb;
}

/** The clause with its ordering word taken off ("then restart the pods" → "restart the pods"). */
export function withoutOrderWord(clause: string): string {
  return clause.trim().replace(FIRST_AT_START, '').replace(THEN_AT_START, '').trim();
}

export function startsWithFirst(text: string): boolean {
  return FIRST_AT_START.test(text.trim());
}

export function hasThenWord(text: string): boolean {
  return THEN_INSIDE.test(text);
}

/** A run of prose split into its steps. */
export function splitSteps(body: string): string[] {
  return body
    .split(STEP_SPLIT)
    .map((s) => withoutOrderWord(s).replace(/[.;,:!]+$/, '').trim())
    .filter((s) => s.length > 1);
}

export function isGoalOpener(text: string): boolean {
  return GOAL_OPENER.test(text.trim());
}

/** A how-to's title from its heading: "To deploy the app:" → "How to deploy the app". */
export function cleanTitle(heading: string): string {
  let t = oneLine(heading).replace(/[:.]+$/, '');
  if (/^to\s+/i.test(t)) t = `How ${t.charAt(0).toLowerCase()}${t.slice(1)}`;
  return truncate(t, 120);
}

export function cleanStep(s: string): string {
  return truncate(oneLine(s).replace(/[.;,]+$/, ''), 300);
}

export function truncateTitle(t: string): string {
  return truncate(oneLine(t), 120);
}
