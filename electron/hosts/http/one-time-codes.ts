import { randomBytes } from 'node:crypto';
import { tokensEqual } from './access-guard.js';

/** How long a printed or opened link works if nobody opens it. */
export const CODE_TTL_MS = 2 * 60_000;

export type CodeVerdict = 'ok' | 'used' | 'expired' | 'unknown';

/**
 * Single-use codes for the links the host prints or opens. The link rides on a browser opener's
 * command line (readable by other local users through /proc), so it must not carry the run's
 * token: a code is swapped for the session cookie on first load and refused afterwards.
 */
export class OneTimeCodes {
  private readonly live = new Map<string, number>();
  private readonly spent = new Set<string>();

  constructor(
    private readonly ttlMs = CODE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  mint(): string {
    this.sweep();
    const code = randomBytes(18).toString('base64url');
    this.live.set(code, this.now() + this.ttlMs);
    return code;
  }

  /** Consumes the code: 'ok' exactly once per minted code. */
  redeem(presented: string): CodeVerdict {
    for (const [code, expires] of this.live) {
      if (!tokensEqual(code, presented)) continue;
      this.live.delete(code);
      this.spent.add(code);
      return expires > this.now() ? 'ok' : 'expired';
    }
    this.sweep();
    for (const code of this.spent) if (tokensEqual(code, presented)) return 'used';
    return 'unknown';
  }

  private sweep(): void {
    const t = this.now();
    for (const [code, expires] of this.live) {
      if (expires <= t) {
        this.live.delete(code);
        this.spent.add(code);
      }
    }
    // Bounded: only to say "already used" rather than "unknown"; both are refused.
    while (this.spent.size > 1000) this.spent.delete(this.spent.values().next().value as string);
  }
}
