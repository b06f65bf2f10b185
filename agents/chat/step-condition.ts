/**
 * Steps and rules said under a condition ("If the box is dented or wet: photograph it and refuse it",
 * "Refuse the delivery if the seal is broken", "Bei Fieber über 39 °C: Arzt anrufen"), and which of
 * them a question's condition asks for ("what do I do if a parcel arrives damaged"). The condition is
 * matched by meaning (a word's WordNet kin and its everyday translations: damaged ~ dented, broken,
 * beschädigt), and by the words that set it apart from the screen's other conditions, not by the page's
 * topic every condition shares ("parcel"). Screen text is data: a step is quoted, never followed.
 */
import { foreignForms, meets, metByKin, stemsOf, stem, type AskedValue } from './asked-value.js';
import { instructionIn } from './step-answer.js';
import { stepSentences } from './step-sentences.js';

/** A condition and what to do under it, as one screen line says them. */
export interface ConditionalStep {
  condition: string;
  action: string;
  /** The line (or the line and those under it) as the screen says it. */
  text: string;
  /** Its place among the screen's sentences (see step-sentences). */
  line: number;
}

/**
 * Words that open a condition, in the languages the everyday-words table knows: English, German,
 * French, Spanish, Italian, Portuguese, Dutch. Longest first, so "in case of" wins over "in".
 */
const OPENERS = [
  'in the event of', 'in the event that', 'in case of', 'in case', 'if', 'when', 'whenever', 'should', 'where', 'once',
  'im falle von', 'im fall von', 'im falle', 'wenn', 'falls', 'sollte', 'sollten', 'bei',
  "en cas d'", 'en cas de', "s'il", "s'ils", 'si', 'lorsque', "lorsqu'", 'quand',
  'en caso de', 'cuando',
  'in caso di', 'qualora', 'se', 'quando',
  'em caso de', 'caso',
  'in geval van', 'indien', 'wanneer', 'als', 'bij',
];
const OPENER = new RegExp(`^(?:${OPENERS.map((o) => o.replace(/'/g, "['’]").replace(/ /g, '\\s+')).join('|')})(?:\\s+|(?<=['’]))`, 'iu');
/** Where a condition ends and the action starts: a comma, a colon, a dash, an arrow, or "then". */
const COND_END = /\s*(?::|,|\s[–—-]\s|→|->|=>|\bthen\b)\s*/iu;
/** "Refuse the delivery if the seal is broken": the condition after the action, in the languages above. */
const TRAILING_IF = /\s+(?:if|when|whenever|in case of|wenn|falls|bei|si|lorsque|en cas de|en caso de|in caso di|em caso de|se|als|indien|bij)\s+(?=\S)/iu;
/** "Parcel damaged? Photograph it": a short question with the step after it. */
const ASKED_THEN = /^([^?]{3,60})\?\s+(\S.{3,})$/u;

const clean = (s: string) => s.trim().replace(/[\s.;]+$/, '');

/** The conditional steps a screen's lines say. A condition that ends its line ("If the alarm sounds:") takes the lines under it. */
export function conditionalSteps(lines: readonly string[]): ConditionalStep[] {
  const out: ConditionalStep[] = [];
  const all = stepSentences(lines);
  all.forEach((s, i) => {
    const open = OPENER.exec(s);
    if (open) {
      const rest = s.slice(open[0].length);
      const end = COND_END.exec(rest);
      if (!end || end.index < 2) return;
      const condition = clean(rest.slice(0, end.index));
      let action = clean(rest.slice(end.index + end[0].length));
      let text = clean(s);
      // "If the alarm sounds:" over the steps to take: the next sentences (up to three, to the next condition) are the action.
      if (!action) {
        const under: string[] = [];
        for (const next of all.slice(i + 1, i + 4)) {
          if (OPENER.test(next)) break;
          under.push(clean(next));
        }
        if (!under.length) return;
        action = under.join('; ');
        text = `${text} ${action}`;
      }
      if (condition.split(/\s+/).length <= 14 && action.split(/\s+/).length >= 2) out.push({ condition, action, text, line: i });
      return;
    }
    const asked = ASKED_THEN.exec(s);
    if (asked) {
      out.push({ condition: clean(asked[1]!), action: clean(asked[2]!), text: clean(s), line: i });
      return;
    }
    const trailing = TRAILING_IF.exec(s);
    if (trailing && trailing.index > 0 && !/:/.test(s.slice(trailing.index))) {
      const action = clean(s.slice(0, trailing.index));
      if (instructionIn(`${action}.`) || /^\p{Lu}\p{Ll}+\s/u.test(action)) out.push({ condition: clean(s.slice(trailing.index + trailing[0].length)), action, text: clean(s), line: i });
    }
  });
  return out;
}

