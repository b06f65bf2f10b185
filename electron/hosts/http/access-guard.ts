import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A fresh secret for each run of the host; printed once, in the URL the user opens. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function cookieName(port: number): string {
  // Cookies ignore ports: name it per port so two hosts on one machine do not overwrite each other.
  return `engram_${port}`;
}

function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

export type Denial = { status: 401 | 403 | 421; reason: string };

/**
 * Who may talk to the host: requests to 127.0.0.1/localhost on our port (the Host check stops DNS
 * rebinding), from our own origin or from no browser origin at all (CLI, tests), carrying the run's
 * token as ?token=, a Bearer header, the WebSocket subprotocol, or the cookie set on first visit.
 */
export class AccessGuard {
  readonly allowedOrigins: Set<string>;
  private readonly allowedHosts: Set<string>;

  constructor(
    readonly token: string,
    readonly port: number,
  ) {
    this.allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    this.allowedOrigins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  }

  /** null when the request may proceed; otherwise the status and a one-line reason. */
  check(req: IncomingMessage, url: URL): Denial | null {
    const place = this.checkPlace(req);
    if (place) return place;
    if (!this.presentedToken(req, url)) return { status: 401, reason: 'missing or wrong token' };
    return null;
  }

  /** The Host and Origin checks alone (a one-time code's page load carries no token yet). */
  checkPlace(req: IncomingMessage): Denial | null {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!this.allowedHosts.has(host)) return { status: 421, reason: 'unexpected Host header' };
    const origin = req.headers.origin;
    if (origin !== undefined && !this.allowedOrigins.has(origin)) return { status: 403, reason: 'foreign origin refused' };
    return null;
  }

  presentedToken(req: IncomingMessage, url: URL): boolean {
    const candidates: string[] = [];
    const q = url.searchParams.get('token');
    if (q) candidates.push(q);
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) candidates.push(auth.slice(7).trim());
    const proto = req.headers['sec-websocket-protocol'];
    if (typeof proto === 'string') {
      for (const p of proto.split(',')) {
        const t = p.trim();
        if (t.startsWith('token.')) candidates.push(t.slice(6));
      }
    }
    const cookie = parseCookies(req.headers.cookie).get(cookieName(this.port));
    if (cookie) candidates.push(cookie);
    return candidates.some((c) => tokensEqual(c, this.token));
  }

  /** Set on the first authorised page load so the page's own asset and socket requests carry the token. */
  cookie(): string {
    return `${cookieName(this.port)}=${this.token}; HttpOnly; SameSite=Strict; Path=/`;
  }
}
