import { redactText, switchesForModel } from '../../../shared/redaction/index.js';

/**
 * Logs what the host refuses (bad token, foreign origin, floods) so an attack is visible, without
 * letting the attacker flood the log: the first refusal of each kind in a window is logged, the
 * rest are counted and summed up once the window has passed. Never logs a query string (it may
 * carry the token) or more than a short, printable piece of the path.
 */
export class RefusalLog {
  private readonly windows = new Map<string, { started: number; suppressed: number }>();

  constructor(
    private readonly log: (line: string) => void,
    private readonly windowMs = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  note(kind: string, detail: string): void {
    const now = this.clock();
    const w = this.windows.get(kind);
    if (w && now - w.started < this.windowMs) {
      w.suppressed++;
      return;
    }
    const more = w && w.suppressed > 0 ? ` (${w.suppressed} more refused since the last line)` : '';
    this.windows.set(kind, { started: now, suppressed: 0 });
    this.log(`host: refused ${kind}: ${detail}${more}`);
  }
}

/**
 * The path of a request as it may be logged: no query, printable ASCII, at most 120 characters, and
 * redacted as a prompt is (a client that put a token in the path, "/api/ghp_…", is refused, and the
 * log line, read in a terminal or a service's journal, must not carry the token).
 */
export function loggablePath(rawUrl: string | undefined): string {
  const path = (rawUrl ?? '').split('?')[0] ?? '';
  const clean = redactText(path.replace(/[^\x20-\x7e]/g, '?'), switchesForModel()).text;
  return clean.length > 120 ? `${clean.slice(0, 120)}…` : clean;
}

/**
 * An error that escaped a request's handling, as it may be logged: its message on one line,
 * printable, redacted as a prompt is and at most 200 characters. Such a message can quote what the
 * request carried (a file name, a parser's view of the input), and the line goes to a terminal or a
 * service's journal.
 */
export function loggableError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const clean = redactText(message.replace(/\s+/g, ' ').replace(/[^\x20-\x7e]/g, '?').trim(), switchesForModel()).text;
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}
