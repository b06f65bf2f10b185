import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessHost, type HeadlessHost } from '../../electron/hosts/http/index.js';
import type { ApiResponse } from '../../shared/api/index.js';
import { launchChromium } from './chromium.js';

/**
 * Browser mode's host against web pages the user visits in the same browser, in a real Chromium
 * that holds the host's session cookie: a page on another site (localhost on another port: a
 * different site from 127.0.0.1) and one on the same site (127.0.0.1, another port: SameSite lets
 * the cookie ride along). Each page tries every way a page can reach the host without its help: a
 * fetch without preflight (no-cors, text/plain), a JSON fetch (preflighted), form posts (plain
 * text shaped as JSON, and url-encoded) into a frame, a keepalive post (a beacon's kind), a WebSocket, and reading the page.
 * None may reach the handler map, and none may read an answer.
 */

const DATA = 'answer-only-the-window-may-read';
let root: string;
let host: HeadlessHost;
const calls: string[] = [];
const logs: string[] = [];
const evil: Server[] = [];
let close: () => Promise<void>;
let context: BrowserContext;

/** The page a hostile site serves: every attack on the host at `target`, the outcome of each in window.__results. */
function attackPage(target: string): string {
  const ws = target.replace(/^http/, 'ws');
  const script = `
const T = ${JSON.stringify(target)};
const call = (name) => JSON.stringify({ name, input: {} });
const settle = (p, ms = 5000) => Promise.race([p, new Promise((r) => setTimeout(() => r('no answer in time'), ms))]);
const results = {};
async function run(name, f) {
  try { results[name] = String(await settle(f())); } catch (e) { results[name] = 'threw: ' + (e && e.name); }
}
function postForm(enctype, fields, name) {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.name = 'f-' + name;
    document.body.appendChild(frame);
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = T + '/api/call';
    form.enctype = enctype;
    form.target = frame.name;
    for (const [k, v] of fields) { const i = document.createElement('input'); i.name = k; i.value = v; form.appendChild(i); }
    document.body.appendChild(form);
    frame.addEventListener('load', () => resolve('frame loaded'), { once: true });
    form.submit();
  });
}
(async () => {
  await run('fetch-no-cors', async () => { const r = await fetch(T + '/api/call', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: call('attack.fetch-no-cors') }); return r.type + ' ' + r.status + ' ' + (await r.text()); });
  await run('fetch-json', async () => { const r = await fetch(T + '/api/call', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: call('attack.fetch-json') }); return r.status + ' ' + (await r.text()); });
  await run('form-plain', () => postForm('text/plain', [['{"name":"attack.form-plain","input":{},"pad":"', '"}']], 'plain'));
  await run('form-urlencoded', () => postForm('application/x-www-form-urlencoded', [['name', 'attack.form-urlencoded'], ['input', '{}']], 'url'));
  // What sendBeacon sends (a no-cors POST that outlives the page), awaited so its answer has come before the test looks.
  await run('keepalive', async () => { const r = await fetch(T + '/api/call', { method: 'POST', mode: 'no-cors', keepalive: true, credentials: 'include', body: call('attack.keepalive') }); return r.type + ' ' + r.status; });
  await run('websocket', () => new Promise((resolve) => {
    const s = new WebSocket(${JSON.stringify(ws)} + '/api/ws', ['engram.v1']);
    s.onopen = () => { s.send(JSON.stringify({ type: 'call', id: 1, name: 'attack.websocket', input: {} })); s.onmessage = (m) => resolve('open, read: ' + m.data); };
    s.onerror = () => resolve('refused');
  }));
  await run('read-page', async () => { const r = await fetch(T + '/', { credentials: 'include' }); return r.status + ' ' + (await r.text()).slice(0, 200); });
  window.__results = results;
})();`;
  return `<!doctype html><meta charset="utf-8"><title>cat pictures</title><body><script>${script}</script></body>`;
}

