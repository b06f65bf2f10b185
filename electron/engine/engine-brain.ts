import type { LlmProvider } from '../../agents/llm/index.js';
import type { Brain } from '../../agents/meta/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import type { SecretsEvent } from '../sensing/capture/index.js';
import { errorLine } from '../../shared/text/index.js';
import type { PendingWork } from './pending-work.js';

/** The lazy brain loads this long after start, so its libraries do not delay a host's first answer. */
export const DEFERRED_BRAIN_MS = 1500;

export interface BrainChoice {
  /**
   * now: started with the engine. manual: built, the host starts it (engram capture --once ticks
   * first). With `lazy`, the brain loads and starts DEFERRED_BRAIN_MS after the engine.
   */
  start?: 'now' | 'manual';
  /** Listen to the store's observation events (default true). */
  subscribe?: boolean;
  /** Delay of the lazy brain (ms). */
  delayMs?: number;
}

/** The engine's brain as the rest of the composition uses it. */
export interface EngineBrain {
  /** The brain once loaded (null when off); rejects when it failed to load. */
  ready: Promise<Brain | null>;
  /** The brain once loaded (null when off, or when it failed to load). */
  get(): Promise<Brain | null>;
  /** Redacted secrets to the vault: through the running brain, or one built only for this. */
  toVault(ev: SecretsEvent): void;
  /** Stops whichever brains were built (flush: process buffered observations first); a pending lazy load is cancelled. */
  stop(opts: { flush?: boolean }): Promise<void>;
  /** Cancels a lazy load that has not begun. */
  cancel(): void;
}

interface BrainParts {
  store: EngramStore;
  model: () => LlmProvider;
  choice: BrainChoice | null;
  lazy: boolean;
  timeZone?: string;
  work: PendingWork;
  isClosed(): boolean;
  log: (line: string) => void;
  onStartFailure: (err: unknown) => void;
}

/** A timer that close() can cut short. */
function cancellableDelay(ms: number): { done: Promise<boolean>; cancel(): void } {
  let finish: (ran: boolean) => void = () => undefined;
  const done = new Promise<boolean>((resolve) => (finish = resolve));
  const timer = setTimeout(() => finish(true), ms);
  return {
    done,
    cancel: () => {
      clearTimeout(timer);
      finish(false);
    },
  };
}

/** Builds (now, or lazily after a delay) the meta-agent and its sub-agents over the store. */
export async function engineBrain(p: BrainParts): Promise<EngineBrain> {
  const makeBrain = async (subscribe: boolean): Promise<Brain> => {
    const { createBrain } = await import('../../agents/meta/index.js');
    return createBrain({ store: p.store, llm: p.model, timeZone: p.timeZone, subscribe, log: p.log });
  };
  const choice = p.choice;
  let deferral: { done: Promise<boolean>; cancel(): void } | null = null;
  let ready: Promise<Brain | null>;
  if (!choice) ready = Promise.resolve(null);
  else if (p.lazy) {
    deferral = cancellableDelay(choice.delayMs ?? DEFERRED_BRAIN_MS);
    ready = deferral.done.then(async (ran) => {
      if (!ran || p.isClosed()) return null;
      const b = await makeBrain(choice.subscribe ?? true);
      // A close that came while the brain loaded (a shutdown right after start) does not wait for
      // it to take up the stored observations: they are taken up at the next start.
      if (choice.start !== 'manual' && !p.isClosed()) await b.start();
      return b;
    });
    ready.catch((err: unknown) => p.log(`brain: failed to start: ${errorLine(err)}`));
  } else {
    const b = await makeBrain(choice.subscribe ?? true);
    if (choice.start !== 'manual') void b.start().catch(p.onStartFailure);
    ready = Promise.resolve(b);
  }
  const get = () => ready.catch(() => null);

  // Redacted secrets always reach the vault: through the running brain, or (brain off) one built
  // only for this, never started. No host wires it, so no host can forget it.
  let vaultOnly: Promise<Brain> | null = null;
  const vaultBrain = async (): Promise<Brain> => (await get()) ?? (await (vaultOnly ??= makeBrain(false)));
  return {
    ready,
    get,
    toVault(ev) {
      if (ev.secrets.length === 0) return;
      void p.work.track(
        vaultBrain().then((b) => b.recordRedacted(ev.observation_id, ev.secrets)),
        'vault',
      );
    },
    async stop(opts) {
      // Buffered observations stay unprocessed and are taken up at the next start, unless flushed.
      const b = await ready.catch(() => null);
      await b?.stop({ flush: opts.flush });
      const v = vaultOnly ? await vaultOnly.catch(() => null) : null;
      await v?.stop();
    },
    cancel: () => deferral?.cancel(),
  };
}
