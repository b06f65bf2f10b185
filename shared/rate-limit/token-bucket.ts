/**
 * A token bucket: `rate` events per second on average, bursts up to `burst`. Used per connection
 * (one per window, one per HTTP client) so a page stuck in a loop cannot flood its host. The clock
 * is injected so tests are exact.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = clock();
  }

  /** Takes one token; false when the caller must be refused. */
  take(): boolean {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
