import { errorLine } from '../../shared/text/index.js';

/** Work handed over and not yet written (chat turns to learn from, secrets to keep): close() waits for it. */
export interface PendingWork {
  track(work: Promise<unknown>, what: string): Promise<void>;
  /** Resolves once all of it is done, with the first failure as one line, or null. */
  settle(): Promise<string | null>;
}

export function pendingWork(log: (line: string) => void): PendingWork {
  const pending = new Set<Promise<unknown>>();
  let failure: string | null = null;
  return {
    track(work, what) {
      const p: Promise<void> = work
        .then(() => undefined)
        .catch((err: unknown) => {
          failure ??= errorLine(err);
          log(`${what}: ${errorLine(err)}`);
        })
        .finally(() => pending.delete(p));
      pending.add(p);
      return p;
    },
    async settle() {
      while (pending.size) await Promise.all([...pending]);
      return failure;
    },
  };
}
