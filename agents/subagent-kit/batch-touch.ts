import type { Memory } from '../../shared/index.js';
import type { BatchAnalysis } from './batch-analysis.js';
import { contentTokens, coverage } from './text.js';

/**
 * Share of a memory's subject words the batch must contain for the batch to "touch" it. The
 * subject is the memory's name (semantic), location (resource) or title; 0.8 lets one word of a
 * five-word title differ ("Edited budget.xlsx in Calc" vs a new screen of budget.xlsx in Calc).
 */
export const TOUCH_COVERAGE = 0.8;
/** A core block this full is reviewed by its agent (it may core_rewrite it) instead of appended to. */
export const CORE_NEAR_LIMIT = 0.8;

function batchTokens(a: BatchAnalysis): Set<string> {
  return a.memo('touch-tokens', () => {
    const out = new Set<string>();
    for (const s of a.sources) for (const t of contentTokens(`${s.title ?? ''} ${s.url ?? ''} ${s.text}`)) out.add(t);
    return out;
  });
}

function subjects(m: Memory): string[] {
  const out = [m.title];
  const name = m.fields.name;
  if (typeof name === 'string' && name) out.push(name.replace(/^fact:/, '').replace(/[|]/g, ' '));
  if (typeof m.fields.location === 'string' && m.fields.location) out.push(m.fields.location);
  return out;
}

/**
 * Whether a batch touches an existing memory, i.e. whether the agent should look before it writes.
 * Retrieval (the agent's `known`) already found candidates sharing some words; a hit counts only
 * when the batch covers at least TOUCH_COVERAGE of one of its subjects' content words, with two
 * words at least or one word of 4+ characters (a lone "api" matches too much to mean "the same").
 * Lexical on purpose: it costs no embedding and decides the same way whatever embedder is loaded.
 */
export function touches(m: Memory, a: BatchAnalysis): boolean {
  if (m.superseded_by) return false;
  if (m.kind === 'core') {
    const limit = typeof m.fields.limit === 'number' ? m.fields.limit : null;
    return limit !== null && m.text.length >= CORE_NEAR_LIMIT * limit;
  }
  const have = [...batchTokens(a)];
  return subjects(m).some((s) => {
    const want = contentTokens(s);
    if (!want.length || (want.length === 1 && want[0]!.length < 4)) return false;
    return coverage(want, have) >= TOUCH_COVERAGE;
  });
}

export function touchedMemories(memories: Memory[], a: BatchAnalysis): Memory[] {
  return memories.filter((m) => touches(m, a));
}
