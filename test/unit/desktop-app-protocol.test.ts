import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mimeTypeFor, readAppResource, resolveAppUrl, type AppProtocolRoots } from '../../electron/desktop/policy/index.js';

let base: string;
let roots: AppProtocolRoots;

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'engram-proto-'));
  roots = { renderer: path.join(base, 'renderer'), builtinPages: path.join(base, 'pages') };
  mkdirSync(path.join(roots.renderer, 'assets'), { recursive: true });
  mkdirSync(roots.builtinPages, { recursive: true });
  writeFileSync(path.join(roots.renderer, 'index.html'), '<!doctype html><title>Engram</title>');
  writeFileSync(path.join(roots.renderer, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(path.join(roots.renderer, 'assets', 'a b.css'), 'body{}');
  writeFileSync(path.join(roots.builtinPages, 'consent.html'), '<!doctype html><title>Welcome</title>');
  writeFileSync(path.join(base, 'secret.txt'), 'do not serve');
  symlinkSync(path.join(base, 'secret.txt'), path.join(roots.renderer, 'assets', 'link.txt'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('resolveAppUrl', () => {
  it('maps the root and client-side routes to index.html', () => {
    expect(resolveAppUrl('app://engram/', roots)).toMatchObject({ kind: 'file', path: path.join(roots.renderer, 'index.html'), spaFallback: false });
    expect(resolveAppUrl('app://engram/settings/privacy', roots)).toMatchObject({ kind: 'file', path: path.join(roots.renderer, 'index.html'), spaFallback: true });
  });

  it('maps assets and decodes percent-encoding', () => {
    expect(resolveAppUrl('app://engram/assets/app-1.js', roots)).toMatchObject({ path: path.join(roots.renderer, 'assets', 'app-1.js') });
    expect(resolveAppUrl('app://engram/assets/a%20b.css', roots)).toMatchObject({ path: path.join(roots.renderer, 'assets', 'a b.css') });
  });

  it('serves built-in pages from their own root', () => {
    expect(resolveAppUrl('app://engram/__pages/consent.html', roots)).toMatchObject({ path: path.join(roots.builtinPages, 'consent.html') });
  });

  // URL parsing already folds literal and %2e dot segments into the root (as Chromium does): they
  // must land inside it, never above.
  it.each([['app://engram/../secret.txt'], ['app://engram/assets/%2e%2e/%2e%2e/secret.txt'], ['app://engram/a/../../../secret.txt']])(
    'folds dot segments inside the root: %s',
    (url) => {
      const target = resolveAppUrl(url, roots);
      expect(target.kind).toBe('file');
      if (target.kind === 'file') expect(target.path).toBe(path.join(roots.renderer, 'secret.txt'));
    },
  );

  it.each([
    ['app://engram/%2e%2e%2fsecret.txt'],
    ['app://engram/assets/..%2F..%2Fsecret.txt'],
    ['app://engram/..%5c..%5csecret.txt'],
    ['app://engram/__pages/..%2f..%2fsecret.txt'],
    ['app://engram/index.html%00.png'],
    ['app://engram/C:/Windows/win.ini'],
    ['app://engram/%E0%A4%A'],
  ])('refuses traversal: %s', (url) => {
    expect(resolveAppUrl(url, roots).kind).toBe('forbidden');
  });

  it.each([['app://evil/index.html'], ['file:///etc/passwd'], ['https://engram/index.html'], ['app://user:pw@engram/'], ['not a url']])(
    'refuses other origins: %s',
    (url) => {
      expect(resolveAppUrl(url, roots).kind).toBe('forbidden');
    },
  );
});

describe('readAppResource', () => {
  it('returns the file with its type and the security headers', async () => {
    const res = await readAppResource('app://engram/assets/app-1.js', roots);
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['Content-Security-Policy']).toContain("default-src 'none'");
    expect(res.body?.toString()).toBe('console.log(1)');
  });

  it('404s a missing file, 403s traversal', async () => {
    expect((await readAppResource('app://engram/assets/missing.js', roots)).status).toBe(404);
    const forbidden = await readAppResource('app://engram/assets/..%2F..%2Fsecret.txt', roots);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body?.toString()).not.toContain('do not serve');
    const folded = await readAppResource('app://engram/assets/%2e%2e/%2e%2e/secret.txt', roots);
    expect(folded.status).toBe(404);
    expect(folded.body?.toString()).not.toContain('do not serve');
  });

  it('does not follow a symlink out of the root', async () => {
    const res = await readAppResource('app://engram/assets/link.txt', roots);
    expect(res.status).toBe(403);
    expect(res.body?.toString()).not.toContain('do not serve');
  });

  it('refuses a directory', async () => {
    expect((await readAppResource('app://engram/assets/x.d', roots)).status).toBe(404);
  });

  it('knows the types the renderer ships', () => {
    expect(mimeTypeFor('a.woff2')).toBe('font/woff2');
    expect(mimeTypeFor('a.wasm')).toBe('application/wasm');
    expect(mimeTypeFor('a.unknown')).toBe('application/octet-stream');
  });
});
