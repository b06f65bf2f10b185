import type { MemoryKind } from '../../shared/index.js';
import type { NumberedMemory } from './retrieval-types.js';

export interface Citation {
  n: number;
  memory_id: string;
  kind: MemoryKind;
  /** The screen moment (observation) whose passage behind the memory matched the question: the window opens it, also after a reload. */
  moment_id?: string;
}

/** [3], [1, 4], [2-4], [2–4]; several in a row ([1][3]) are matched one by one. */
const MARK = /\[(\d{1,4}(?:\s*(?:,|–|-|and)\s*\d{1,4})*)\]/g;

/** No prompt numbers more memories than this; bigger numbers in brackets are years or quantities. */
const MAX_N = 500;

/** The numbers a text cites, in order of first appearance. */
export function citedNumbers(text: string): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const add = (n: number) => {
    if (n >= 1 && n <= MAX_N && !seen.has(n)) {
      seen.add(n);
      out.push(n);
    }
  };
  for (const m of text.matchAll(MARK)) {
    for (const part of m[1]!.split(/\s*(?:,|and)\s*/)) {
      const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part);
      if (range) {
        const a = Number(range[1]);
        const b = Number(range[2]);
        // A range longer than the list is a typo or a year ("[2019-2024]"), not citations.
        if (b >= a && b - a <= 20) for (let n = a; n <= b; n++) add(n);
      } else if (/^\d+$/.test(part)) {
        add(Number(part));
      }
    }
  }
  return out;
}

/** Maps an answer's [n] back to memory ids; numbers not in the prompt are ignored. */
export function mapCitations(text: string, numbered: NumberedMemory[]): Citation[] {
  const byN = new Map(numbered.map((m) => [m.n, m]));
  const out: Citation[] = [];
  for (const n of citedNumbers(text)) {
    const m = byN.get(n);
    if (m) out.push({ n, memory_id: m.memory.id, kind: m.memory.kind });
  }
  return out;
}

/**
 * Names, on each citation of a memory seen on screen, the moment whose passage matched the question.
 * Stored with the answer, so a citation opens that moment's view after a reload too (the passages
 * found for the question are not kept).
 */
export function withMoments(citations: readonly Citation[], numbered: readonly NumberedMemory[]): Citation[] {
  const byId = new Map(numbered.map((m) => [m.memory.id, m]));
  return citations.map((c) => {
    const moment = byId.get(c.memory_id)?.passages?.[0]?.observation_id;
    return moment ? { ...c, moment_id: moment } : c;
  });
}
