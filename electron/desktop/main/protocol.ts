import { protocol } from 'electron';
import { APP_SCHEME, readAppResource, type AppProtocolRoots } from '../policy/index.js';

/**
 * app:// instead of file:// (Electron security checklist): pages get a real origin for CSP
 * 'self', and nothing outside the two roots can be read. Must run before `app.whenReady()`.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true, stream: true } },
  ]);
}

export function serveAppProtocol(roots: AppProtocolRoots): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const res = await readAppResource(request.url, roots);
    const body = request.method === 'HEAD' || res.body === null ? null : new Uint8Array(res.body);
    return new Response(body, { status: res.status, headers: res.headers });
  });
}
