import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { AccessGuard, resolveStatic, tokensEqual } from '../../electron/hosts/http/index.js';
import { TokenBucket } from '../../shared/rate-limit/index.js';

const root = mkdtempSync(path.join(tmpdir(), 'engram-static-'));
const outside = mkdtempSync(path.join(tmpdir(), 'engram-outside-'));
mkdirSync(path.join(root, 'assets'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
writeFileSync(path.join(root, 'assets', 'app.js'), 'x');
writeFileSync(path.join(outside, 'secret.txt'), 'secret');
symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('resolveStatic', () => {
  it('serves files inside the root', async () => {
    expect(await resolveStatic(root, '/')).toBe(path.join(root, 'index.html'));
    expect(await resolveStatic(root, '/assets/app.js')).toBe(path.join(root, 'assets', 'app.js'));
  });
  it('refuses traversal, encoded or not, NUL bytes, backslashes and symlinks out', async () => {
    for (const p of ['/../x', '/..%2f..%2fetc/passwd', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/x', '/a%00b', '/..\\x', '/assets/link.txt', '/%E0%A4%A', '/assets']) {
      expect(await resolveStatic(root, p)).toBeNull();
    }
  });
});

describe('AccessGuard', () => {
  const g = new AccessGuard('tok-123456', 4567);
  const url = (q = '') => new URL(`http://127.0.0.1:4567/${q}`);
  it('needs the token by query, bearer, subprotocol or cookie', () => {
    const host = { host: '127.0.0.1:4567' };
    expect(g.check(req(host), url())).toMatchObject({ status: 401 });
    expect(g.check(req(host), url('?token=tok-123456'))).toBeNull();
    expect(g.check(req({ ...host, authorization: 'Bearer tok-123456' }), url())).toBeNull();
    expect(g.check(req({ ...host, 'sec-websocket-protocol': 'engram.v1, token.tok-123456' }), url())).toBeNull();
    expect(g.check(req({ ...host, cookie: 'a=b; engram_4567=tok-123456' }), url())).toBeNull();
    expect(g.check(req({ ...host, cookie: 'engram_9999=tok-123456' }), url())).toMatchObject({ status: 401 });
  });
  it('refuses foreign origins and hosts', () => {
    expect(g.check(req({ host: '127.0.0.1:4567', origin: 'http://evil.example' }), url('?token=tok-123456'))).toMatchObject({ status: 403 });
    expect(g.check(req({ host: 'localhost:4567', origin: 'http://localhost:4567' }), url('?token=tok-123456'))).toBeNull();
    expect(g.check(req({ host: 'evil.example:4567' }), url('?token=tok-123456'))).toMatchObject({ status: 421 });
  });
  it('compares tokens in constant time and refuses different lengths', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abc', 'abd')).toBe(false);
    expect(tokensEqual('abc', 'abcd')).toBe(false);
  });
});

describe('TokenBucket', () => {
  it('allows the burst, then the rate', () => {
    let now = 0;
    const b = new TokenBucket(10, 5, () => now);
    expect(Array.from({ length: 8 }, () => b.take()).filter(Boolean)).toHaveLength(5);
    now += 300;
    expect(Array.from({ length: 8 }, () => b.take()).filter(Boolean)).toHaveLength(3);
  });
});
