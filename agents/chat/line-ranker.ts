import type { ChatLeadExplain } from '../../shared/api/index.js';
import { clip } from '../../shared/memory/index.js';
import type { TimeFormatter } from '../../shared/time/index.js';
import type { FactSentence } from './fact-sentence.js';
import { FEATURE_NAMES, holdsAskedKind, leadState, lineCandidates, lineFeatures, questionFrame, type CandidateSource, type LineCandidate } from './line-features.js';
import type { Meaning } from './label-meaning.js';
import { HEDGE_OPENING, NOTHING_ANSWERS } from './lead-openings.js';
import { LINE_RANKER_WEIGHTS } from './line-ranker-weights.js';
import { seenPhrase } from './passage-answer.js';
import { VALUE, type AskedValue } from './asked-value.js';

/**
 * A learned chooser of the lead line: when the hand-written lead (fact-sentence) says "I don't
 * know" with screens found, or only guesses, a logistic model over general features of each
 * candidate line (line-features) scores them. Above a high threshold the best line is stated, above
 * a lower one it is offered as a guess, else the hand-written lead stands. A sure lead is never
 * overridden. The weights are fitted on the development days by `npm run bench -- lead-ranker --write`.
 */

export interface RankerWeights {
  features: readonly string[];
  weights: readonly number[];
  thresholds: { state: number; hedge: number };
}

const MAX_CHARS = 220;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The model's probability that a feature vector is the line that answers. */
export function lineScore(features: readonly number[], w: RankerWeights): number {
  let z = 0;
  for (let i = 0; i < features.length; i++) z += (w.weights[i] ?? 0) * features[i]!;
  return sigmoid(z);
}

/** Weights usable with this build's features (same names, same order), else null: the chooser stays off. */
function usable(w: RankerWeights): RankerWeights | null {
  return w.weights.length === FEATURE_NAMES.length && w.features.every((f, i) => f === FEATURE_NAMES[i]) ? w : null;
}

/** May the chooser replace this lead? Only a generic "I don't know" or a hedge. */
export function leadOpen(lead: FactSentence | null): boolean {
  if (!lead) return false;
  // The generic "I don't know" only: others are a reader's considered "no" (a row left empty, a thing unsaid).
  return lead.hedged || (!lead.known && lead.text.startsWith(NOTHING_ANSWERS));
}

/**
 * The candidate a lead sentence states: the one whose text (its head, when long) the lead quotes,
 * the longest when several are; -1 when the lead quotes none (a sentence put together by a reader).
 */
export function leadLineIndex(lead: string, texts: readonly string[]): number {
  let best = -1;
  texts.forEach((t, i) => {
    const quoted = t.length > 12 ? t.slice(0, 60) : t;
    if (t.trim().length >= 4 && lead.includes(quoted) && (best < 0 || t.length > texts[best]!.length)) best = i;
  });
  return best;
}

/** The asked kind's value in the line, after its label when it has one: said first. */
function valueOf(asked: AskedValue, c: LineCandidate): string | null {
  if (asked.kind === 'any' || asked.kind === 'when' || asked.kind === 'contact' || asked.shaped) return null;
  const after = c.label && c.text.startsWith(c.label) ? c.text.slice(c.label.length).replace(/^\s*:/, '') : c.text;
  if (!holdsAskedKind(asked, after)) return null;
  const m = VALUE[asked.kind].exec(after);
  return m && m[0].trim() !== c.text.trim() ? m[0].trim() : null;
}

/**
 * The lead to give: the chooser's line when the hand-written lead is open to it and a line scores
 * high enough, else the hand-written lead. With `explain`, why (every candidate, its features and score).
 */
export function rankedLead(
  question: string,
  numbered: readonly CandidateSource[],
  lead: FactSentence | null,
  fmt: TimeFormatter,
  o: { explain?: boolean; weights?: RankerWeights; meaning?: Meaning } = {},
): { lead: FactSentence | null; explain?: ChatLeadExplain } {
  const w = usable(o.weights ?? LINE_RANKER_WEIGHTS);
  const open = leadOpen(lead);
  if (!o.explain && (!open || !w)) return { lead };
  const cands = lineCandidates(numbered);
  const frame = questionFrame(question, cands, lead?.text ?? '', o.meaning);
  const scored = cands.map((candidate) => {
    const features = lineFeatures(frame, candidate);
    return { candidate, features, score: w ? lineScore(features, w) : 0 };
  });
  let best = -1;
  scored.forEach((s, i) => {
    if (best < 0 || s.score > scored[best]!.score) best = i;
  });
  const top = best >= 0 ? scored[best]! : null;
  let chosen: FactSentence | null = null;
  if (open && w && top && top.score >= w.thresholds.hedge) {
    const c = top.candidate;
    const value = valueOf(frame.asked, c);
    const said = `${value && c.text.length > 40 ? `${value} — ` : ''}${clip(c.text, MAX_CHARS)} — seen ${seenPhrase(c.passage, fmt)} [${c.n}].`;
    const sure = top.score >= w.thresholds.state;
    // A guess already made stays a guess unless the chooser is sure of another line.
    if (sure || !lead?.hedged) chosen = sure ? { text: said, cited: [c.n], known: true, hedged: false } : { text: `${HEDGE_OPENING}${said}`, cited: [c.n], known: false, hedged: true };
  }
  const out: { lead: FactSentence | null; explain?: ChatLeadExplain } = { lead: chosen ?? lead };
  if (o.explain) {
    out.explain = {
      lead: lead?.text ?? '',
      state: leadState(lead?.text ?? "I don't know"),
      feature_names: [...FEATURE_NAMES],
      candidates: scored.map((s) => ({ text: s.candidate.text, n: s.candidate.n, title: s.candidate.title, features: s.features.map((x) => Number(x.toFixed(4))), score: Number(s.score.toFixed(4)) })),
      chosen: chosen ? best : null,
    };
  }
  return out;
}
