import { createReadStream, promises as fs } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Maps a URL path to a file inside root, or null. Refuses anything that would leave root: encoded
 * dots and slashes, backslashes, NUL bytes, and symlinks pointing outside.
 */
export async function resolveStatic(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const rel = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  if (rel.split('/').some((seg) => seg === '..')) return null;
  const realRoot = await fs.realpath(root).catch(() => null);
  if (!realRoot) return null;
  const candidate = path.resolve(realRoot, rel);
  if (candidate !== realRoot && !candidate.startsWith(realRoot + path.sep)) return null;
  const real = await fs.realpath(candidate).catch(() => null);
  if (!real || (real !== realRoot && !real.startsWith(realRoot + path.sep))) return null;
  const st = await fs.stat(real).catch(() => null);
  return st?.isFile() ? real : null;
}

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export async function sendFile(res: ServerResponse, file: string, headers: Record<string, string>): Promise<void> {
  const st = await fs.stat(file);
  res.writeHead(200, { ...headers, 'Content-Type': contentType(file), 'Content-Length': String(st.size) });
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(file);
    stream.on('error', reject);
    stream.on('end', resolve);
    stream.pipe(res);
  });
}
