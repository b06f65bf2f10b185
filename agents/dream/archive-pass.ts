import { z } from 'zod';
import type { EngramStore } from '../store/index.js';

const DAY = 86_400_000;
/** When the pass last ran (epoch ms), so a restart does not run it again the same day. */
export const ARCHIVE_LAST_RUN = 'brain.archive_last_run';
/** The pass runs at most once per this period: use is counted in days, not minutes. */
export const ARCHIVE_EVERY_MS = DAY;

export interface ArchiveReport {
  /** Memories moved to the archive by this run. */
  archived: string[];
  /** The cut-off: memories last used (or made) before it were archived; null when archiving is off. */
  before: number | null;
}

/**
 * MIRA's decay made final, without loss: memories nobody used (cited, opened, read over MCP) for
 * `afterDays` leave search and chat for the archive, where the Memories screen still shows them and
 * one click restores them. 0 days turns archiving off. Never deletes.
 */
export function archiveUnused(store: Pick<EngramStore, 'memories' | 'settings'>, opts: { now: number; afterDays: number }): ArchiveReport {
  store.settings.set(ARCHIVE_LAST_RUN, opts.now);
  if (!(opts.afterDays > 0)) return { archived: [], before: null };
  const before = opts.now - opts.afterDays * DAY;
  return { archived: store.memories.archiveUnused(before, opts.now), before };
}

/** Whether the daily pass is due (never run, or run a day or more ago; a clock set back counts as due). */
export function archiveDue(store: Pick<EngramStore, 'settings'>, now: number): boolean {
  const last = store.settings.get(ARCHIVE_LAST_RUN, z.number(), -1);
  return last < 0 || now - last >= ARCHIVE_EVERY_MS || now < last;
}
