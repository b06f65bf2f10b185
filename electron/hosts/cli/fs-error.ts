/**
 * A file-system error on a path the user gave (--out, --file, an import file) is the user's to fix,
 * not an unexpected failure: one plain line that names the path and what is wrong with it.
 */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'is a folder, not a file',
  EEXIST: 'already exists',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many symbolic links',
  ENOSPC: 'the disk is full',
  EDQUOT: 'disk quota exceeded',
  EMFILE: 'too many open files',
  EBUSY: 'busy',
  EXDEV: 'cannot move across file systems',
  EINVAL: 'invalid path',
};

const shortPath = (p: string) => (p.length > 120 ? `${p.slice(0, 60)}…${p.slice(-40)}` : p).replace(/[\u0000-\u001f\u007f]/g, '?');

/** The line for a Node file-system error (code + syscall), or null when err is not one. */
export function fsErrorLine(err: unknown): string | null {
  const e = err as { code?: unknown; syscall?: unknown; path?: unknown } | null;
  if (!e || typeof e.code !== 'string' || typeof e.syscall !== 'string') return null;
  const reason = REASONS[e.code];
  if (!reason) return null;
  return typeof e.path === 'string' ? `${shortPath(e.path)}: ${reason}` : `${e.syscall}: ${reason}`;
}
