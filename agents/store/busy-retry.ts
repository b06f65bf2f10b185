import { StoreError } from './errors.js';
import type { EngramStore } from './store.js';

/** SQLITE_BUSY and its variants (BUSY_SNAPSHOT, BUSY_RECOVERY), LOCKED, or the store's own BUSY code. */
export function isBusyError(err: unknown): boolean {
  if (err instanceof StoreError) return err.code === 'BUSY';
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * Runs a write again when another process held the database. busy_timeout already waits for the
 * lock, but a deferred transaction that read before another connection committed fails at once
 * with SQLITE_BUSY_SNAPSHOT; the whole unit is retried (it rolled back, so retrying is safe).
 */
export async function retryOnBusy<T>(fn: () => T | Promise<T>, opts: { attempts?: number; baseDelayMs?: number } = {}): Promise<T> {
  const attempts = opts.attempts ?? 5;
  const base = opts.baseDelayMs ?? 50;
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!isBusyError(err) || i >= attempts) {
        if (isBusyError(err)) throw new StoreError('BUSY', 'the database stayed busy (another Engram process is writing); try again');
        throw err;
      }
      // Jitter, so two processes that collided do not retry in lockstep.
      await new Promise((r) => setTimeout(r, base * 2 ** (i - 1) * (0.5 + Math.random())));
    }
  }
}

/**
 * Runs fn in one IMMEDIATE transaction: the write lock is taken up front, waiting out busy_timeout
 * for another process's writer, so the writes inside never fail with SQLITE_BUSY_SNAPSHOT (which a
 * deferred transaction gets when it read first and another process committed meanwhile). Inner
 * store transactions become savepoints of this one.
 */
export function immediateTransaction<T>(store: Pick<EngramStore, 'db'>, fn: () => T): T {
  return store.db.transaction(fn).immediate();
}
