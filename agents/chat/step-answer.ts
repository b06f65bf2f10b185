/**
 * The step a question about doing something asks for, from a screen's numbered or imperative lines
 * (help pages, manuals, directions): "how do I reset it" is answered by the steps in order, "which
 * way after the bridge" by the step after the one that crosses it, and "how do I get it back on the
 * wifi" by the line that tells you to ("To connect it again, open the app and choose Devices").
 */
import { stem, termsSaid as said, type AskedValue } from './asked-value.js';

/** Verbs that open an instruction. */
const IMPERATIVE = new Set(
  `open close press hold click tap select choose go turn take pull push put insert remove enter type run install uninstall restart reboot
  unplug plug connect disconnect switch set keep wait follow cross continue head drive walk ride cycle scan sign log navigate add delete
  copy paste save upload download check make use send fill attach submit bring leave return call dial visit find search update change
  reset enable disable allow swipe scroll drag drop release let replace clean charge store fit screw unscrew slide lift lower plug
  clear drain fill empty pour rinse wash wipe dry tighten loosen align measure mark cut fold tick untick log restore backup back confirm pick`.split(/\s+/).filter(Boolean),
);

/** A step's number where a screen writes it: at a line's start, or after a separator OCR put before it ("120m · 4 Turn left"). */
const STEP = /(?:^|[·|]\s*|\s{2,})(\d{1,2})[.)]?\s+(\p{Lu}[^·|]*)/gu;

/** A step numbered in running text ("chopped 1. Heat the oil … soft."): up to the next such number or the line's end. */
const INLINE_STEP = /(?:^|\s)(\d{1,2})[.)]\s+(\p{Lu}.*?)(?=\s\d{1,2}[.)]\s+\p{Lu}|$)/gu;

/** Steps spelt out in running text ("Step 1: Unplug it. Step 2: Wait 30 seconds."): up to the next such step or the line's end. */
const INLINE_STEP_WORD = /(?:^|\s)step\s+(\d{1,2})\s*[:.)–—-]?\s+(\S.*?)(?=\s+step\s+\d{1,2}\s*[:.)–—-]?\s|$)/giu;

/** "Step 2:", "STEP 3.", "Step 4 –": a step's number as help pages spell it out. */
const STEP_WORD = /^\s*step\s+(\d{1,2})\s*[:.)–—-]?\s+(?=\S)/i;
/** A bullet opening a line: lists of steps in help pages and notes. */
const BULLET = /^\s*[-•*▪◦‣●○–]\s+/;

/**
 * Where a setting is, as a menu path ("Settings > Privacy > Location", "Go to Account › Security"):
 * three places at least, or two after a verb, from a settings-like first menu (a page's breadcrumbs,
 * "Home > Blog > …", say where a page is, not what to do).
 */
const MENU_START = '(?:settings|preferences|options|account|profile|menu|file|edit|view|tools|system(?: settings| preferences)?|control panel|admin|administration|configuration|setup|privacy|security|general|advanced|my account|app settings|device settings)';
const MENU_PATH = new RegExp(`^\\s*(?:(?:go to|open|tap|click|select|choose|navigate to|head to)\\s+(?:the\\s+)?${MENU_START}(?:\\s*(?:>|›|→|»)\\s*[\\p{L}\\d][^>›→»]{0,40}){1,}|${MENU_START}(?:\\s*(?:>|›|→|»)\\s*[\\p{L}\\d][^>›→»]{0,40}){2,})`, 'iu');

/** Whether a line is a menu path to a setting. */
export function menuPathIn(text: string): boolean {
  return MENU_PATH.test(text);
}

/** A line without its step marker ("1.", "Step 1:", a bullet): the instruction itself. */
const unmarked = (text: string) => text.trim().replace(STEP_WORD, '').replace(/^\d{1,2}[.)]?\s+/, '').replace(BULLET, '');

/** Whether a line is a step as steps are set apart: numbered, "Step n", or a menu path. */
export function markedStep(text: string): boolean {
  return STEP_WORD.test(text) || /^\s*\d{1,2}[.)]\s+\p{Lu}/u.test(text) || menuPathIn(text);
}

/** The first word of an instruction, after a number, "Then", or a purpose ("To connect it again, open …"). */
function openingVerb(text: string): string {
  // "If the lights stay red, first open …": the condition before the instruction says when, not what.
  // "To turn it off, first open …": a purpose, then the word that orders the step.
  let t = unmarked(text);
  for (let i = 0; i < 2; i++) t = t.replace(/^(?:if|when|once|whenever|should)\s+[^,]{2,60},\s+/i, '').replace(/^(?:then|next|finally|now|first|afterwards),?\s+/i, '').replace(/^to\s+[^,]{2,60},\s+/i, '');
  return (/^[\p{L}]+/u.exec(t)?.[0] ?? '').toLowerCase();
}

