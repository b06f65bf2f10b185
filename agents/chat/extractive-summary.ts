import { sentencesOf } from '../store/index.js';
import { NO_MODEL_SENTENCES } from './offline-phrases.js';
import { collapse } from '../../shared/memory/index.js';
import type { HistoryTurn } from './prompt-builder.js';
import { forModel } from './prompt-builder.js';

// Words that carry a decision, a plan or a commitment: what a later question refers back to.
const DECISION =
  /\b(?:decid\w*|agree\w*|chose|chos\w*|pick\w*|settl\w*|plan\w*|will|going to|shall|must|need to|deadline|due|moved?|postpon\w*|cancel\w*|book\w*|confirm\w*|approv\w*|reject\w*|sign\w* off|let'?s|instead|prefer\w*|from now on|always|never)\b/i;
const NUMBER = /\d/;
// A capitalised word inside a sentence (not its first word): a name, a product, a place.
const NAME = /(?<=\S\s+)["“(]?\p{Lu}[\p{L}\p{N}'’-]+/u;
/** Lines that only say how the answer was built, or list headings: nothing to remember. */
const NOISE = /^(?:Related memories|Events|Facts|How-tos|Documents and links|What was tried before|About you|In the order you saw them)\b|^No language model is configured/i;

export interface ScoredSentence {
  text: string;
  score: number;
  order: number;
}

/** Why a sentence is worth keeping: 1 each for a name, a number and a decision (0 = drop). */
export function sentenceWeight(s: string): number {
  return (NAME.test(s) ? 1 : 0) + (NUMBER.test(s) ? 1 : 0) + (DECISION.test(s) ? 1 : 0);
}

function sentencesOfTurn(t: HistoryTurn): string[] {
  const who = t.role === 'user' ? 'User' : 'Engram';
  const text = NO_MODEL_SENTENCES.reduce((acc, s) => acc.replace(s, ''), t.text);
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const l = collapse(line.replace(/^\s*[-•*]\s+/, '').replace(/(?:\s*\[\d+\])+/g, ''));
    if (!l || NOISE.test(l) || /:$/.test(l)) continue;
    for (const s of sentencesOf(l)) if (s.length >= 8) out.push(`${who}: ${s}`);
  }
  return out;
}

/**
 * The running summary without a model (extractive): the earlier summary's sentences and the
 * sentences of the older turns that carry names, numbers or decisions, in conversation order,
 * redacted as any prompt text is. Over `maxChars`, the least telling go first (the oldest of equals),
 * so the newest decisions survive; the user's own questions count a little more than the answers.
 */
export function extractiveSummary(previous: string | null, turns: readonly HistoryTurn[], maxChars: number): string {
  const pool: ScoredSentence[] = [];
  let order = 0;
  const seen = new Set<string>();
  const add = (text: string, bonus: number) => {
    const key = text.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    const score = sentenceWeight(text.replace(/^(?:User|Engram): /, ''));
    if (score > 0) pool.push({ text, score: score + bonus, order: order++ });
  };
  // The earlier summary's lines were kept for the same reasons: they compete with the new ones.
  if (previous) for (const line of previous.split('\n')) if (line.trim()) add(collapse(line), 0);
  for (const t of turns) for (const s of sentencesOfTurn(t)) add(forModel(s), t.role === 'user' ? 0.5 : 0);
  const kept = new Set<ScoredSentence>();
  let size = 0;
  // Highest score first; among equals, the newest.
  for (const s of [...pool].sort((a, b) => b.score - a.score || b.order - a.order)) {
    if (size + s.text.length + 1 > maxChars) continue;
    kept.add(s);
    size += s.text.length + 1;
  }
  return pool
    .filter((s) => kept.has(s))
    .map((s) => s.text)
    .join('\n');
}
