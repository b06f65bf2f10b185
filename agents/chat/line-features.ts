import type { PassageMatch } from '../../shared/index.js';
import { askedValue, foreignForms, meets, stemsOf, termsSaid, VALUE, type AskedValue } from './asked-value.js';
import { refineAsked } from './asked-kinds.js';
import { askedHead, headBinding } from './asked-head.js';
import type { Meaning } from './label-meaning.js';
import { HEDGE_OPENING } from './lead-openings.js';

/**
 * The candidate lines an answer could lead with, and a fixed vector of general features for each
 * against the question: how much of the question a line, its label, its screen's title and its
 * neighbours say; whether it holds a value of the asked kind (and after a label that names the
 * question); how its screen ranked; its length and place. A learned chooser (line-ranker) weighs
 * them. No feature tests a particular page's words or a kind of question: only the question's own
 * words and the kind of value it asks for.
 */

/** What a candidate is read from: a numbered memory with the screen passages the answer was given. */
export interface CandidateSource {
  n: number;
  memory: { kind: string; title: string };
  passages?: readonly PassageMatch[];
}

export interface LineCandidate {
  /** The line as the screen passage has it (already redacted, as the answer shows it). */
  text: string;
  /** The memory [n] it is cited as. */
  n: number;
  passage: PassageMatch;
  /** The screen's window title, else its memory's title. */
  title: string;
  /** The words before its colon, else the line above it when that line reads as a label. */
  label: string;
  prev: string;
  next: string;
  /** 0..1: its passage's search score over the best one. */
  rank: number;
  /** Its passage's place among the passages read (0 = best). */
  passageIndex: number;
  lineIndex: number;
  lineCount: number;
}

/** Passages read, at most: the best ones, as the lead sentence reads (fact-sentence's MAX_PASSAGES). */
const MAX_PASSAGES = 8;
/** Lines longer than this are prose paragraphs: cut, the head is what a lead would say. */
const MAX_LINE = 300;
/** Lines per question, at most. */
const MAX_CANDIDATES = 240;

/** "Starts at: 02:30": the words before a colon that a space or the line's end follows (not a clock's "08:00"). */
const LABELLED = /^([^:]{0,40}\p{L}[^:]{0,40}?):(?=\s|$)/u;

/** A line's label and the rest, when it starts with one. */
function labelled(text: string): { label: string; rest: string } | null {
  const m = LABELLED.exec(text);
  return m ? { label: m[1]!.trim(), rest: text.slice(m[0].length) } : null;
}