/** Whether a line tells the reader what to do. */
export function instructionIn(text: string): boolean {
  if (menuPathIn(text)) return true;
  // "Step 2: Hold the Scan button" reads as the numbered step it is.
  if (STEP_WORD.test(text)) text = `${STEP_WORD.exec(text)![1]}. ${text.replace(STEP_WORD, '')}`;
  // "Run these commands from the project folder:" introduces the steps; what follows it is the answer.
  if (/:\s*$|\b(?:these|the following|below|as follows)\b/i.test(text)) return false;
  // "Restart the print spooler" over numbered steps is their heading: an unnumbered instruction is a sentence.
  // (and "Restart the print spooler: 1. Drain the queue", the heading read with the first step under it).
  // "Switch guest access off daily at: 23:00" is a setting's label with its value, not an instruction.
  if (!/^\s*\d/.test(text) && /^[^:.]{1,60}:\s/.test(text)) return false;
  if ((!/^\s*\d/.test(text) && text.trim().split(/\s+/).length < 6 && !/[.!]\s*$/.test(text)) || /:\s+\d{1,2}[.)]?\s/.test(text)) return false;
  return IMPERATIVE.has(openingVerb(text));
}

/** The numbered steps said in these texts, by number (the first reading of each). */
export function stepsOf(texts: readonly string[]): Map<number, string> {
  const out = new Map<number, string>();
  const add = (n: number, step: string) => {
    step = step.trim().replace(/[\s·|]+$/, '');
    if (n >= 1 && !out.has(n) && step.split(/\s+/).length >= 2) out.set(n, step);
  };
  const lines = texts.flatMap((t) => t.split('\n'));
  for (const line of lines) {
    const word = STEP_WORD.exec(line);
    if (word) add(Number(word[1]), line.slice(word[0].length));
    else for (const m of line.matchAll(STEP)) add(Number(m[1]), m[2]!);
  }
  // A recipe's or a guide's steps OCR read into running text with another column ("3 garlic cloves,
  // chopped 1. Heat the oil … 2. Stir in …"): numbers in the middle of a line count only as a run
  // from 1, read when it holds more steps than the lines' starts do.
  const inline = new Map<number, string>();
  for (const line of lines) {
    for (const m of line.matchAll(INLINE_STEP)) if (!inline.has(Number(m[1]))) inline.set(Number(m[1]), m[2]!.trim());
    // "Step 1: … Step 2: …" run into one paragraph by the passage splitter: read as numbered steps run together are.
    for (const m of line.matchAll(INLINE_STEP_WORD)) if (!inline.has(Number(m[1]))) inline.set(Number(m[1]), m[2]!.trim());
  }
  let run = 0;
  while (inline.has(run + 1)) run++;
  if (run >= 2 && run > out.size) {
    const strict = new Map(out);
    out.clear();
    for (let n = 1; n <= run; n++) add(n, inline.get(n)!);
    if (out.size >= 2) return out;
    out.clear();
    for (const [n, st] of strict) out.set(n, st);
  }
  if (out.size >= 2) return out;
  // Steps told in one sentence ("First open Settings, then tap Privacy, then choose Reset"), or a menu path.
  for (const line of lines) {
    const told = proseSteps(line);
    if (told.length >= 2) {
      out.clear();
      told.forEach((st, i) => out.set(i + 1, st));
      return out;
    }
  }
  // Unnumbered, a list of bullets that tell what to do is the steps in the order they are listed.
  // (Most of them open with a verb known to instruct; the rest are read with them, in order.)
  // (A list the passage splitter ran into one line is cut at its round bullets: "Pair it • Open the case. • Hold …".)
  const listed = lines.flatMap((l) => l.split(/\s+(?=[•▪◦‣●]\s)/)).filter((l) => BULLET.test(l));
  const bullets = listed.map(unmarked);
  if (bullets.length >= 2 && 2 * bullets.filter((b) => instructionIn(b)).length >= bullets.length) {
    out.clear();
    bullets.forEach((b, i) => add(i + 1, b));
  }
  return out;
}

/** Where one step of a sentence ends and the next begins: "then", "and then", "after that", "next", "finally". */
const THEN = /(?:,\s*|\s+)(?:and\s+)?(?:then|after that|afterwards|next|finally)\b,?\s+/i;
/** A menu path's separators. */
const MENU_SEP = /\s*(?:>|›|→|»)\s*/;

/**
 * The steps a line tells in order without numbers: a menu path's places ("Settings → Privacy → Reset")
 * or a sentence's instructions joined by "then" ("First open the admin page, then go to Maintenance");
 * empty when it tells fewer than two, or when its parts do not read as instructions.
 */
