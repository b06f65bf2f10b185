import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, parseCsp, securityHeaders } from '../../electron/desktop/policy/index.js';

describe('content security policy', () => {
  const csp = parseCsp(contentSecurityPolicy());

  it('denies by default and allows scripts only from our origin', () => {
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('never allows inline script, eval or remote hosts', () => {
    const all = Object.values(csp).flat();
    expect(all).not.toContain("'unsafe-eval'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(all.filter((v) => /^https?:|\*/.test(v))).toEqual([]);
  });

  it('blocks plugins, frames, base and form targets', () => {
    for (const d of ['object-src', 'frame-src', 'frame-ancestors', 'base-uri', 'form-action']) expect(csp[d]).toEqual(["'none'"]);
  });

  it('lets screenshots and audio in as data:/blob: images and media', () => {
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp['media-src']).toEqual(expect.arrayContaining(['blob:']));
  });

  it('inline styles only when asked for', () => {
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(parseCsp(contentSecurityPolicy({ allowInlineStyles: true }))['style-src']).toContain("'unsafe-inline'");
  });

  it('headers carry the policy and nosniff', () => {
    const headers = securityHeaders();
    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy());
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });
});
