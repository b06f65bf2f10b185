import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBuiltinPageCall, resolveAppUrl, BUILTIN_PAGE_URLS, screenPermissionHint } from '../../electron/desktop/policy/index.js';

const roots = { renderer: path.resolve('dist/renderer'), builtinPages: path.resolve('resources/pages') };

describe('built-in pages', () => {
  it('each page may only call its own actions', () => {
    expect(parseBuiltinPageCall('consent', { action: 'consent.accept', input: { audio: false, start_at_login: false } })).toMatchObject({ ok: true });
    expect(parseBuiltinPageCall('consent', { action: 'passphrase.submit', input: { passphrase: 'xxxxxxxxx' } })).toEqual({ ok: false, error: 'This page may not call passphrase.submit.' });
    expect(parseBuiltinPageCall('passphrase', { action: 'consent.accept', input: { audio: true, start_at_login: true } }).ok).toBe(false);
  });

  it.each([null, {}, { action: 'consent.accept' }, { action: 'consent.accept', input: { audio: 1, start_at_login: false } }, { action: 'passphrase.submit', input: { passphrase: '' } }, { action: 'consent.info', extra: 1 }])(
    'refuses malformed calls: %j',
    (raw) => {
      expect(parseBuiltinPageCall('consent', raw).ok && parseBuiltinPageCall('passphrase', raw).ok).toBe(false);
    },
  );

  it('page URLs resolve to files that exist in resources/pages, with their scripts', () => {
    for (const url of Object.values(BUILTIN_PAGE_URLS)) {
      const target = resolveAppUrl(url, roots);
      expect(target.kind).toBe('file');
      if (target.kind !== 'file') continue;
      expect(existsSync(target.path)).toBe(true);
      const html = readFileSync(target.path, 'utf8');
      // CSP forbids inline script: every script is an external file next to the page.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      for (const [, src] of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/gi)) expect(existsSync(path.join(path.dirname(target.path), src!))).toBe(true);
    }
  });

  it('tells macOS and Wayland users what their OS will ask', () => {
    expect(screenPermissionHint('darwin', {})).toContain('Screen Recording');
    expect(screenPermissionHint('linux', { XDG_SESSION_TYPE: 'wayland' })).toContain('Wayland');
    // With default settings Wayland keeps nothing and no picker ever shows: the page must not promise one.
    expect(screenPermissionHint('linux', { XDG_SESSION_TYPE: 'wayland' })).toMatch(/records nothing/);
    expect(screenPermissionHint('linux', { XDG_SESSION_TYPE: 'wayland' })).not.toMatch(/asks which screen|picker/i);
    expect(screenPermissionHint('linux', { XDG_SESSION_TYPE: 'x11' })).toBe(null);
  });
});
