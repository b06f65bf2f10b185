/**
 * The advice a how-to question asks for, read off the screens found for it: what a support agent
 * said to do next time ("For next time: add the travel pass before you leave"), the fix a ticket or
 * a doc plans ("Proposed fix: …", "Next steps: …"), a tip ("Make sure the lid is locked"), what to
 * use instead of a thing ("No buttermilk? Milk with a spoon of lemon juice works too"), and the step
 * next to the one a question names ("what do I do once it beeps"). Screen text is data: it is quoted,
 * never followed.
 */
import type { PassageMatch } from '../../shared/index.js';
import { sentencesOf } from '../store/index.js';
import { stem, termsSaid as covered, type AskedValue } from './asked-value.js';
import { asksNextStep, instructionIn, stepNextTo } from './step-answer.js';

/** What kind of help a question asks for: a thing to use instead, advice or a plan, or the step next to a named one. */
export type AdviceAsk = 'substitute' | 'advice' | 'step';

/** "What can I use instead of X", "a substitute for X", "swap X for what", "if I don't have X". */
const SUBSTITUTE = /\binstead of\b|\b(?:substitute|substitution|alternative|replacement|stand-?in)s?\s+(?:for|to)\b|\bin place of\b|\bswap\b|\breplace\b[^?]*\bwith\b|\b(?:if|when)\s+(?:i|we)\s+(?:don'?t|do not|can'?t|cannot)\s+(?:have|find|get)\b|\b(?:if|when)\s+(?:i|we)\s+(?:have|'ve got|got)\s+no\b|\b(?:if|when)\s+(?:i'm|i am|we're|we are)\s+out of\b/i;

/**
 * "How do I avoid …", "how can we stop …", "how are we going to fix …", "what should I do about …",
 * "what's the plan / the fix for …", "any tips for …", "what did support suggest".
 */
const ADVICE = /^\s*(?:and\s+|so\s+)?how\s+(?:do|can|could|should|would|will|might|are|am|is)\s+(?:i|we|you|they|it|he|she)\b|\bhow to\b|\bwhat\s+(?:should|can|could|must|do)\s+(?:i|we)\s+(?:do|use|try|bring|take|pack|avoid|change)\b|\bwhat(?:'s| is| was| are| were)\s+(?:the\s+|our\s+|my\s+|their\s+)?(?:fix|plan|solution|workaround|advice|recommendation|tip|next steps?|way to)\b|\bany\s+(?:tips|advice)\b|\bwhat\s+did\s+[\p{L} ]{1,30}\s+(?:suggest|recommend|advise)\b/iu;

/** Words that only say that help is asked for, not what it is about. */
const ASKING = new Set(['instead', 'substitute', 'substitutes', 'substitution', 'alternatives', 'else', 'something', 'alternativ', 'alternative', 'replacement', 'replac', 'replace', 'swap', 'place', 'have', 'find', 'tip', 'advice', 'plan', 'fix', 'solution', 'workaround', 'recommendation', 'suggest', 'recommend', 'advis', 'advise', 'step', 'next', "don't", "can't", 'cannot', 'dont', 'cant', 'out'].map(stem));

/** The kind of help a question asks for, or null when it asks for a fact. */
export function adviceAsked(question: string): AdviceAsk | null {
  if (asksNextStep(question)) return 'step';
  if (SUBSTITUTE.test(question)) return 'substitute';
  return ADVICE.test(question) ? 'advice' : null;
}

/** A sentence that offers something else for a thing: "No coriander? Parsley works as well", "use yoghurt instead". */
const OFFERS_OTHER = /\b(?:no|out of|don'?t have(?: any)?|can'?t (?:find|get))\s+[^?.!]{1,40}\?|\binstead\b|\bswap\b|\bsubstitut\w*|\bin place of\b|\breplac\w*\s+(?:it|them|\w+)\s+with\b|\b(?:works?|do(?:es)?)\s+(?:just\s+)?as well\b|\balternatively\b|\bor use\b|\bworks? too\b/i;
/** Where such a sentence starts when OCR ran another column into it ("+ sourdough, to serve No coriander? …"). */
const LACK = /\b(?:no|out of|don'?t have(?: any)?|can'?t (?:find|get))\s+[^?.!]{1,40}\?/i;

/** A line opening with a plan's or a fix's heading: "Fix", "Proposed fix:", "Plan:", "Next steps:", "Workaround:". */
const FIX_HEAD = /^\W{0,3}(?:proposed fix|suggested fix|the fix|fix|solution|workaround|mitigation|remedy|prevention)\b(?!\s+(?:is|was)\s+(?:not|done|merged))/i;
const PLAN_HEAD = /^\W{0,3}(?:plan|the plan|next steps?|action items?|recommendations?|to do)\b\s*:?/i;
/** What says what to do from now on, or how not to have it happen. */
const FORWARD = /\b(?:for next time|next time|in (?:the )?future|going forward|from now on|to avoid|to prevent|so (?:that )?(?:it|this) (?:doesn'?t|does not|won'?t) happen)\b/i;
/** Advice in so many words. */
const ADVISE = /\b(?:make sure|be sure to|remember to|don'?t forget|you can|you could|you should|you may want|you might want|we recommend|i(?:'d)? recommend|recommended|we suggest|i(?:'d)? suggest|it'?s best|best to|tip:)\b/i;
/** A plan said as one: what will be done. */
const WILL = /\b(?:we(?:'ll| will| are going to|'re going to| plan to| need to| should)|(?:the )?fix (?:is|will)|will be fixed (?:by|with))\b/i;

/** "What should I do if the rollout gets stuck", "how do I fix it when the light blinks": the condition asked about. */
const IF_ASKED = /\b(?:if|when|whenever|in case)\s+(.+?)(?:[?.!]|$)/i;
/** A sentence that says what to do under a condition: "If the rollout hangs, scale the deployment to zero." */
const IF_SAID = /^\W{0,3}(?:if|when|whenever|in case|should)\s+([^,]{3,100}),\s*\S/i;

/** A clause opening with a verb in lower case, not a subject: "scale the deployment", not "the deploy fails". */
const BARE_VERB = /^(?!(?:the|a|an|it|its|this|that|these|those|they|we|you|he|she|there|i|my|our|your|their|his|her|no|not|all|some|any|each|every)\b)\p{Ll}+\s+\p{L}/u;

/** How surely a sentence gives advice or a plan (0: it does not). */
function adviceWeight(s: string): number {
  if (FIX_HEAD.test(s)) return 2.5;
  if (FORWARD.test(s) || PLAN_HEAD.test(s)) return 2;
  if (ADVISE.test(s)) return 1.5;
  if (WILL.test(s) || instructionIn(s)) return 1;
  // A step under a condition ("If the primary is down, promote the replica: …") instructs as much as one without it.
  if (IF_SAID.test(s)) {
    const then = s.slice(s.indexOf(',') + 1).trim();
    if (BARE_VERB.test(then) || instructionIn(then)) return 1;
  }
  return 0;
}

/** One screen found for the question, as its lines, with the memory [n] that cites it. */
export interface AdviceScreen {
  lines: readonly string[];
  n: number;
  passage: PassageMatch | null;
  /** 0..1: how its best passage ranked in the search. */
  rank: number;
}

export interface AdviceFound {
  text: string;
  /** It says what to do under the condition the question names ("If the rollout hangs, …"). */
  conditional?: boolean;
  /** Its screen's lines: a step found is said with the steps it is one of. */
  lines: readonly string[];
  n: number;
  passage: PassageMatch | null;
}

/** The sentences of a screen's lines, a short question joined to the answer after it ("No coriander? Parsley works."). */
function sentencesOfScreen(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const ss = sentencesOf(line.replace(/\s+/g, ' ').trim());
    ss.forEach((s, i) => {
      const next = ss[i + 1];
      out.push(s);
      if (/\?$/.test(s) && next) out.push(`${s} ${next}`);
    });
  }
  return out;
}

const MAX_CHARS = 240;
const clipped = (s: string) => (s.length > MAX_CHARS ? `${s.slice(0, MAX_CHARS - 1).replace(/\s+\S*$/, '')}…` : s).replace(/[\s;:,]+$/, '');

/**
 * The advice, plan, substitute or step on the found screens that answers the question, or null. A
 * screen must be about what the question is about (half its words or more, all of them when it has
 * two or fewer); the sentence must give advice (or offer something instead of the thing named, or
 * be the step next to the one named).
 */
export function adviceIn(question: string, asked: AskedValue, screens: readonly AdviceScreen[]): AdviceFound | null {
  const ask = adviceAsked(question);
  if (!ask) return null;
  const terms = asked.terms.filter((t) => !ASKING.has(t));
  if (!terms.length) return null;
  // What the question is about beyond its subject ("on my next trip abroad") a screen may leave unsaid.
  const need = terms.length <= 2 ? terms.length : Math.ceil(0.4 * terms.length);
  let best: { found: AdviceFound; score: number } | null = null;
  const consider = (found: AdviceFound, score: number) => {
    if (!best || score > best.score) best = { found, score };
  };
  const cond = ask === 'substitute' ? undefined : IF_ASKED.exec(question)?.[1];
  const condTerms = cond ? terms.filter((t) => covered([t], cond, asked.kin) > 0) : [];
  for (const sc of screens) {
    const whole = sc.lines.join('\n');
    const onScreen = covered(terms, whole, asked.kin);
    // What to do under the asked condition, said as such (above any other advice): its condition says some of the asked one,
    // and the rest of the asked one (unless it says most of it) is said on its screen ("api-gateway" in the steps above it).
    if (condTerms.length) {
      for (const s of sentencesOfScreen(sc.lines)) {
        const c = IF_SAID.exec(s)?.[1];
        const then = s.slice(s.indexOf(',') + 1).trim();
        // What follows the condition tells what to do: advice, or a bare verb ("scale the deployment to zero"), not a fact ("the deploy fails").
        if (!c || (adviceWeight(then) === 0 && !BARE_VERB.test(then))) continue;
        const met = covered(condTerms, c, asked.kin);
        const rest = condTerms.filter((t) => covered([t], c, asked.kin) === 0);
        const said = met >= 2 && met >= Math.ceil(condTerms.length / 2);
        if (met >= 1 && (said || covered(rest, whole, asked.kin) >= (rest.length <= 1 ? rest.length : Math.floor(rest.length / 2)))) consider({ text: clipped(s), n: sc.n, passage: sc.passage, lines: sc.lines, conditional: true }, 10 + met + sc.rank);
      }
    }
    if (ask === 'step') {
      const step = stepNextTo(question, asked, sc.lines);
      if (step) consider({ text: clipped(step), n: sc.n, passage: sc.passage, lines: sc.lines }, onScreen + sc.rank);
      continue;
    }
    if (onScreen < need) continue;
    for (const s of sentencesOfScreen(sc.lines)) {
      const inIt = covered(terms, s, asked.kin);
      if (ask === 'substitute') {
        // It names the thing to replace and offers another: "No coriander? Flat-leaf parsley works as well."
        const lack = LACK.exec(s);
        // "No coriander?" alone offers nothing: the answer is what follows it.
        const offered = lack ? s.slice(lack.index + lack[0].length) : s;
        // The thing missing is the one asked about, not another the line ran into ("+ 1 tsp baking soda Out of buttermilk? …").
        const names = lack ? covered(terms, lack[0], asked.kin) : inIt;
        if (names === 0 || !OFFERS_OTHER.test(s) || offered.split(/\s+/).filter(Boolean).length < 2) continue;
        const from = lack?.index ?? 0;
        consider({ text: clipped(s.slice(from)), n: sc.n, passage: sc.passage, lines: sc.lines }, 3 + inIt + 0.5 * onScreen + sc.rank);
        continue;
      }
      const w = adviceWeight(s);
      // A plan's heading or "next time" gives the advice in the screen's words; weaker cues must say what was asked.
      if (w === 0 || (w < 2 && inIt === 0)) continue;
      consider({ text: clipped(s), n: sc.n, passage: sc.passage, lines: sc.lines }, w + 1.5 * inIt + onScreen + sc.rank);
    }
  }
  return (best as { found: AdviceFound; score: number } | null)?.found ?? null;
}
