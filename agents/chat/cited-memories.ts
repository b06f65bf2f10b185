import type { Memory } from '../../shared/index.js';
import type { Citation } from './citations.js';
import type { NumberedMemory } from './retrieval-types.js';

/** At most this many memories are cited under an answer (issue 35: a one-fact question cited 21 cards). */
export const MAX_CITED = 6;

// Words that say nothing about which memory answers: question words, auxiliaries, pronouns, fillers.
const STOP = new Set(
  ('the and for are was were what when where which who whom whose why how did does do done has have had ' +
    'with from this that these those there their they them then than into onto about over under your you ' +
    'our ours mine his her hers its not but can could would should will shall may might must any all some ' +
    'tell show give find know said says say get got one ones also just very much many more most last first ' +
    'been being is am it of to in on at by as or an a me my we us i').split(' '),
);

const words = (text: string): string[] => text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}][\p{L}\p{N}'@._-]*/gu) ?? [];
const terms = (text: string): string[] => [...new Set(words(text).map((w) => w.replace(/['._-]+$/, '')).filter((w) => (w.length >= 3 || /\d/.test(w)) && !STOP.has(w)))];

/** What the answer says in its own words, without its [n] marks: its prose, not the list of memories it quotes. */
function answerProse(answer: string): string {
  return answer
    .replace(/\[[\d,\s–-]+\]/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^[-•*]\s/.test(l) && !l.endsWith(':'))
    .join(' ');
}

export interface CitationContext {
  numbered: readonly NumberedMemory[];
  question: string;
  answer: string;
  /** Names (and other names) of the entities the question is about. */
  entities: readonly string[];
  /**
   * The question named a time window: its events (source 'recent') are the answer. Without one,
   * retrieval adds the newest events as background only, and they are cited like any other memory.
   */
  window: boolean;
}

/**
 * Keeps the citations that help: a memory is cited only if it holds a term of the question, a term
 * of what the answer says, or the entity asked about (or happened in the window asked about); the most relevant six (most such terms,
 * then the retrieval's order), grouped by kind in order of each kind's best memory. Same rule for
 * the offline answer and for a model's [n] marks.
 */
export function citeRelevant(citations: readonly Citation[], ctx: CitationContext): Citation[] {
  const byN = new Map(ctx.numbered.map((m) => [m.n, m]));
  const asked = terms(ctx.question);
  const askedSet = new Set(asked);
  const said = terms(answerProse(ctx.answer)).filter((t) => !askedSet.has(t) && (t.length >= 5 || /\d/.test(t)));
  const names = ctx.entities.map((n) => n.toLowerCase().trim()).filter(Boolean);
  // A memory found by time alone happened in the window the question asked about: it is the answer
  // (with no window asked about, it is only the newest background and must earn its place).
  const relevance = (m: Memory, inWindow: boolean): number => {
    const hay = ` ${words(`${m.title} ${m.text}`).join(' ')} `;
    const has = (t: string) => hay.includes(` ${t} `) || hay.includes(` ${t}`);
    const named = names.some((n) => hay.includes(` ${words(n).join(' ')} `)) ? 2 : 0;
    return asked.filter(has).length + said.filter(has).length + named + (inWindow ? 1 : 0);
  };
  const seen = new Set<string>();
  const ranked = citations
    .map((c, i) => ({ c, i, score: byN.has(c.n) ? relevance(byN.get(c.n)!.memory, ctx.window && byN.get(c.n)!.source === 'recent') : 0 }))
    .filter((x) => x.score > 0 && !seen.has(x.c.memory_id) && seen.add(x.c.memory_id))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, MAX_CITED);
  const kindRank = new Map<string, number>();
  for (const x of ranked) if (!kindRank.has(x.c.kind)) kindRank.set(x.c.kind, kindRank.size);
  return ranked.sort((a, b) => kindRank.get(a.c.kind)! - kindRank.get(b.c.kind)! || b.score - a.score || a.i - b.i).map((x) => x.c);
}
