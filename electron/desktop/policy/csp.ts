/**
 * The Content-Security-Policy sent with every app:// response. Everything the renderer needs is
 * bundled, so the policy allows only our own origin: no remote scripts, no inline scripts, no eval,
 * no frames, no plugins. Screenshots and audio reach the page as data:/blob: URLs.
 */
export interface CspOptions {
  /**
   * Allow inline <style> blocks and style attributes. Off by default; React's `style={{}}` sets
   * properties through the CSSOM, which CSP does not govern, so the bundle does not need it.
   */
  allowInlineStyles?: boolean;
}

export type CspDirectives = Record<string, readonly string[]>;

export function cspDirectives(options: CspOptions = {}): CspDirectives {
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': options.allowInlineStyles ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'child-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  };
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  return serializeCsp(cspDirectives(options));
}

/** Parses a policy back into directives: tests use it to check what a served header allows. */
export function parseCsp(policy: string): CspDirectives {
  const out: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

/** Headers besides the CSP that every app:// response carries. */
export function securityHeaders(options: CspOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), geolocation=(), usb=(), serial=(), hid=(), payment=()',
  };
}