function serve(html: string, hostName: string): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  evil.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://${hostName}:${(server.address() as AddressInfo).port}/`)));
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'engram-cross-site-'));
  const renderer = join(root, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Engram</title><div id="root"></div>');
  host = await startHeadlessHost({
    api: {
      dispatch: async (name) => {
        calls.push(name);
        return { ok: true, output: { data: DATA } } as unknown as ApiResponse;
      },
      events: { subscribe: () => () => undefined },
    },
    rendererDir: renderer,
    log: (l) => logs.push(l),
  });
  const chrome = await launchChromium();
  close = chrome.close;
  context = await chrome.browser.newContext();
  // The user opens Engram's link: this browser now holds the session cookie for 127.0.0.1.
  const page = await context.newPage();
  expect((await page.goto(host.url))?.status()).toBe(200);
  await page.close();
  expect((await context.cookies(`http://127.0.0.1:${host.port}/`)).map((c) => c.name)).toEqual([`engram_${host.port}`]);
}, 60_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await close?.();
  for (const s of evil) await new Promise((r) => s.close(r));
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});

async function attackFrom(site: string): Promise<Record<string, string>> {
  const page = await context.newPage();
  try {
    await page.goto(await serve(attackPage(`http://127.0.0.1:${host.port}`), site));
    await page.waitForFunction(() => (window as unknown as { __results?: unknown }).__results !== undefined, undefined, { timeout: 45_000 });
    return await page.evaluate(() => (window as unknown as { __results: Record<string, string> }).__results);
  } finally {
    await page.close();
  }
}

describe('browser mode host: hostile pages in the user\'s own browser', () => {
  for (const [label, site] of [
    ['another site (localhost, another port)', 'localhost'],
    ['the same site (127.0.0.1, another port: the session cookie is sent)', '127.0.0.1'],
  ] as const) {
    it(`a page on ${label} reaches nothing and reads nothing`, async () => {
      const results = await attackFrom(site);
      expect(Object.keys(results).sort()).toEqual(['fetch-json', 'fetch-no-cors', 'form-plain', 'form-urlencoded', 'keepalive', 'read-page', 'websocket']);
      // Every request was answered before its outcome was noted (a frame loads, a fetch settles, a
      // socket is refused), and a call reaches the handler map before its answer is written.
      expect(calls).toEqual([]);
      for (const [attack, outcome] of Object.entries(results)) {
        expect(outcome, attack).not.toContain(DATA);
        expect(outcome, attack).not.toContain('<div id="root">');
        expect(outcome, attack).not.toBe('no answer in time');
      }
      // Fetches and sockets fail outright (foreign origin refused; what comes back is not readable cross-origin).
      for (const attack of ['fetch-no-cors', 'fetch-json', 'keepalive', 'read-page']) expect(results[attack], attack).toBe('threw: TypeError');
      expect(results.websocket).toBe('refused');
      expect(logs.join('\n')).toMatch(/host: refused 403: foreign origin refused/);
      expect(logs.join('\n')).not.toContain(host.token);
    }, 90_000);
  }
});

/** A status for one raw request to the host, headers as given (a rebound name sends its own Host). */
function status(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function socketStatus(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api/ws`, ['engram.v1', `token.${host.token}`], { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => undefined);
  });
}

describe('browser mode host: DNS rebinding (a hostile name resolved to 127.0.0.1)', () => {
  it('the page\'s requests carry the hostile name as Host: refused on the socket and the one-time link too, and the link is not spent', async () => {
    const rebound = { Host: `cats.example:${host.port}`, Origin: `http://cats.example:${host.port}` };
    // Even holding the token (it cannot), a rebound page's socket is refused by Host alone.
    expect(await socketStatus({ Host: rebound.Host })).toBe(421);
    expect(await socketStatus(rebound)).toBe(421);
    const link = new URL(host.newLink());
    expect(await status(`${link.pathname}${link.search}`, { Host: rebound.Host })).toBe(421);
    // Refused before it was looked at: the user's own first open of the link still works.
    expect(await status(`${link.pathname}${link.search}`, { Host: `127.0.0.1:${host.port}` })).toBe(303);
    expect(await socketStatus({ Host: `127.0.0.1:${host.port}` })).toBe(101);
    expect(calls).toEqual([]);
  });
});
