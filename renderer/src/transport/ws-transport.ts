import type { ApiResponse, ApiTransport, WsServerMessage } from '../../../shared/api/index.js';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'unauthorized';

export interface WsTransport extends ApiTransport {
  state(): ConnectionState;
  onState(listener: (state: ConnectionState) => void): () => void;
  close(): void;
}

interface Pending {
  resolve: (r: ApiResponse) => void;
  timer: ReturnType<typeof setTimeout>;
}

const CALL_TIMEOUT_MS = 60_000;

/**
 * Headless host: one WebSocket carries calls (with ids) and pushed events. Calls made while the
 * socket is (re)connecting wait in a queue; the socket comes back by itself with backoff.
 * The token (when the page has one) rides in the subprotocol list, so it never shows up in a URL or
 * a log line; otherwise the session cookie, sent by the browser on the same-origin upgrade, does.
 */
export function wsTransport(url: string, token: string | null): WsTransport {
  let socket: WebSocket | null = null;
  let state: ConnectionState = 'connecting';
  let nextId = 1;
  let attempt = 0;
  let closed = false;
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  const listeners = new Set<(event: { name: string; payload: unknown }) => void>();
  const stateListeners = new Set<(s: ConnectionState) => void>();

  function setState(next: ConnectionState): void {
    if (state === next) return;
    state = next;
    for (const l of [...stateListeners]) l(next);
  }

  /** A refused upgrade looks like any network failure to a page; ask over HTTP whether the token is the problem. */
  async function tokenRefused(): Promise<boolean> {
    try {
      const r = await fetch(new URL('/api/call', url.replace(/^ws/, 'http')), {
        method: 'POST',
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'app.info', input: {} }),
      });
      return r.status === 401;
    } catch {
      return false;
    }
  }

  function connect(): void {
    const ws = new WebSocket(url, token ? ['engram.v1', `token.${token}`] : ['engram.v1']);
    let opened = false;
    socket = ws;
    ws.onopen = () => {
      opened = true;
      attempt = 0;
      setState('open');
      for (const m of queue.splice(0)) ws.send(m);
    };
    ws.onmessage = (ev) => {
      let msg: WsServerMessage;
      try {
        msg = JSON.parse(String(ev.data)) as WsServerMessage;
      } catch {
        return;
      }
      if (msg.type === 'result') {
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        clearTimeout(p.timer);
        p.resolve(msg.response);
      } else if (msg.type === 'event') {
        for (const l of [...listeners]) l({ name: msg.name, payload: msg.payload });
      }
    };
    ws.onclose = (ev) => {
      socket = null;
      if (closed) return;
      // 4401: the host refused our token (a new run of the host means a new token).
      if (ev.code === 4401) {
        setState('unauthorized');
        failAll('UNAUTHORIZED', 'This link has expired. Open the address printed by `engram serve`.');
        return;
      }
      setState('reconnecting');
      failAll('UNAVAILABLE', 'Lost the connection to Engram; retrying.');
      const delay = Math.min(10_000, 250 * 2 ** attempt++);
      void (opened ? Promise.resolve(false) : tokenRefused()).then((refused) => {
        if (closed) return;
        if (refused) {
          setState('unauthorized');
          failAll('UNAUTHORIZED', 'This link has expired. Open the address printed by `engram serve`.');
        } else setTimeout(connect, delay);
      });
    };
  }

  function failAll(code: 'UNAVAILABLE' | 'UNAUTHORIZED', message: string): void {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.resolve({ ok: false, error: { code, message } });
      pending.delete(id);
    }
  }

  connect();

  return {
    invoke(name, input) {
      if (state === 'unauthorized') {
        return Promise.resolve({ ok: false, error: { code: 'UNAUTHORIZED', message: 'Not authorised.' } });
      }
      const id = nextId++;
      const text = JSON.stringify({ type: 'call', id, name, input });
      return new Promise<ApiResponse>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve({ ok: false, error: { code: 'UNAVAILABLE', message: 'Engram did not answer in time.' } });
        }, CALL_TIMEOUT_MS);
        pending.set(id, { resolve, timer });
        if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
        else queue.push(text);
      });
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => state,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
