import type { EngramStore, KeepRescrubbed, RescrubSlice } from '../store/index.js';
import type { BrainStore } from '../subagent-kit/index.js';
import type { MetaAgent } from './meta-agent.js';
import { redactionSwitches } from './privacy-filter.js';

/**
 * Rows per batch: one redactor run per text field, about 1.5 ms a row of ~3 KB of screen text at
 * load 12 on two cores (4,000 rows: 100-row batches median 148 ms, worst 632; 200-row 170/848).
 */
const BATCH = 100;

/** What a whole pass did: slices run, rows read and changed, secrets masked. */
export type RescrubReport = Omit<RescrubSlice, 'memoryIds' | 'observationIds'> & { slices: number };

export interface RedactionRescrub {
  /** On the brain's start and timer: runs the pass when the store's text predates the detectors. */
  maybe(): void;
  /** Runs slices until the pass is done; resolves to what they did together. */
  run(): Promise<RescrubReport>;
  /** At the brain's start (again after a stop): runs the pass when due. */
  start(): void;
  /** No batch starts after this (the brain stops; the store's cursor keeps the place). */
  stop(): void;
}

/**
 * Runs the store's re-scrub (agents/store rescrub.ts) after an update taught the detectors a new
 * shape: one batch per turn of the brain's queue, with the event loop free between batches, so a
 * capture batch, a chat or a search never waits behind the whole pass. Not held back for idle
 * time as the index merge is: until it is done, a secret kept in clear stays readable. A crash or
 * a stop leaves the store's cursor where the last batch ended; the next start goes on from there.
 * What a batch takes out goes to the knowledge vault inside the batch's transaction (`vault`), so
 * the masked text and its vault entry are there together or not at all. Secrets are counted, never logged.
 */
export function redactionRescrub(deps: {
  /** With `rescrubBackups`, the backups follow the live store (optional: a store double without backups leaves it out). */
  store: Pick<BrainStore, 'settings'> & Pick<EngramStore, 'rescrubSlice' | 'rescrubDue'> & Partial<Pick<EngramStore, 'rescrubBackups' | 'backupsRescrubDue'>>;
  meta: Pick<MetaAgent, 'exclusive'>;
  /**
   * Keeps what a batch took out in the knowledge vault, masked, inside the batch's transaction (the
   * brain's vault agent); a throw undoes the batch, which the next turn tries again.
   */
  vault?: KeepRescrubbed;
  /** Rows per batch (BATCH unless told). */
  batch?: number;
  log?: (line: string) => void;
}): RedactionRescrub {
  const { store, meta } = deps;
  let running = false;
  let stopped = false;

  const run = async (): Promise<RescrubReport> => {
    const total = { done: false, rows: 0, changed: 0, masked: 0, kept: 0, slices: 0 };
    while (!total.done && !stopped) {
      // The user's switches at each batch: a category switched off meanwhile is left as it is.
      const r = await meta.exclusive(async () => store.rescrubSlice(redactionSwitches(store), deps.batch ?? BATCH, deps.vault));
      total.slices++;
      total.rows += r.rows;
      total.changed += r.changed;
      total.masked += r.masked;
      total.kept += r.kept;
      total.done = r.done;
      if (!r.done) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (total.changed) deps.log?.(`brain: re-scrub with the current detectors masked ${total.masked} secrets in ${total.changed} of ${total.rows} kept rows; ${total.kept} handed to the vault`);
    return total;
  };

  /**
   * After the live pass (and whenever the vault changed since): the backups in DATA_DIR/backups are
   * re-scrubbed too, so a backup made before a secret was masked or kept in the vault does not keep
   * it in clear text (agents/store backup-rescrub.ts). Said in the log; the values never.
   */
  const backups = async (): Promise<void> => {
    if (stopped || !store.rescrubBackups || !store.backupsRescrubDue) return;
    // Not in the brain's queue: it reads only the vault of the live store, and writes files of its own.
    const r = await store.rescrubBackups(redactionSwitches(store));
    if (r.rewritten) deps.log?.(`brain: re-scrubbed the backups: ${r.masked} secrets masked in ${r.rewritten} of ${r.checked} backups, each replaced by its re-scrubbed copy`);
    for (const f of r.failed) deps.log?.(`brain: backup ${f.file} could not be re-scrubbed and is left as it was: ${f.reason}`);
  };

  const maybe = (): void => {
    if (running || stopped || (!store.rescrubDue && !store.backupsRescrubDue)) return;
    running = true;
    (store.rescrubDue ? run() : Promise.resolve())
      .then(backups)
      .catch((e: unknown) => deps.log?.(`brain: re-scrub failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`))
      .finally(() => {
        running = false;
      });
  };

  return {
    maybe,
    run,
    start: () => {
      stopped = false;
      maybe();
    },
    stop: () => {
      stopped = true;
    },
  };
}
