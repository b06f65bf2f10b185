import { APP_ORIGIN } from './constants.js';
import { originOf } from './url-origin.js';

/**
 * Engram's windows never navigate away from app:// and never open new windows. A link to a web
 * page (a cited URL in an answer, a resource memory) opens in the user's browser instead, and only
 * for http(s) and mailto: a file:, javascript: or custom-scheme link is dropped.
 */
export type NavigationDecision =
  | { action: 'allow' }
  | { action: 'deny'; openExternal?: string };

const EXTERNAL_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);

export function externalUrl(rawUrl: string): string | undefined {
  try {
    const url = new URL(rawUrl);
    if (!EXTERNAL_PROTOCOLS.has(url.protocol)) return undefined;
    if (url.username || url.password) return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

export function isAppUrl(rawUrl: string): boolean {
  return originOf(rawUrl) === APP_ORIGIN;
}

/**
 * will-navigate / will-redirect. In-app route changes are history API calls and never reach this
 * handler, so every top-level navigation is denied, even to app:// (a reload is not a navigation).
 */
export function decideNavigation(rawUrl: string): NavigationDecision {
  const external = externalUrl(rawUrl);
  return external ? { action: 'deny', openExternal: external } : { action: 'deny' };
}

/** setWindowOpenHandler: never a new Electron window. */
export function decideWindowOpen(rawUrl: string): NavigationDecision {
  return decideNavigation(rawUrl);
}

/** will-attach-webview: always refused (webviewTag is off too; this is the second lock). */
export function decideWebviewAttach(): NavigationDecision {
  return { action: 'deny' };
}
