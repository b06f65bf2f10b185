const RETRY_MIN_MS = 60_000;
const RETRY_MAX_MS = 30 * 60_000;
/** A full disk or a busy database clears by itself (space freed, the other writer done): try again soon. */
const STORE_RETRY_MS = 2_000;
const TRANSIENT_CODES = new Set(['DISK_FULL', 'BUSY', 'SQLITE_FULL', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'ENOSPC']);

/** Typed by the store or raw from SQLite/fs (sub-agents write through repositories that do not wrap every error). */
export const transientStoreError = (e: unknown) => !!e && typeof e === 'object' && TRANSIENT_CODES.has(String((e as { code?: unknown }).code));

/**
 * When batches that could not be processed are tried again. A model outage backs off (1 min,
 * doubling to 30 min) and, after a while, sends batches to the offline rules; a full disk or a
 * busy database is tried again within seconds, or at the next flush.
 */
export class BatchSchedule {
  private llmDownSince: number | null = null;
  /** When to try again for batches that could not be taken (null: nothing waiting). */
  private retryAt: number | null = null;
  private retryDelay = RETRY_MIN_MS;
  /** Sources wait unprocessed because a write failed on a full disk or a busy database. */
  private storeRetryPending = false;

  get llmDegraded(): boolean {
    return this.llmDownSince !== null;
  }

  /** The model has been down at least `fallbackMs`: batches go to the offline rules meanwhile. */
  llmDownFor(now: number, fallbackMs: number): boolean {
    return this.llmDownSince !== null && now - this.llmDownSince >= fallbackMs;
  }

  /** The model failed: what waits is tried again after the current backoff, which then doubles. */
  llmDown(now: number): void {
    this.llmDownSince ??= now;
    if (this.retryAt === null) {
      this.retryAt = now + this.retryDelay;
      this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
    }
  }

  /** The model answered: if it had been down, what waited is taken up at the next tick. */
  llmUp(now: number): void {
    if (this.llmDownSince === null) return;
    this.llmDownSince = null;
    this.retryDelay = RETRY_MIN_MS;
    this.retryAt = now;
  }

  /** A write failed on a full disk or a busy database: try again soon. */
  storeFailed(now: number): void {
    this.storeRetryPending = true;
    this.retryAt ??= now + STORE_RETRY_MS;
  }

  /** True (once) when the retry time has come. */
  takeDue(now: number): boolean {
    if (this.retryAt === null || now < this.retryAt) return false;
    this.retryAt = null;
    this.storeRetryPending = false;
    return true;
  }

  /** True (once) when work waits for the store: a flush tries it now rather than at its retry time. */
  takeStoreRetry(): boolean {
    const pending = this.storeRetryPending;
    this.storeRetryPending = false;
    return pending;
  }
}
