import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { WIRE_LIMITS, WsClientMessageSchema, type ApiResponse, type WsServerMessage } from '../../../shared/api/index.js';
import type { EngramApi } from '../../engine/index.js';
import type { HostApi } from './late-api.js';
import { AccessGuard, newToken, type Denial } from './access-guard.js';
import { BodyTooLarge, readBody } from './http-body.js';
import { OneTimeCodes } from './one-time-codes.js';
import { loggableError, loggablePath, RefusalLog } from './refusal-log.js';
import { resolveStatic, sendFile } from './static-files.js';
import { TokenBucket } from '../../../shared/rate-limit/index.js';

export interface HeadlessHostOptions {
  /** The handler map (or, before the engine has started, one whose calls wait for it: lateApi). */
  api: HostApi;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Given by tests; otherwise a fresh random one. */
  token?: string;
  log?: (line: string) => void;
  /** Per-connection call rate (defaults from WIRE_LIMITS). */
  callsPerSecond?: number;
  callBurst?: number;
  /** How long a one-time link works unopened (default 2 minutes; tests shorten it). */
  codeTtlMs?: number;
}

export interface HeadlessHost {
  /** The first link to open: a one-time code, not the token (see newLink). */
  url: string;
  /** A fresh one-time link (swapped for the session cookie on first load, refused afterwards). */
  newLink(): string;
  port: number;
  /** The run's token, for callers in this process (Bearer); never put on a command line or URL. */
  token: string;
  /** Open WebSocket connections (tests). */
  connections(): number;
  close(): Promise<void>;
}

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const COMMON_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};
/** Pages and API answers may hold private content: never cached (so never written to a browser's disk cache). */
const NO_STORE = { 'Cache-Control': 'no-store' };
/** Hashed bundle files hold no user data. */
const IMMUTABLE = { 'Cache-Control': 'public, max-age=31536000, immutable' };

/** Most rate-limited calls a socket may make before it is closed as abusive. */
const MAX_REFUSED = 500;
/** Events are skipped for a client that stopped reading (its send buffer is this full). */
const MAX_BUFFERED = 8 * 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...COMMON_HEADERS, ...NO_STORE, ...extra, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}

function deny(res: ServerResponse, d: Denial): void {
  sendJson(res, d.status, { ok: false, error: { code: d.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', message: d.reason } });
}

const REFUSED_LINK = `<!doctype html><meta charset="utf-8"><title>Engram: link already used</title>
<h1>This link has already been used or has expired</h1>
<p>Each Engram link opens the window once, within two minutes. Press Enter in the terminal running
<code>engram serve</code> (or <code>npm run serve</code>) for a new link, or run the command again.</p>`;

function refuseLink(res: ServerResponse): void {
  res.writeHead(401, { ...COMMON_HEADERS, ...NO_STORE, 'Content-Security-Policy': CSP, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(Buffer.byteLength(REFUSED_LINK)) });
  res.end(REFUSED_LINK);
}

function rejectUpgrade(socket: Socket, status: number, reason: string): void {
  const text = reason;
  socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Misdirected Request'}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

/** What the call paths (POST /api/call and the WebSocket) share: the handler map, limits, the refusal log and the open sockets. */
interface Wire {
  dispatch: EngramApi['dispatch'];
  refusals: RefusalLog;
  who: (req: IncomingMessage) => string;
  limits: { rate: number; burst: number };
  httpBucket: TokenBucket;
  sockets: Set<WebSocket>;
}

function statusOf(r: Extract<ApiResponse, { ok: false }>): number {
  switch (r.error.code) {
    case 'INVALID_INPUT':
    case 'UNKNOWN_REQUEST':
      return 400;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
      return 409;
    case 'TOO_LARGE':
      return 413;
    case 'RATE_LIMITED':
      return 429;
    case 'UNAVAILABLE':
      return 503;
    default:
      return 500;
  }
}

/** POST /api/call (scripts): one call as JSON {name, input}, rate-limited and bounded like the socket's. */
async function answerApiCall(wire: Wire, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'INVALID_INPUT', message: 'use POST' } }, { Allow: 'POST' });
  if (!wire.httpBucket.take()) {
    wire.refusals.note('429', `too many calls (${wire.who(req)})`);
    return sendJson(res, 429, { ok: false, error: { code: 'RATE_LIMITED', message: 'too many calls; slow down' } });
  }
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req, WIRE_LIMITS.maxMessageBytes)).toString('utf8'));
  } catch (err) {
    if (err instanceof BodyTooLarge) {
      wire.refusals.note('413', `body over ${WIRE_LIMITS.maxMessageBytes} bytes (${wire.who(req)})`);
      // Connection: close, so the rest of the body (drained, not kept) ends with this connection.
      return sendJson(res, 413, { ok: false, error: { code: 'TOO_LARGE', message: `requests are limited to ${WIRE_LIMITS.maxMessageBytes} bytes` } }, { Connection: 'close' });
    }
    return sendJson(res, 400, { ok: false, error: { code: 'INVALID_INPUT', message: 'the body must be JSON: {"name", "input"}' } });
  }
  const call = body as { name?: unknown; input?: unknown };
  const response = await wire.dispatch(typeof call?.name === 'string' ? call.name : '', call?.input);
  return sendJson(res, response.ok ? 200 : statusOf(response), response);
}

