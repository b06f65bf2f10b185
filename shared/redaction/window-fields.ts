import { DEFAULT_REDACTION, type RedactionSwitches } from './detectors.js';
import { redactText } from './redactor.js';

/**
 * A URL as Engram keeps it: no credentials (`user:password@`), no query or fragment values (an
 * OAuth code, a token, a signed link's signature, a search that held a name); the scheme, host,
 * path and the query's keys stay, so "which page was it" is still answered. Then the same redaction
 * as screen text, for a secret in the path (a Slack webhook). Not a URL parser's round trip: the
 * text is kept as written, only the values go. One function for every place a URL is stored.
 */
export function sanitizeUrl(url: string, switches: RedactionSwitches = DEFAULT_REDACTION): string {
  const m = /^(\s*[a-z][a-z0-9+.-]*:\/\/)?([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/is.exec(url);
  if (!m) return redactText(url, switches).text;
  const [, scheme = '', authority = '', path = '', query, fragment] = m;
  // user:password@host: the whole user part goes (a user name alone can be an e-mail address).
  const host = scheme || /^[^@\s/]*:[^@\s/]*@/.test(authority) ? authority.replace(/^.*@/, '') : authority;
  const out = scheme + host + path + (query !== undefined ? keysOnly(query) : '') + (fragment !== undefined ? fragmentKept(fragment) : '');
  return redactText(out, switches).text;
}

/** "?a=1&b=2&flag" → "?a=&b=&flag". */
function keysOnly(query: string): string {
  return (
    '?' +
    query
      .slice(1)
      .split(/([&;])/)
      .map((p) => (p === '&' || p === ';' ? p : p.replace(/=.*$/s, '=')))
      .join('')
  );
}

/** An anchor ("#section-2") stays; a fragment of parameters ("#access_token=…") keeps its keys only. */
function fragmentKept(fragment: string): string {
  return fragment.includes('=') ? '#' + keysOnly('?' + fragment.slice(1)).slice(1) : fragment;
}

/**
 * A window's title and URL as they may be stored: the title redacted exactly as screen text is,
 * the URL sanitised. Everything else on the window is kept as it is.
 */
export function redactWindowFields<T extends { title?: string | null; url?: string | null }>(win: T, switches: RedactionSwitches = DEFAULT_REDACTION): T {
  const title = win.title ? redactText(win.title, switches).text : win.title;
  const url = win.url ? sanitizeUrl(win.url, switches) : win.url;
  return title === win.title && url === win.url ? win : { ...win, title, url };
}
