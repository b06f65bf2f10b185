/**
 * The lead sentence for a near miss: the screen about the question's topic was found, but none of its
 * values is the asked thing (see asked-attribute). Saying so, with what that screen does show, is
 * honest; stating its nearest value as the answer would give the user a wrong fact to trust.
 */
import type { PassageMatch } from '../../shared/index.js';
import type { TimeFormatter } from '../../shared/time/index.js';
import { clip } from '../../shared/memory/index.js';
import { stem, type AskedValue } from './asked-value.js';
import { attributeTerms } from './asked-attribute.js';
import { sideWords } from './asked-qualifier.js';
import { seenPhrase } from './passage-answer.js';

/** A value read on a screen, judged a near miss, with its score among the question's candidates. */
export interface Miss {
  unit: { text: string; passage: PassageMatch | null; n: number };
  score: number;
}

/** Values of the screen listed, at most. */
const LISTED = 3;

/** The question's words for what it asks of its topic, as it says them ("due", "deposit", "finish"); the side it asks, when it asks one ("return"). */
function askedWords(question: string, asked: AskedValue): string {
  const side = sideWords(question, asked);
  if (side.length) return side.join(' ');
  const attribute = attributeTerms(question, asked);
  const words = question.replace(/[’]/g, "'").split(/[^\p{L}\p{N}'-]+/u).filter((w) => w && attribute.includes(stem(w.replace(/'s$/i, ''))));
  return [...new Set(words.map((w) => w.toLowerCase()))].join(' ');
}

/**
 * "I didn't find "deposit" on your screens; the closest shows: Total: €180.00 — seen on "Car hire
 * booking — Rentwise" (Chromium), Fri 20 Nov 2026 08:15 [1]." Null without a near miss read off a screen.
 */
export function nearMissSentence<M extends Miss>(question: string, asked: AskedValue, misses: readonly M[], statement: (u: M['unit']) => string, fmt: TimeFormatter): { text: string; cited: number[] } | null {
  const onScreen = misses.filter((m) => m.unit.passage);
  if (!onScreen.length) return null;
  const best = [...onScreen].sort((a, b) => b.score - a.score)[0]!;
  const p = best.unit.passage!;
  const same = onScreen.filter((m) => m.unit.passage!.observation_id === p.observation_id).sort((a, b) => b.score - a.score);
  const shown: string[] = [];
  for (const m of same) {
    const s = statement(m.unit);
    if (shown.length >= LISTED) break;
    // One value once: "Total: €180.00" again inside the line that was read with its label above it.
    const low = s.toLowerCase();
    const i = shown.findIndex((x) => x.toLowerCase().includes(low) || low.includes(x.toLowerCase()));
    if (i < 0) shown.push(s);
    else if (s.length < shown[i]!.length) shown[i] = s;
  }
  const words = askedWords(question, asked);
  const what = words ? `"${words}"` : 'what you asked';
  return { text: `I didn't find ${what} on your screens; the closest shows: ${clip(shown.join('; '), 240)} — seen ${seenPhrase(p, fmt)} [${best.unit.n}].`, cited: [best.unit.n] };
}
