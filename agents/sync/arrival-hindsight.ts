import { CarriedSecrets } from '../store/index.js';
import type { RedactionSwitches, SecretMatch } from '../../shared/redaction/index.js';
import type { SyncedMemory } from './change-record.js';

/** A memory an import pass masked on arrival, as it was kept, and the clock time it was kept at. */
export interface ScrubbedArrival {
  memory: SyncedMemory;
  at: number;
}

/**
 * What an import pass learns too late for the memories it already masked: a vault entry, or a
 * labelled secret the arrival scrub takes out, that arrives after a memory of the same pass quoting
 * the value alone. Arrival masking looks only for the values known when it reads a memory, so the
 * pass keeps each memory it masked on arrival (the last version it kept of each) and every value
 * it learned, and at its end reads again only the memories that quote one of those values
 * (agents/store/rescrub.ts does the same for the rows of a slice). Values are carried under the
 * rules of rescrub-carry.ts: the user's switches, and never one short or plain enough to be
 * ordinary text.
 */
export class ArrivalHindsight {
  private readonly kept = new Map<string, ScrubbedArrival>();
  private readonly learned: CarriedSecrets;

  constructor(switches: RedactionSwitches) {
    this.learned = new CarriedSecrets(switches);
  }

  /** A memory kept masked on arrival: it is read again at the pass's end if it quotes a value learned in the pass. */
  scrubbed(id: string, memory: SyncedMemory, at: number): void {
    this.kept.set(id, { memory, at });
  }

  /** A later version kept as sent (by hand, newer detectors) or a forget: what the pass masked is no longer there to read again. */
  replaced(id: string): void {
    this.kept.delete(id);
  }

  /** A value the pass learned: a vault entry that arrived, or a secret the arrival scrub took out. */
  learn(kind: string, value: string): void {
    this.learned.add(kind, value);
  }

  learnAll(secrets: readonly SecretMatch[]): void {
    for (const s of secrets) this.learn(s.kind, s.value);
  }

  /** The memories masked in the pass that quote a value learned in it: only these are redacted again. */
  quoting(): [string, ScrubbedArrival][] {
    if (!this.learned.size) return [];
    return [...this.kept].filter(([, k]) => this.learned.quotedIn([k.memory.title, k.memory.text, k.memory.details, k.memory.fields]));
  }
}
