/** electron/hosts/http: the UI over HTTP + WebSocket on 127.0.0.1 (and the CLI under cli/). */
export { startHeadlessHost, type HeadlessHost, type HeadlessHostOptions } from './headless-host.js';
export { startEngramServer, type EngramServer, type EngramServerOptions } from './engram-server.js';
export { OneTimeCodes, CODE_TTL_MS } from './one-time-codes.js';
export { AccessGuard, newToken, tokensEqual, cookieName } from './access-guard.js';
export { resolveStatic } from './static-files.js';
export { defaultRendererDir } from './renderer-dir.js';
