/**
 * How Engram ends: Quit (tray, menu, Cmd+Q, SIGTERM) and the end of the session (logoff, restart,
 * shutdown) both run the one clean shutdown (the audio segment being recorded, capture and OCR, the
 * brain, the store), bounded, and then exit.
 *
 * Quit must be held at `before-quit`: right after it Electron closes every window, the hidden
 * recorder with them, and the seconds of audio since the last segment would go with it (by
 * `will-quit` they are gone). So the first `before-quit` is prevented, the shutdown awaited, and the
 * app leaves with exit(), which emits no second quit. A quit asked for again while it runs changes
 * nothing; a shutdown that hangs is cut off at its budget so that Engram always leaves.
 */
export interface PreventableEvent {
  preventDefault(): void;
}

/** Quit: the recorder gets 2 s to hand over its segment and the audio run 3 s to store it, plus closing. */
export const QUIT_BUDGET_MS = 8_000;
/** What logind allows a delay lock by default (InhibitDelayMaxSec=5) and Windows a busy app, less a margin. */
export const SESSION_END_BUDGET_MS = 4_000;

export interface QuitSequenceOptions {
  /** The clean shutdown; every caller gets the same run. */
  shutdown: () => Promise<void>;
  exit: (code: number) => void;
  log?: (line: string) => void;
}

export class QuitSequence {
  private running: Promise<void> | null = null;

  constructor(private readonly opts: QuitSequenceOptions) {}

  /** True once Engram is on its way out: a window's close then closes instead of hiding to the tray. */
  get ending(): boolean {
    return this.running !== null;
  }

  /** app 'before-quit': held until the shutdown is done (or its budget ran out), then exit. */
  beforeQuit(event: PreventableEvent): void {
    event.preventDefault();
    this.end('quit', QUIT_BUDGET_MS);
  }

  /**
   * Windows' query-session-end: held too (Windows waits for a busy app, then offers to end it), so
   * that the last audio segment is stored before session-end, after which Windows may end the
   * process at any moment.
   */
  querySessionEnd(event: PreventableEvent, reason: string): void {
    event.preventDefault();
    this.end(reason, SESSION_END_BUDGET_MS);
  }

  /** Any other word that the session ends (session-end, powerMonitor 'shutdown'): the same run, shorter. */
  end(reason: string, budgetMs: number = SESSION_END_BUDGET_MS): Promise<void> {
    if (this.running) return this.running;
    this.opts.log?.(`${reason}: saving and closing`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), budgetMs);
    });
    const done = this.opts.shutdown().then(
      () => 'done' as const,
      (err: unknown) => {
        this.opts.log?.(`shutdown: ${err instanceof Error ? err.message : String(err)}`);
        return 'done' as const;
      },
    );
    this.running = Promise.race([done, deadline]).then((outcome) => {
      clearTimeout(timer);
      if (outcome === 'late') this.opts.log?.(`shutdown still running after ${budgetMs} ms; leaving anyway`);
      this.opts.exit(0);
    });
    return this.running;
  }
}
