import { request } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { startUiHarness, type UiHarness } from './ui-harness.js';

/** The headless host's doors: token, origin, host header, paths, body size, message rate. */

let h: UiHarness;
beforeAll(async () => {
  h = await startUiHarness({ seed: false });
});
afterAll(async () => {
  await h?.close();
});

function raw(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: h.server.host.port, path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }));
    });
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

function wsStatus(headers: Record<string, string>, protocols: string[]): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.server.host.port}/api/ws`, protocols, { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => undefined);
  });
}

const call = (token: string, extra: Record<string, string> = {}) =>
  raw('/api/call', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...extra }, body: JSON.stringify({ name: 'app.info', input: {} }) });

describe('headless host security', () => {
  it('prints a one-time link, not the long random token, and answers with the token', async () => {
    const link = h.url;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=[A-Za-z0-9_-]{24}$/);
    expect(h.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link).not.toContain(h.token);
    const r = await call(h.token);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ ok: true, output: { host: 'headless' } });
  });

  it('refuses a bad or missing token with 401, on pages, calls and sockets', async () => {
    expect((await raw('/?token=nope')).status).toBe(401);
    expect((await raw('/')).status).toBe(401);
    expect((await raw('/assets/whatever.js')).status).toBe(401);
    expect((await call('not-the-token')).status).toBe(401);
    expect(await wsStatus({}, ['engram.v1', 'token.wrong'])).toBe(401);
    expect(await wsStatus({}, ['engram.v1', `token.${h.token}`])).toBe(101);
  });

  it('a browser with a bad token sees 401 and the page does not load', async () => {
    const chrome = await launchChromium();
    try {
      const page = await chrome.browser.newPage();
      const res = await page.goto(`${h.base}/?token=bad-token`);
      expect(res?.status()).toBe(401);
      expect(await page.locator('nav').count()).toBe(0);
      // A one-time link loads the app and sets the session cookie for its own assets and socket.
      const link = h.url;
      const ok = await page.goto(link);
      expect(ok?.status()).toBe(200);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(new URL(page.url()).search).toBe('');
      // The same link again, even in this browser, is refused with a page that says what to do.
      const again = await page.goto(link);
      expect(again?.status()).toBe(401);
      await page.getByText('This link has already been used or has expired').waitFor();
    } finally {
      await chrome.close();
    }
  });

  it('refuses a foreign Origin even with the right token', async () => {
    expect((await raw(`/?token=${h.token}`, { headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await call(h.token, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await call(h.token, { Origin: 'null' })).status).toBe(403);
    expect(await wsStatus({ Origin: 'http://evil.example' }, ['engram.v1', `token.${h.token}`])).toBe(403);
    expect(await wsStatus({ Origin: `http://127.0.0.1:${h.server.host.port}` }, ['engram.v1', `token.${h.token}`])).toBe(101);
  });

  it('refuses other Host names (DNS rebinding)', async () => {
    expect((await raw(`/?token=${h.token}`, { headers: { Host: `evil.example:${h.server.host.port}` } })).status).toBe(421);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const p of ['/../package.json', '/..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2f..%2fpackage.json', '/%00index.html', '/..\\package.json']) {
      const r = await raw(`${p}${p.includes('?') ? '&' : '?'}token=${h.token}`);
      expect([400, 404]).toContain(r.status);
      expect(r.body).not.toContain('"name": "engram"');
    }
  });

  it('sends a strict CSP and no-store on the page', async () => {
    const r = await raw(`/?token=${h.token}`);
    expect(r.status).toBe(200);
    expect(String(r.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(r.headers['cache-control']).toBe('no-store');
    expect(String(r.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
  });

  it('limits body size and answers bad calls with typed errors, never a stack', async () => {
    const big = await raw('/api/call', { method: 'POST', headers: { Authorization: `Bearer ${h.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'app.info', input: { x: 'a'.repeat(1_100_000) } }) });
    expect(big.status).toBe(413);
    const bad = await raw('/api/call', { method: 'POST', headers: { Authorization: `Bearer ${h.token}` }, body: '{not json' });
    expect(bad.status).toBe(400);
    const unknown = await raw('/api/call', { method: 'POST', headers: { Authorization: `Bearer ${h.token}` }, body: JSON.stringify({ name: 'fs.readFile', input: {} }) });
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_REQUEST' } });
    const invalid = await raw('/api/call', { method: 'POST', headers: { Authorization: `Bearer ${h.token}` }, body: JSON.stringify({ name: 'memories.get', input: { id: 42 } }) });
    const body = JSON.parse(invalid.body) as { ok: boolean; error: { code: string; message: string } };
    expect(body).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(body.error.message).not.toMatch(/\n\s+at /);
  });

  it('bounds the WebSocket message rate', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.server.host.port}/api/ws`, ['engram.v1', `token.${h.token}`]);
    await new Promise((r) => ws.once('open', r));
    const codes: string[] = [];
    const done = new Promise<void>((resolve) => {
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as { type: string; response?: { ok: boolean; error?: { code: string } } };
        if (m.type !== 'result') return;
        codes.push(m.response!.ok ? 'ok' : m.response!.error!.code);
        if (codes.length === 400) resolve();
      });
    });
    for (let i = 0; i < 400; i++) ws.send(JSON.stringify({ type: 'call', id: i, name: 'capture.status', input: {} }));
    await done;
    ws.close();
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThan(100);
    expect(codes.filter((c) => c === 'ok').length).toBeGreaterThanOrEqual(200);
  });
});