/** A line that names something and leaves its value to the next line ("Check-in", "Total due:"). */
const LABEL_LIKE = /^[\p{L}][\p{L}\p{N} /&'’().-]{0,40}:?$/u;

/**
 * The lines of the best passages of the memories the answer was given, best passage first, one copy
 * of each passage. Vault memories are skipped: their text is never a line to state.
 */
export function lineCandidates(numbered: readonly CandidateSource[]): LineCandidate[] {
  const seen = new Set<string>();
  const passages: { p: PassageMatch; m: CandidateSource }[] = [];
  for (const m of numbered) {
    if (m.memory.kind === 'knowledge_vault') continue;
    for (const p of m.passages ?? []) {
      const k = `${p.frame_id ?? ''}\u0000${p.text}`;
      if (seen.has(k)) continue;
      seen.add(k);
      passages.push({ p, m });
    }
  }
  passages.sort((a, b) => b.p.score - a.p.score);
  const best = passages[0]?.p.score ?? 0;
  const out: LineCandidate[] = [];
  passages.slice(0, MAX_PASSAGES).forEach(({ p, m }, passageIndex) => {
    const lines = p.text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
    lines.forEach((raw, lineIndex) => {
      const text = raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw;
      const prev = lines[lineIndex - 1] ?? '';
      const next = lines[lineIndex + 1] ?? '';
      const label = labelled(text)?.label ?? (LABEL_LIKE.test(prev) ? prev.replace(/:$/, '') : '');
      out.push({ text, n: m.n, passage: p, title: p.window_title ?? m.memory.title, label, prev, next, rank: best > 0 ? Math.max(0, p.score / best) : 0, passageIndex, lineIndex, lineCount: lines.length });
    });
  });
  return out.slice(0, MAX_CANDIDATES);
}

/** The features, in order: the weights file's order. */
export const FEATURE_NAMES = [
  'bias',
  'terms_met',
  'terms_met_idf',
  'all_terms_met',
  'label_terms',
  'title_terms',
  'passage_terms',
  'neighbour_terms',
  'kind_value',
  'kind_after_label',
  'kind_under_label',
  'question_tokens',
  'rank',
  'best_passage',
  'line_place',
  'short',
  'length',
  'has_digit',
  'label_only',
  'in_hedge',
  'best_terms',
  'kind_and_terms',
  'kind_and_rank',
  'value_only',
  'kin_terms',
  'foreign_terms',
  'head_bound',
  'head_said',
  'head_unsaid',
  'meaning_line',
  'meaning_label',
  'meaning_gap',
  'meaning_top',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** How the hand-written lead went: sure, a hedge ("Not sure it is what you asked …"), or "I don't know". */
export type LeadState = 'sure' | 'hedge' | 'unknown';

/** The state of a lead sentence, by its own words (lead-openings). */
export function leadState(lead: string): LeadState {
  if (lead.startsWith(HEDGE_OPENING)) return 'hedge';
  if (/^I don't know\b/.test(lead)) return 'unknown';
  return 'sure';
}

/** What is shared by every candidate of one question: what it asks, and how rare each asked word is among the lines. */
export interface QuestionFrame {
  question: string;
  asked: AskedValue;
  /** Per asked term, log-scaled inverse line frequency among the candidates (rarer words weigh more). */
  idf: Map<string, number>;
  /** The question's numbers and capitalised words after its first (names, codes), lower-cased. */
  tokens: string[];
  /** The hand-written lead, when known (its hedge names a line). */
  lead: string;
  /** The highest weighted share of the question's words any candidate says. */
  bestShare: number;
  /** The noun the question asks the value of ("door code": code), stemmed; null when it names none. */
  head: string | null;
  /** How close the question is to each line and to its label by the store's embedder; absent without one. */
  meaning?: Meaning;
  /** The closest any candidate line is to the question by meaning (0 without an embedder). */
  bestMeaning: number;
}

/** The pairs whose meaning the chooser reads: the question against each candidate line and its label (measured before the answer, in one batch). */
export function lineMeaningPairs(question: string, numbered: readonly CandidateSource[]): { phrase: string; label: string }[] {
  return lineCandidates(numbered).flatMap((c) => [{ phrase: question, label: c.text }, ...(c.label ? [{ phrase: question, label: c.label }] : [])]);
}

export function questionFrame(question: string, candidates: readonly LineCandidate[], lead = '', meaning?: Meaning): QuestionFrame {
  const asked = refineAsked(question, askedValue(question));
  const stems = candidates.map((c) => stemsOf(c.text));
  const idf = new Map<string, number>();
  for (const t of asked.terms) {
    const df = stems.filter((s) => meets(t, s)).length;
    idf.set(t, Math.log((stems.length + 1) / (df + 1)) + 1);
  }
  const words = question.split(/\s+/).slice(1).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  const tokens = [...new Set(words.filter((w) => w.length > 1 && (/\d/.test(w) || /^\p{Lu}/u.test(w))).map((w) => w.toLowerCase()))];
  const frame: QuestionFrame = { question, asked, idf, tokens, lead, bestShare: 0, head: askedHead(question), bestMeaning: 0, ...(meaning ? { meaning } : {}) };
  frame.bestShare = Math.max(0, ...stems.map((st) => share(frame, st)));
  frame.bestMeaning = Math.max(0, ...candidates.map((c) => meaning?.(question, c.text) ?? 0));
  return frame;
}

/** The IDF-weighted share of the question's words a line's stems meet. */
function share(f: QuestionFrame, own: Set<string>): number {
  const terms = f.asked.terms;
  const all = terms.reduce((a, t) => a + (f.idf.get(t) ?? 1), 0);
  return all > 0 ? terms.filter((t) => meets(t, own)).reduce((a, t) => a + (f.idf.get(t) ?? 1), 0) / all : 0;
}

/** Does a text hold a value of the asked kind? For "any", a figure or a name. */
export function holdsAskedKind(asked: AskedValue, text: string): boolean {
  if (asked.shaped) return asked.shaped(text);
  const k = asked.kind;
  if (k === 'when') return VALUE.clock.test(text) || VALUE.date.test(text);
  if (k === 'contact') return VALUE.phone.test(text) || VALUE.email.test(text);
  if (k === 'any') return /\d/.test(text) || VALUE.person.test(text.replace(/^\S+\s*/, ''));
  return VALUE[k].test(text);
}

const fraction = (terms: readonly string[], text: string): number => {
  if (!terms.length || !text) return 0;
  const s = stemsOf(text);
  return terms.filter((t) => meets(t, s)).length / terms.length;
};

/** The feature vector of one candidate line, in FEATURE_NAMES order. */
export function lineFeatures(f: QuestionFrame, c: LineCandidate): number[] {
  const terms = f.asked.terms;
  const own = stemsOf(c.text);
  const met = terms.filter((t) => meets(t, own));
  const weighted = share(f, own);
  // What names the asked thing: the line itself, its label or the line next to it.
  const named = Math.max(weighted, fraction(terms, c.label), fraction(terms, `${c.prev}\n${c.next}`));
  const ownLabel = labelled(c.text);
  const after = ownLabel?.rest ?? '';
  const kind = holdsAskedKind(f.asked, c.text);
  const lower = c.text.toLowerCase();
  const value = after.trim() || (LABEL_LIKE.test(c.text) ? '' : c.text);
  const bound = headBinding(f.head, f.asked, c, (t) => holdsAskedKind(f.asked, t));
  // Missing (no embedder, or it was late): 0, as the chooser read lines before meaning was measured.
  const near = f.meaning?.(f.question, c.text);
  const feats: Record<FeatureName, number> = {
    bias: 1,
    terms_met: terms.length ? met.length / terms.length : 0,
    terms_met_idf: weighted,
    all_terms_met: terms.length && met.length === terms.length ? 1 : 0,
    label_terms: fraction(terms, c.label),
    title_terms: fraction(terms, c.title),
    passage_terms: fraction(terms, c.passage.text),
    neighbour_terms: fraction(terms, `${c.prev}\n${c.next}`),
    kind_value: kind ? 1 : 0,
    kind_after_label: ownLabel && holdsAskedKind(f.asked, after) && fraction(terms, ownLabel.label) > 0 ? 1 : 0,
    kind_under_label: kind && c.label && c.label === c.prev.replace(/:$/, '') && fraction(terms, c.prev) > 0 ? 1 : 0,
    question_tokens: f.tokens.length ? f.tokens.filter((t) => lower.includes(t)).length / f.tokens.length : 0,
    rank: c.rank,
    best_passage: c.passageIndex === 0 ? 1 : 0,
    line_place: c.lineCount > 1 ? c.lineIndex / (c.lineCount - 1) : 0,
    short: c.text.length <= 60 ? 1 : 0,
    length: Math.min(1, Math.log1p(c.text.length) / 6),
    has_digit: /\d/.test(c.text) ? 1 : 0,
    label_only: value ? 0 : 1,
    in_hedge: leadState(f.lead) === 'hedge' && f.lead.includes(c.text.length > 12 ? c.text.slice(0, 60) : `${c.text}`) ? 1 : 0,
    best_terms: weighted > 0 && weighted >= f.bestShare ? 1 : 0,
    kind_and_terms: kind ? named : 0,
    kind_and_rank: kind ? c.rank : 0,
    value_only: /\p{L}{3}/u.test(c.text) ? 0 : 1,
    // Said in related words (WordNet's kin count half) or in another language's everyday words.
    kin_terms: terms.length ? termsSaid(terms, c.text, f.asked.kin) / terms.length : 0,
    foreign_terms: terms.length ? terms.filter((t) => !meets(t, own) && foreignForms(t).some((x) => own.has(x))).length / terms.length : 0,
    // The asked thing named where the value is ("Door code: 4471"), elsewhere in the line, or nowhere near it.
    head_bound: bound === 'bound' ? 1 : 0,
    head_said: bound === 'said' ? 1 : 0,
    head_unsaid: bound === 'unsaid' ? 1 : 0,
    // The question and the line alike in meaning though not in words ("a second check" / "re-visit fee").
    meaning_line: near ?? 0,
    meaning_label: (c.label ? f.meaning?.(f.question, c.label) : undefined) ?? 0,
    meaning_gap: near !== undefined ? near - f.bestMeaning : 0,
    meaning_top: near !== undefined && near > 0 && near >= f.bestMeaning ? 1 : 0,
  };
  return FEATURE_NAMES.map((n) => feats[n]);
}

/** Every candidate of a question with its features: what `engram ask --explain` shows and the ranker scores. */
export function explainLines(question: string, numbered: readonly CandidateSource[], lead = '', meaning?: Meaning): { candidate: LineCandidate; features: number[] }[] {
  const cands = lineCandidates(numbered);
  const frame = questionFrame(question, cands, lead, meaning);
  return cands.map((candidate) => ({ candidate, features: lineFeatures(frame, candidate) }));
}
