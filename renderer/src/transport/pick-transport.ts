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
 * WebSocket back to the headless host that served this page, authenticated by the token in the URL.
 */
export function pickTransport(win: Window): PickedTransport {
  if (win.engram && typeof win.engram.invoke === 'function') {
    return { kind: 'bridge', transport: bridgeTransport(win.engram) };
  }
  const url = new URL(win.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    win.sessionStorage.setItem(TOKEN_KEY, fromUrl);
    // Keep the token out of the address bar, history and screenshots once we have it.
    url.searchParams.delete('token');
    win.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  const token = fromUrl ?? win.sessionStorage.getItem(TOKEN_KEY);
  if (!token) return { kind: 'none' };
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return { kind: 'ws', transport: wsTransport(`${scheme}//${url.host}/api/ws`, token) };
}
