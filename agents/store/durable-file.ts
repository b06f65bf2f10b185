import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { link, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * Writes that survive a power cut. A file's bytes are durable once the file is fsynced, but its name
 * (a create, a rename, an unlink) only once its directory is fsynced, and a new directory only once
 * its parent is: until then a cut may take back a file whose row the database already committed.
 * Every file Engram keeps outside the database goes through here (test/reliability/power-loss).
 */

/** fsyncs a directory, making the names in it (creates, renames, unlinks) durable. */
export function syncDir(dir: string): void {
  // Windows cannot open a directory for fsync; NTFS journals its metadata.
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export async function syncDirAsync(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** The directories a recursive mkdir made (`first` is what it returned), outermost first. */
function madeChain(first: string | undefined, dir: string): string[] {
  if (first === undefined) return [];
  const chain: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    chain.unshift(d);
    if (d === resolve(first) || dirname(d) === d) break;
  }
  return chain;
}

/** mkdir -p, and the new directories made durable: each one's parent is fsynced (outermost first). */
export function mkdirDurable(dir: string, mode = 0o700): void {
  for (const d of madeChain(mkdirSync(dir, { recursive: true, mode }), dir)) syncDir(dirname(d));
}

export async function mkdirDurableAsync(dir: string, mode = 0o700): Promise<void> {
  for (const d of madeChain(await mkdir(dir, { recursive: true, mode }), dir)) await syncDirAsync(dirname(d));
}

function tempName(path: string): string {
  return `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
}

/** link() errors of file systems without hard links (FAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EXDEV', 'ENOSYS']);
const isNoLink = (err: unknown) => NO_HARD_LINKS.has((err as NodeJS.ErrnoException).code ?? '');

function writeAll(fd: number, data: Buffer): void {
  let off = 0;
  while (off < data.length) off += writeSync(fd, data, off, data.length - off);
}

export interface DurableWriteOptions {
  mode?: number;
  /** Fail with EEXIST instead of replacing a file already under the name (a key another process just made). */
  exclusive?: boolean;
}

/**
 * Replaces (or creates) `path` with `data` so that after a crash or a power cut it holds either the
 * old content or the whole new one: temp file, write, fsync, rename (or link, when exclusive), then
 * the directory fsynced. Returns once the new content is durable under its name.
 */
export function writeFileDurable(path: string, data: Buffer | string, opts: DurableWriteOptions = {}): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  mkdirDurable(dirname(path));
  const tmp = tempName(path);
  try {
    const fd = openSync(tmp, 'wx', opts.mode ?? 0o600);
    try {
      writeAll(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // link() never replaces an existing name: an exclusive create that is whole when it appears.
    // Without hard links, a rename (still whole, no longer exclusive).
    if (opts.exclusive) {
      try {
        linkSync(tmp, path);
      } catch (err) {
        if (!isNoLink(err)) throw err;
        renameSync(tmp, path);
      }
    } else renameSync(tmp, path);
  } finally {
    // After a rename there is nothing left; after a link (or a failure) the temp name goes.
    rmSync(tmp, { force: true });
  }
  syncDir(dirname(path));
}

export async function writeFileDurableAsync(path: string, data: Buffer | string, opts: DurableWriteOptions = {}): Promise<void> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  await mkdirDurableAsync(dirname(path));
  const tmp = tempName(path);
  try {
    const fh = await open(tmp, 'wx', opts.mode ?? 0o600);
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (opts.exclusive) {
      try {
        await link(tmp, path);
      } catch (err) {
        if (!isNoLink(err)) throw err;
        await rename(tmp, path);
      }
    } else await rename(tmp, path);
  } finally {
    await rm(tmp, { force: true });
  }
  await syncDirAsync(dirname(path));
}

/** Removes a file and makes the removal durable (a withdrawn consent must not come back after a cut). */
export function removeFileDurable(path: string): void {
  rmSync(path, { force: true });
  try {
    syncDir(dirname(path));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

export async function removeFileDurableAsync(path: string): Promise<void> {
  await rm(path, { force: true });
  try {
    await syncDirAsync(dirname(path));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
