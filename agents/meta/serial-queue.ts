/** Runs async jobs one at a time, in order: processing never overlaps and never blocks the caller. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pendingCount = 0;

  get pending(): number {
    return this.pendingCount;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    this.pendingCount++;
    const p = this.tail.then(job, job);
    this.tail = p.then(
      () => {
        this.pendingCount--;
      },
      () => {
        this.pendingCount--;
      },
    );
    return p;
  }

  /** Resolves when every job queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
