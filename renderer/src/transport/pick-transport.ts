import type { ApiTransport, EngramBridge } from '../../../shared/api/index.js';
import { bridgeTransport } from './bridge-transport.js';
import { wsTransport, type WsTransport } from './ws-transport.js';

export type PickedTransport =
  | { kind: 'bridge'; transport: ApiTransport }
  | { kind: 'ws'; transport: WsTransport }
  | { kind: 'none' };

const TOKEN_KEY = 'engram.token';

declare global {
  interface Window {
    engram?: EngramBridge;
  }
}

/**
 * Chosen at run time, not at build time: the Electron preload's bridge when present, otherwise a
 * WebSocket back to the headless host that served this page. The host opened this page from a
 * one-time link and set an HttpOnly session cookie, which the socket and calls carry by themselves;
 * a page opened by a script with ?token= also gets the cookie, and uses the token for its first socket.
 */
export function pickTransport(win: Window): PickedTransport {
  if (win.engram && typeof win.engram.invoke === 'function') {
    return { kind: 'bridge', transport: bridgeTransport(win.engram) };
  }
  const url = new URL(win.location.href);
  const fromUrl = url.searchParams.get('token');
  // Older pages kept the token for the tab; the session cookie (set with this page) carries it now.
  win.sessionStorage.removeItem(TOKEN_KEY);
  if (fromUrl) {
    // Keep the token out of the address bar, history and screenshots once we have it.
    url.searchParams.delete('token');
    win.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  const token = fromUrl;
  // A page not served over HTTP has no host behind it (the cookie needs one).
  if (!token && url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return { kind: 'ws', transport: wsTransport(`${scheme}//${url.host}/api/ws`, token) };
}
