import { KnowledgeVaultAgent } from '../knowledge-vault/index.js';
import type { EngramStore, RescrubbedSecret } from '../store/index.js';
import { MemoryWriter, type BrainStore } from '../subagent-kit/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { redactionRescrub, type RescrubReport } from './redaction-rescrub.js';

/**
 * The re-scrub after an update, run to its end by a process whose brain will not run it: the CLI's
 * one-shot commands (ask, search, export, mcp) open the store without starting the brain, so a
 * store kept before the detectors learned a shape (an account number beside its sort code) showed
 * that secret in clear to every such command until the app or `engram capture` ran. Run once per
 * detector generation (the store stamps it), with the brain's own vault keeping, so what is masked
 * is kept in the knowledge vault as the brain would keep it. Null when nothing was due.
 */
export async function rescrubBeforeReading(
  store: BrainStore & Pick<EngramStore, 'rescrubSlice' | 'rescrubDue'>,
  opts: { timeZone?: string; log?: (line: string) => void } = {},
): Promise<RescrubReport | null> {
  if (!store.rescrubDue) return null;
  const vault = new KnowledgeVaultAgent(store, new TimeFormatter(opts.timeZone));
  const keep = (found: RescrubbedSecret[]): void => void vault.recordRescrubbed(found, new MemoryWriter(store));
  // Nothing else runs on this store in this process yet: the pass needs no queue of its own.
  const meta = { exclusive: <T>(job: () => Promise<T>): Promise<T> => job() };
  return redactionRescrub({ store, meta, vault: keep, log: opts.log }).run();
}
