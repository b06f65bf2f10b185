import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { ScreenOf } from './unmatched-screen.js';
import { isChatEpisode } from './question-context.js';

/**
 * A found screen read as a whole: its lines in reading order (the whole screen where the store can
 * read it back, else the passages that matched), the frames its words were read from, the memory
 * [n] that cites it and its best matched passage.
 */
export interface FoundScreen {
  lines: string[];
  /** Its passages' texts, each a block of the screen (a card, a table, a bill's foot). */
  blocks: string[];
  frames: string[];
  title: string;
  /** The memory's own title ("Browsed …"): what the screen was about, in words it may not use. */
  about: string;
  n: number;
  passage: PassageMatch;
}

/** A memory's best matched passage and the window it was read in. */
export interface BestScreen {
  m: NumberedMemory;
  top: PassageMatch;
  title: string;
}

/**
 * The memories whose best matched passages are best, one a window (the first memory seen for a
 * title wins), best first, at most `max`: the screens an answer reads whole.
 */
export function bestScreens(numbered: readonly NumberedMemory[], max: number): BestScreen[] {
  const best = numbered
    .filter((m) => m.passages?.length && !isChatEpisode(m.memory))
    .map((m) => ({ m, top: [...m.passages!].sort((a, b) => b.score - a.score)[0]! }))
    .sort((a, b) => b.top.score - a.top.score);
  const titles = new Set<string>();
  const out: BestScreen[] = [];
  for (const { m, top } of best) {
    if (out.length >= max) break;
    const title = top.window_title ?? '';
    if (titles.has(title)) continue;
    titles.add(title);
    out.push({ m, top, title });
  }
  return out;
}

/** The screens of the best matched passages, best first, one a window, at most `max`. */
export function foundScreens(numbered: readonly NumberedMemory[], screens: ScreenOf | undefined, max: number): FoundScreen[] {
  return bestScreens(numbered, max).map(({ m, top, title }) => {
    const whole = (screens?.(m.memory) ?? []).filter((p) => (p.window_title ?? '') === title);
    const ps = whole.length ? whole : m.passages!;
    return {
      blocks: ps.map((p) => p.text),
      lines: ps.flatMap((p) => p.text.split('\n')).map((l) => l.trim()).filter(Boolean),
      frames: [...new Set(ps.map((p) => p.frame_id).filter((f): f is string => !!f))],
      title,
      about: m.memory.title,
      n: m.n,
      passage: top,
    };
  });
}