/** One WebSocket: calls answered in order of arrival, rate-limited; a flood of refused messages closes it. */
function acceptSocket(wire: Wire, ws: WebSocket, peer: string): void {
  wire.sockets.add(ws);
  const bucket = new TokenBucket(wire.limits.rate, wire.limits.burst);
  let refused = 0;
  const send = (msg: WsServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };
  ws.on('message', (data, isBinary) => {
    // Every message counts against the rate, junk included: a flood of bad frames costs a parse
    // and a reply each, so it is cut off exactly like a flood of calls.
    const allowed = bucket.take();
    if (!allowed && ++refused > MAX_REFUSED) {
      if (ws.readyState === ws.OPEN) {
        wire.refusals.note('ws-flood', `closed a WebSocket from ${peer} after ${MAX_REFUSED} messages over the rate limit`);
        ws.close(1008, 'rate limit');
      }
      return;
    }
    if (isBinary) return send({ type: 'error', error: { code: 'INVALID_INPUT', message: 'text frames only' } });
    let msg;
    try {
      msg = WsClientMessageSchema.safeParse(JSON.parse(data.toString()));
    } catch {
      return send({ type: 'error', error: { code: 'INVALID_INPUT', message: 'messages must be JSON' } });
    }
    if (!msg.success) return send({ type: 'error', error: { code: 'INVALID_INPUT', message: 'expected {type:"call", id, name, input}' } });
    const { id, name, input } = msg.data;
    if (!allowed) return send({ type: 'result', id, response: { ok: false, error: { code: 'RATE_LIMITED', message: 'too many calls; slow down' } } });
    void wire.dispatch(name, input).then((response) => send({ type: 'result', id, response }));
  });
  ws.on('close', (code) => {
    wire.sockets.delete(ws);
    if (code === 1009) wire.refusals.note('ws-size', `closed a WebSocket from ${peer}: message over ${WIRE_LIMITS.maxMessageBytes} bytes`);
  });
  ws.on('error', () => wire.sockets.delete(ws));
}

/**
 * The UI over HTTP + WebSocket on 127.0.0.1 only: serves the built renderer, answers calls over a
 * WebSocket (and POST /api/call for scripts), and pushes events. Every request needs the run's
 * token and an origin of our own (or none); bodies and message rates are bounded.
 */
