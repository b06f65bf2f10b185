import { promises as fs } from 'node:fs';
import path from 'node:path';
import { APP_HOST, BUILTIN_PAGES_PREFIX } from './constants.js';
import { securityHeaders, type CspOptions } from './csp.js';

/**
 * app:// request handling without Electron: URL → file under one of two roots, with a
 * path-traversal check on the decoded path and again on the real path (symlinks), then the bytes
 * and headers. electron/desktop/main only wraps the result in a Response.
 */
export interface AppProtocolRoots {
  /** The built renderer (dist/renderer). */
  renderer: string;
  /** Built-in pages (resources/pages): consent, passphrase, recorder. */
  builtinPages: string;
}

export type AppTarget =
  | { kind: 'file'; root: string; path: string; spaFallback: boolean }
  | { kind: 'forbidden'; reason: string };

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function mimeTypeFor(filePath: string): string {
  return MIME[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** True when `child` is `root` itself or inside it (both absolute, already normalised). */
export function isInside(root: string, child: string): boolean {
  const rel = path.relative(root, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Maps an app:// URL to a file path, refusing anything that could leave the root. */
export function resolveAppUrl(rawUrl: string, roots: AppProtocolRoots): AppTarget {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'forbidden', reason: 'malformed URL' };
  }
  if (url.protocol !== 'app:') return { kind: 'forbidden', reason: `scheme ${url.protocol}` };
  if (url.hostname !== APP_HOST) return { kind: 'forbidden', reason: `host ${url.hostname}` };
  if (url.username || url.password || url.port) return { kind: 'forbidden', reason: 'credentials or port' };

  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'forbidden', reason: 'bad percent-encoding' };
  }
  // Backslashes are separators on Windows; NUL truncates paths in native code.
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'forbidden', reason: 'illegal character' };
  const segments = decoded.split('/').filter((s) => s.length > 0);
  if (segments.some((s) => s === '..' || s === '.')) return { kind: 'forbidden', reason: 'dot segment' };
  if (segments.some((s) => /^[a-zA-Z]:$/.test(s))) return { kind: 'forbidden', reason: 'drive letter' };

  let root = roots.renderer;
  let rest = segments;
  const pagesPrefix = BUILTIN_PAGES_PREFIX.replaceAll('/', '');
  if (segments[0] === pagesPrefix) {
    root = roots.builtinPages;
    rest = segments.slice(1);
  }
  let spaFallback = false;
  if (rest.length === 0) {
    rest = ['index.html'];
  } else if (root === roots.renderer && path.extname(rest[rest.length - 1] ?? '') === '') {
    // Client-side routes (app://engram/settings) load the single page; assets always have an extension.
    rest = ['index.html'];
    spaFallback = true;
  }
  const resolvedRoot = path.resolve(root);
  const target = path.resolve(resolvedRoot, ...rest);
  if (!isInside(resolvedRoot, target)) return { kind: 'forbidden', reason: 'outside root' };
  return { kind: 'file', root: resolvedRoot, path: target, spaFallback };
}

export interface AppResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** Reads the file an app:// URL names; never follows a symlink out of its root. */
export async function readAppResource(rawUrl: string, roots: AppProtocolRoots, csp: CspOptions = {}): Promise<AppResponse> {
  const headers = securityHeaders(csp);
  const plain = (status: number, text: string): AppResponse => ({
    status,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    body: Buffer.from(text),
  });
  const target = resolveAppUrl(rawUrl, roots);
  if (target.kind === 'forbidden') return plain(403, 'Forbidden');
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(target.root), fs.realpath(target.path)]);
    if (!isInside(realRoot, realFile)) return plain(403, 'Forbidden');
    const stat = await fs.stat(realFile);
    if (!stat.isFile()) return plain(404, 'Not found');
    const body = await fs.readFile(realFile);
    return {
      status: 200,
      headers: { ...headers, 'Content-Type': mimeTypeFor(realFile), 'Cache-Control': 'no-cache' },
      body,
    };
  } catch {
    return plain(404, 'Not found');
  }
}
