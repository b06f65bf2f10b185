import { blockLines, coreLineProblem, renderBlock } from '../core/index.js';
import type { SyncedMemory } from './change-record.js';

/**
 * A core block (persona, human) that arrives from another device, held to the rule every core line
 * meets here that no user's words vouch for (agents/core coreLineProblem): a note to the assistant,
 * an override, an instruction on answering, a link or an address is left out. The learning pass
 * keeps such a line only as the user typed it in Engram's chat on this device, and an import only
 * from an export this Engram sealed; a synced block carries neither proof (another device's pass
 * may be older or was fooled, and whoever holds the sync key writes segments), and a core line is
 * an order in every later answer. Plain lines ("Name: Sam", "Lives in: Berlin") travel as written; a
 * line this device's core blocks already hold stays. And the block's own lines of that kind here,
 * which the user gave on this device and no device could send, stay in it: a later edit of the
 * block elsewhere (a plain line learned there) does not take them away. Returns the block as kept
 * here and how many of its lines were left out.
 */
export function coreAsKept(m: SyncedMemory, here: ReadonlySet<string>, own: string | null): { memory: SyncedMemory; held: number } {
  const lines = blockLines(m.text);
  const kept = lines.filter((l) => here.has(l) || coreLineProblem(l) === null);
  const stays = own === null ? [] : blockLines(own).filter((l) => !kept.includes(l) && coreLineProblem(l) !== null);
  if (kept.length === lines.length && !stays.length) return { memory: m, held: 0 };
  return { memory: { ...m, text: renderBlock([...kept, ...stays]) }, held: lines.length - kept.length };
}

/** The lines this device's core blocks hold now. */
export function coreLinesHere(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap(blockLines));
}