export async function startHeadlessHost(opts: HeadlessHostOptions): Promise<HeadlessHost> {
  const token = opts.token ?? newToken();
  const codes = new OneTimeCodes(opts.codeTtlMs);
  const log = opts.log ?? (() => undefined);
  const { dispatch, events } = opts.api;
  let guard: AccessGuard | null = null;
  const sockets = new Set<WebSocket>();
  const limits = { rate: opts.callsPerSecond ?? WIRE_LIMITS.callsPerSecond, burst: opts.callBurst ?? WIRE_LIMITS.callBurst };
  const httpBucket = new TokenBucket(limits.rate, limits.burst);
  const refusals = new RefusalLog(log);
  // req.socket is gone once a refused body has torn the connection down.
  const who = (req: IncomingMessage) => `${req.method ?? '?'} ${loggablePath(req.url)} from ${req.socket?.remoteAddress ?? '?'}`;
  const wire: Wire = { dispatch, refusals, who, limits, httpBucket, sockets };

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WIRE_LIMITS.maxMessageBytes,
    // The browser insists the server picks one of the offered protocols; never echo the token one.
    handleProtocols: (protocols) => (protocols.has('engram.v1') ? 'engram.v1' : false),
  });

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const g = guard!;
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://127.0.0.1:${g.port}`);
    } catch {
      return sendJson(res, 400, { ok: false, error: { code: 'INVALID_INPUT', message: 'bad URL' } });
    }
    const code = url.searchParams.get('code');
    if (code !== null && url.pathname === '/' && req.method === 'GET') {
      const place = g.checkPlace(req);
      if (place) {
        refusals.note(`${place.status}`, `${place.reason} (${who(req)})`);
        return deny(res, place);
      }
      const verdict = codes.redeem(code);
      if (verdict !== 'ok') {
        refusals.note('401', `one-time link ${verdict} (${who(req)})`);
        return refuseLink(res);
      }
      // The cookie carries the session from here; the address bar and history keep no code.
      res.writeHead(303, { ...COMMON_HEADERS, ...NO_STORE, Location: '/', 'Set-Cookie': g.cookie(), 'Content-Length': '0' });
      res.end();
      return;
    }
    const denial = g.check(req, url);
    if (denial) {
      refusals.note(`${denial.status}`, `${denial.reason} (${who(req)})`);
      return deny(res, denial);
    }

    if (url.pathname === '/api/call') return answerApiCall(wire, req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { ok: false, error: { code: 'INVALID_INPUT', message: 'method not allowed' } });
    const file = await resolveStatic(opts.rendererDir, url.pathname);
    if (!file) {
      return sendJson(res, 404, { ok: false, error: { code: 'NOT_FOUND', message: 'not found' } });
    }
    const isPage = file.endsWith('.html');
    const headers: Record<string, string> = { ...COMMON_HEADERS, ...(isPage ? { ...NO_STORE, 'Content-Security-Policy': CSP } : url.pathname.startsWith('/assets/') ? IMMUTABLE : NO_STORE) };
    if (isPage && url.searchParams.get('token')) headers['Set-Cookie'] = g.cookie();
    if (req.method === 'HEAD') {
      res.writeHead(200, headers);
      res.end();
      return;
    }
    await sendFile(res, file, headers);
  }

  const unsubscribe = events.subscribe((name, payload) => {
    if (sockets.size === 0) return;
    const text = JSON.stringify({ type: 'event', name, payload } satisfies WsServerMessage);
    for (const ws of sockets) {
      if (ws.readyState === ws.OPEN && ws.bufferedAmount < MAX_BUFFERED) ws.send(text);
    }
  });

  const server: Server = createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      log(`host: request failed: ${loggableError(err)}`);
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'INTERNAL', message: 'internal error' } });
      else res.destroy();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const g = guard!;
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://127.0.0.1:${g.port}`);
    } catch {
      return rejectUpgrade(socket, 403, 'bad URL');
    }
    if (url.pathname !== '/api/ws') {
      refusals.note('ws-path', `socket upgrade on ${who(req)}`);
      return rejectUpgrade(socket, 403, 'not a socket endpoint');
    }
    const denial = g.check(req, url);
    if (denial) {
      refusals.note(`${denial.status}`, `${denial.reason} (socket upgrade, ${who(req)})`);
      return rejectUpgrade(socket, denial.status, denial.reason);
    }
    wss.handleUpgrade(req, socket, head, (ws) => acceptSocket(wire, ws, socket.remoteAddress ?? '?'));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  guard = new AccessGuard(token, port);
  const newLink = () => `http://127.0.0.1:${port}/?code=${codes.mint()}`;

  return {
    url: newLink(),
    newLink,
    port,
    token,
    connections: () => sockets.size,
    close: async () => {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