export function proseSteps(line: string): string[] {
  const text = line.trim();
  if (menuPathIn(text)) {
    const places = text.split(MENU_SEP).map((p) => p.replace(/[.;]$/, '').trim()).filter(Boolean);
    return places.length >= 2 ? places : [];
  }
  const parts = text.split(THEN).map((p) => p.trim().replace(/[.;,]+$/, '')).filter(Boolean);
  if (parts.length < 2) return [];
  // The first part may open with what it is for or when ("If the lights stay red, first open …").
  const first = parts[0]!.replace(/^.*?\bfirst,?\s+/i, '');
  const steps = [first, ...parts.slice(1)];
  return steps.every((st) => IMPERATIVE.has(openingVerb(st))) ? steps : [];
}

/**
 * Actions steps say in several ways, English first: unplugging (pull the cable out, disconnect),
 * switching off (turn off, power down, shut down), switching on (power up, boot), plugging back in
 * (reconnect). A step that says one of them does what a question names with another.
 */
const ACTIONS: readonly RegExp[] = [
  /\b(?:unplug\w*|disconnect\w*|pull(?:ing)?\s+(?:\w+\s+){0,3}(?:plug|cable|cord|lead)s?\s+out|pull(?:ing)?\s+out\s+(?:\w+\s+){0,3}(?:plug|cable|cord|lead)s?)\b/i,
  /\b(?:switch(?:ing|ed)?\s+(?:\w+\s+){0,2}off|turn(?:ing|ed)?\s+(?:\w+\s+){0,2}off|power(?:ing|ed)?\s+(?:\w+\s+){0,2}(?:off|down)|shut(?:ting)?\s+(?:\w+\s+){0,2}down)\b/i,
  /\b(?:switch(?:ing|ed)?\s+(?:\w+\s+){0,2}on|turn(?:ing|ed)?\s+(?:\w+\s+){0,2}on|power(?:ing|ed)?\s+(?:\w+\s+){0,2}up|boot(?:ing|ed)?\s+(?:\w+\s+){0,2}up)\b/i,
  /\b(?:plug(?:ging|ged)?\s+(?:\w+\s+){0,3}(?:back\s+)?in|reconnect\w*|connect(?:ing|ed)?\s+(?:\w+\s+){0,3}again)\b/i,
];

/** "Which way after crossing the footbridge", "what do I do after the batteries are out": what the step asked for comes after. */
const AFTER = /\bafter\s+(.+?)(?:\s+(?:on|for|in|at)\s+(?:my|the|our|your)\b|[,?.!]|$)/i;
/**
 * A condition a step ends on, asked as what to do once it holds: "what do I do once the onions have
 * gone soft", "when the light blinks, what next", "what should I do as soon as it beeps".
 */