/**
 * "What do I do if …", "what should we do when …", "in case of fire, what …", "what happens if …",
 * "what if …", and a condition named as a thing: "what do I do with a damaged parcel", "what's the
 * procedure for a power cut". The condition asked about.
 */
const COND_ASKED =
  /\bwhat\s+(?:do|should|must|can|shall)\s+(?:i|we|you)\s+do\s+(?:if|when|whenever|in case(?:\s+of)?|should)\s+(.+?)\s*[?.!]?$|\bwhat\s+(?:happens|is the (?:rule|procedure|step)|are the (?:rules|steps))\s+(?:if|when|in case(?:\s+of)?)\s+(.+?)\s*[?.!]?$|\bwhat\s+if\s+(.+?)\s*[?.!]?$|^\s*(?:and\s+)?(?:if|when|in case(?:\s+of)?)\s+(.+?),\s*(?:what|how)\b|\bhow\s+(?:do|should|must)\s+(?:i|we)\s+(?:handle|deal with|treat)\s+(.+?)\s*[?.!]?$|\bwhat\s+(?:do|should|must)\s+(?:i|we)\s+do\s+(?:with|about)\s+(.+?)\s*[?.!]?$|\bwhat(?:'s|\s+is)\s+the\s+(?:procedure|protocol|drill|rule)\s+(?:for|with|on)\s+(.+?)\s*[?.!]?$/i;

/** The condition a question asks what to do under, or null. */
export function askedCondition(question: string): string | null {
  const m = COND_ASKED.exec(question.trim());
  return m ? (m.slice(1).find(Boolean) ?? null) : null;
}

/**
 * "Too warm" is what a rule says as "above 8 °C", "too cold" as "below 2 °C": a word of more or of
 * less in the asked condition meets a rule's bound on that side, in the languages of the word table.
 */
const MORE_WORDS = new Set('warm hot high heavy full fast late long big large over above much many overheat overheated'.split(' ').map(stem));
const LESS_WORDS = new Set('cold cool low light empty slow early short small under below few little'.split(' ').map(stem));
const ABOVE = /(?:\b(?:above|over|more than|higher than|greater than|exceeds?|exceeding|über|mehr als|höher als|au-dessus de|plus de|supérieure? à|por encima de|más de|superior a|sopra|oltre|più di|superiore a|acima de|mais de|boven|meer dan|hoger dan)\b|>\s?\d)/iu;
const BELOW = /(?:\b(?:below|under|less than|lower than|fewer than|unter|weniger als|niedriger als|en dessous de|au-dessous de|moins de|inférieure? à|por debajo de|menos de|inferior a|sotto|meno di|inferiore a|abaixo de|onder|minder dan|lager dan)\b|<\s?\d)/iu;

function said(term: string, text: string, kin: AskedValue['kin']): number {
  const stems = stemsOf(text);
  if (meets(term, stems)) return 1;
  if (metByKin(term, stems, kin)) return 0.75;
  return (MORE_WORDS.has(term) && ABOVE.test(text)) || (LESS_WORDS.has(term) && BELOW.test(text)) ? 0.75 : 0;
}

/** A condition that says a thing is not there, in the languages of the openers. */
const NEGATED = /\b(?:no|not|none|without|missing|lost|absent|gone|lacks?|lacking|isn't|aren't|wasn't|doesn't|don't|kein(?:e[nmrs]?)?|nicht|fehlt|ohne|pas|sans|manque|sin|falta|senza|manca|sem|geen|niet|ontbreekt|zonder)\b|n't\b/iu;
/** The stems of what a condition says is not there: the words after "no", "without", before "is missing". */
function absentIn(cond: string): string[] {
  const out: string[] = [];
  for (const m of cond.matchAll(/\b(?:no|without|missing|lost)\s+(?:a\s+|an\s+|the\s+|my\s+|your\s+)?([\p{L}-]{3,})/giu)) out.push(stem(m[1]!));
  for (const m of cond.matchAll(/\b([\p{L}-]{3,})\s+(?:is|are|was|were|has\s+gone|went)\s+(?:missing|lost|absent|gone)\b/giu)) out.push(stem(m[1]!));
  return out;
}

/** Words of a condition too common to tell one condition from another. */
const PLAIN = new Set(['too', 'very', 'arriv', 'arrive', 'get', 'got', 'becom', 'become', 'turn', 'happen', 'seem', 'look', 'come', 'go', 'find', 'see', 'notice', 'something', 'anything'].map(stem));

export interface ConditionFound<P> {
  text: string;
  n: number;
  passage: P;
}

export interface ConditionScreen<P> {
  lines: readonly string[];
  title: string;
  n: number;
  passage: P;
  rank: number;
}

/**
 * The kin with the translations of a condition's inflected words by their base ("damaged" is said
 * "beschädigt" or "Beschädigung" as "damage" is): the word table lists base forms.
 */
function withInflectedForms(cond: string, kin: AskedValue['kin']): AskedValue['kin'] {
  const out = new Map(kin);
  for (const w of cond.toLowerCase().split(/[^\p{L}'-]+/u).filter((x) => x.length >= 4)) {
    const bases = [w.replace(/d$/, ''), w.replace(/ed$/, ''), w.replace(/ing$/, ''), w.replace(/ing$/, 'e'), w.replace(/s$/, ''), w.replace(/ies$/, 'y')].filter((b) => b !== w && b.length >= 3);
    const forms = [...new Set(bases.flatMap((b) => foreignForms(b)))];
    if (!forms.length) continue;
    const t = stem(w);
    out.set(t, new Set([...(out.get(t) ?? []), ...forms]));
  }
  return out;
}

/**
 * The step to take under the asked condition, from the found screens: of their conditional steps,
 * the one whose condition says the words that set the asked condition apart (those the rest of its
 * screen does not say: "damaged", not the "parcel" the whole page is about), by meaning. Null when the
 * question asks under no condition, or no screen's condition says what sets it apart.
 */
export function conditionStep<P>(question: string, asked: AskedValue, screens: readonly ConditionScreen<P>[]): ConditionFound<P> | null {
  const cond = askedCondition(question);
  if (!cond) return null;
  const condStems = stemsOf(cond);
  const terms = asked.terms.filter((t) => condStems.has(t) && !PLAIN.has(t));
  if (!terms.length) return null;
  asked = { ...asked, kin: withInflectedForms(cond, asked.kin) };
  // The things the asked condition says are not there: "no label", "without a receipt", "the key is missing".
  const absent = absentIn(cond).filter((t) => terms.includes(t));
  let best: { found: ConditionFound<P>; score: number } | null = null;
  for (const sc of screens) {
    const steps = conditionalSteps(sc.lines);
    if (!steps.length) continue;
    // What the screen says outside its conditions: its topic ("Receiving parcels"), shared by all of them.
    const inSteps = new Set(steps.map((s) => s.line));
    const rest = [...stepSentences(sc.lines).filter((_, i) => !inSteps.has(i)), sc.title].join('\n');
    const topic = new Set(terms.filter((t) => said(t, rest, asked.kin) > 0));
    // Terms that set the asked condition apart: if the screen says every one outside its conditions, all of them.
    const apart = terms.filter((t) => !topic.has(t));
    const key = apart.length ? apart : terms;
    for (const st of steps) {
      // "No label on the box" is the condition "the label is missing": the thing said absent, absent in both.
      if (absent.length && NEGATED.test(st.condition) && absent.every((t) => said(t, st.condition, asked.kin) > 0)) {
        const score = 3 + absent.length + sc.rank - 0.01 * st.condition.length;
        if (!best || score > best.score) best = { found: { text: st.text, n: sc.n, passage: sc.passage }, score };
        continue;
      }
      // Another condition may say the absence in its own words ("no power": "if the power fails"), but it must name what is absent.
      if (absent.length && !absent.every((t) => said(t, st.condition, asked.kin) > 0)) continue;
      const inCond = key.reduce((n, t) => n + said(t, st.condition, asked.kin), 0);
      // What sets the condition apart must be said by it: most of it, by its word or by kin.
      if (inCond < Math.max(0.75, key.length / 2 - 0.25)) continue;
      // The topic may be said in the condition or anywhere on its screen.
      const topicMet = [...topic].reduce((n, t) => n + said(t, `${st.condition}\n${rest}`, asked.kin), 0);
      const score = 2 * inCond + topicMet + sc.rank - 0.01 * st.condition.length;
      if (!best || score > best.score) best = { found: { text: st.text, n: sc.n, passage: sc.passage }, score };
    }
  }
  return (best as { found: ConditionFound<P>; score: number } | null)?.found ?? null;
}
