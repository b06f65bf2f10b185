import { z } from 'zod';
import type { BrainSettings } from '../../shared/settings/index.js';
import type { BrainStore } from '../subagent-kit/index.js';
import type { MetaAgent } from './meta-agent.js';

const MERGED_AT = 'brain.keyword_index_merged_at';
/** A day's capture and chat leave new segments; merging them once a day keeps searches on one. */
const EVERY_MS = 24 * 3_600_000;

export interface KeywordIndexUpkeep {
  /** On the brain's timer: merges when the user has been idle as long as dream waits and the last merge is a day old. */
  maybe(): void;
  /** Merges slice by slice until done or the user is back; resolves to the slices run. */
  run(): Promise<{ slices: number; done: boolean }>;
  /** When the last merge finished (ms), or null. */
  lastRun(): number | null;
}

/**
 * Merges the keyword indexes' segments in idle time (store.mergeKeywordIndexSlice), one slice per
 * turn of the brain's queue with the event loop free between slices, so a capture batch, a chat or
 * a search never waits behind the whole merge (~0.75 s of CPU at 100k memories, ~6.6 s at 1M). When
 * an observation or message arrives meanwhile the merge stops after its slice and takes up where it
 * was at the next idle time: FTS5 keeps a merge's progress in the index itself.
 */
export function keywordIndexUpkeep(deps: {
  store: Pick<BrainStore, 'mergeKeywordIndexSlice' | 'settings'>;
  meta: Pick<MetaAgent, 'exclusive' | 'lastActivityAt'>;
  now: () => number;
  settings: () => BrainSettings;
  pages?: number;
  log?: (line: string) => void;
}): KeywordIndexUpkeep {
  const { store, meta, now } = deps;
  let running = false;

  const lastRun = (): number | null => {
    const v = store.settings.get(MERGED_AT, z.number(), -1);
    return v >= 0 ? v : null;
  };

  const run = async (): Promise<{ slices: number; done: boolean }> => {
    const activity = meta.lastActivityAt;
    let slices = 0;
    for (;;) {
      const worked = await meta.exclusive(async () => store.mergeKeywordIndexSlice(deps.pages));
      slices++;
      if (!worked) {
        store.settings.set(MERGED_AT, now());
        return { slices, done: true };
      }
      if (meta.lastActivityAt !== activity) return { slices, done: false };
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };

  const maybe = (): void => {
    if (running) return;
    const t = now();
    if (t - Math.max(meta.lastActivityAt, 0) < deps.settings().dream.idle_min * 60_000) return;
    const last = lastRun();
    if (last !== null && t - last < EVERY_MS) return;
    running = true;
    run()
      .catch((e: unknown) => deps.log?.(`brain: keyword index merge failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`))
      .finally(() => {
        running = false;
      });
  };

  return { maybe, run, lastRun };
}
