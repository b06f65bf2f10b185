/**
 * Runs a tick every interval, never two at once: the next tick is planned when the current one
 * ends, at the interval measured from its start (so a slow grab does not make ticks pile up).
 * The interval is read before each tick, so a settings change applies without a restart.
 */
export class CaptureScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private active = false;

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly intervalMs: () => number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  get isRunning(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.plan(0);
  }

  /** Stops planning ticks and waits for the one in flight. */
  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running;
  }

  private plan(delay: number): void {
    if (!this.active) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const started = Date.now();
      this.running = this.tick()
        .then(
          () => undefined,
          (err: unknown) => this.onError(err),
        )
        .finally(() => {
          this.running = null;
          const interval = Math.max(100, this.intervalMs());
          this.plan(Math.max(0, interval - (Date.now() - started)));
        });
    }, delay);
  }
}