const ONCE = /\bwhat\s+(?:do|should|can|must)\s+(?:i|we)\s+do\s+(?:once|when|as soon as)\s+(.+?)(?:[,?.!]|$)|^\s*(?:and\s+|so\s+)?(?:once|when|as soon as)\s+(.+?),\s*(?:what|how|which)\b|\bwhat(?:'s| is| comes)\s+(?:the\s+)?next\s+(?:step\s+)?(?:once|when|after)\s+(.+?)(?:[,?.!]|$)/i;
/** "What do I do before I add the eggs", "which step comes before the rinse": the step before the one named. */
const BEFORE = /\bwhat\s+(?:do|should|must)\s+(?:i|we)\s+do\s+before\s+(.+?)(?:[,?.!]|$)|\b(?:which|what)\s+step\s+(?:comes\s+)?before\s+(.+?)(?:[,?.!]|$)/i;

/** "What do I do after unplugging it", "what's the next step after the reset": the step after a named one, asked as what to do. */
const DO_AFTER = /\bwhat\s+(?:do|should|must|can)\s+(?:i|we)\s+do\s+(?:right\s+|straight\s+|just\s+)?after\s+\S|\bwhat(?:'s| is| comes)\s+(?:the\s+)?next\s+(?:step\s+)?after\s+\S/i;

/** What a question names for the step it asks about, and whether the step asked for comes after it or before it. */
function named(question: string): { what: string; dir: 1 | -1 } | null {
  const before = BEFORE.exec(question);
  if (before) return { what: (before[1] ?? before[2])!, dir: -1 };
  const once = ONCE.exec(question);
  if (once) return { what: (once[1] ?? once[2] ?? once[3])!, dir: 1 };
  const after = AFTER.exec(question)?.[1];
  return after ? { what: after, dir: 1 } : null;
}

/** Whether a question asks for the step next to one it names ("after …", "once … ", "before …"). */
export function asksNextStep(question: string): boolean {
  return ONCE.test(question) || BEFORE.test(question) || DO_AFTER.test(question);
}

/**
 * The step after (or before) the one that says what the question names, from one screen's lines:
 * "2. Stir in the garlic …" for "what do I do once the onions have gone soft" over "1. Fry the
 * onion … until soft". Null when the question names no step, or no step of the screen says it.
 */
export function stepNextTo(question: string, asked: AskedValue, screen: readonly string[]): string | null {
  const n = named(question);
  if (!n) return null;
  const steps = stepsOf(screen);
  if (steps.size < 2) return null;
  const terms = asked.terms.filter((t) => said([t], n.what, asked.kin) > 0);
  // A menu path's or a sentence's steps are short ("Privacy"): the one that says all it names is the one.
  const told = screen.filter((l) => proseSteps(l).length >= 2);
  for (const line of told) {
    const list = proseSteps(line);
    const at = list.findIndex((st) => terms.length && said(terms, st, asked.kin) >= terms.length);
    const next = at >= 0 ? list[at + n.dir] : undefined;
    // A menu's next place is said with its path, where it stands.
    if (next) return menuPathIn(line) ? `${next} (${list.join(' → ')})` : next;
  }
  if (!terms.length) return null;
  let best: { n: number; met: number; ends: number } | null = null;
  // Of steps that say as much, the one that says how it ends ("has soaked", "gone soft"): the condition's last word.
  const last = terms[terms.length - 1]!;
  // The action named may be said in other words by the step ("after unplugging it": "Pull the power cable out"): its words count as said.
  const action = ACTIONS.find((r) => r.test(n.what));
  const acted = action ? terms.filter((t) => said([t], action.exec(n.what)![0], asked.kin) > 0) : [];
  for (const [k, s] of steps) {
    const does = action?.test(s) ? acted : [];
    const met = said(terms.filter((t) => !does.includes(t)), s, asked.kin) + does.length;
    const ends = said([last], s, asked.kin) > 0 ? 0.25 : 0;
    if (met > 0 && (!best || met + ends > best.met + best.ends)) best = { n: k, met, ends };
  }
  // Most of what the question names must be said by the step, not one word of it ("pepper" in "salt and pepper").
  if (!best || best.met < (terms.length <= 2 ? terms.length : Math.ceil(terms.length / 2))) return null;
  const k = best.n + n.dir;
  const step = steps.get(k);
  return step ? `${k}. ${step}` : null;
}

/** The verb of "how do I …", "how can we …", "how to …". */
const VERB = /\bhow\s+(?:do|can|could|should|would|did)\s+(?:i|we|you)\s+(\p{L}+)|\bhow\s+to\s+(\p{L}+)/iu;

/** Steps stated at most, and characters. */
const MAX_STEPS = 6;
const MAX_CHARS = 400;

/**
 * What states the step asked for, given the picked line and every line of its screen: the step after
 * the one the question's "after …" names, or the run of numbered steps the picked line is one of; null
 * when the picked line is no numbered step (a single instruction states itself).
 */
export function stepStatement(question: string, asked: AskedValue, picked: string, screen: readonly string[]): string | null {
  const steps = stepsOf(screen);
  if (steps.size < 2) return null;
  if (named(question)) return stepNextTo(question, asked, screen);
  // A menu path states itself, as it is written.
  if (menuPathIn(picked)) return null;
  // The picked line is one of the steps: numbered in it, or the bullet it is.
  const own = [...stepsOf([picked]).keys()];
  const bare = unmarked(picked);
  if (!own.length) for (const [n, st] of steps) if (bare && (st === bare || st.startsWith(bare) || bare.startsWith(st))) own.push(n);
  if (!own.length) return null;
  // "How do I check the filesystem": a step that says the question's verb is the one asked for, alone
  // (its verb, not a word that only looks like one: "staging" in "rotate the staging key").
  const verb = VERB.exec(question);
  const verbs = verb ? asked.loose.filter((t) => t === stem((verb[1] ?? verb[2])!.toLowerCase())) : [];
  if (verbs.length && [...steps.values()].some((st) => said(verbs, st, asked.kin) > 0)) return null;
  const run = [...steps].sort((a, b) => a[0] - b[0]).slice(0, MAX_STEPS);
  let text = '';
  for (const [n, s] of run) {
    const next = `${text ? `${text} ` : ''}${n}. ${s.replace(/[.;]?$/, '.')}`;
    if (next.length > MAX_CHARS) break;
    text = next;
  }
  // The picked step is stated, whatever else is: a run cut before it would lose what was found.
  return text && own.every((n) => run.slice(0, text.split(/\s(?=\d{1,2}\.\s)/).length).some(([k]) => k === n)) ? text : null;
}
