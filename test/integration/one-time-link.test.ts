import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OneTimeCodes, startHeadlessHost, type HeadlessHost } from '../../electron/hosts/http/index.js';

/**
 * The link the host prints or opens holds a one-time code, not the run's token: over a real socket,
 * the first load swaps it for the session cookie, a second load of the same link is refused, and
 * the cookie then carries the session.
 */
describe('one-time links', () => {
  let dir: string;
  let host: HeadlessHost;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'engram-onetime-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Engram</title>');
    const api = {
      dispatch: async () => ({ ok: true as const, output: { version: 'test' } }),
      events: { subscribe: () => () => undefined },
    };
    host = await startHeadlessHost({ api: api as unknown as Parameters<typeof startHeadlessHost>[0]['api'], rendererDir: dir, token: 'the-long-lived-run-token-000000' });
  });
  afterAll(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts no token in the link it prints', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=[A-Za-z0-9_-]{24}$/);
    expect(host.url).not.toContain(host.token);
  });

  it('swaps the code for the cookie once, refuses it afterwards, and the cookie works', async () => {
    const link = host.newLink();
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;

    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toMatch(/already been used or has expired[\s\S]*press Enter[\s\S]*run the command again/i);

    const base = `http://127.0.0.1:${host.port}`;
    expect((await fetch(`${base}/`)).status).toBe(401);
    const page = await fetch(`${base}/`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const call = await fetch(`${base}/api/call`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'app.info', input: {} }) });
    expect(call.status).toBe(200);
  });

  it('refuses a made-up code, and a link opened from another site', async () => {
    expect((await fetch(`http://127.0.0.1:${host.port}/?code=made-up`, { redirect: 'manual' })).status).toBe(401);
    const link = host.newLink();
    expect((await fetch(link, { redirect: 'manual', headers: { Origin: 'http://evil.example' } })).status).toBe(403);
  });

  it('each new link is its own code', () => {
    expect(host.newLink()).not.toBe(host.newLink());
  });
});

describe('OneTimeCodes', () => {
  it('a code expires unopened, and is good exactly once', () => {
    let t = 0;
    const codes = new OneTimeCodes(120_000, () => t);
    const a = codes.mint();
    const b = codes.mint();
    expect(codes.redeem(a)).toBe('ok');
    expect(codes.redeem(a)).toBe('used');
    t = 120_001;
    expect(codes.redeem(b)).not.toBe('ok');
    expect(codes.redeem('nope')).toBe('unknown');
  });
});
