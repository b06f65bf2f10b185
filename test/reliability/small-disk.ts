import { execFileSync } from 'node:child_process';
import fs, { mkdirSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';

/**
 * A small filesystem to fill up: a real tmpfs when mount is allowed (root in a container with
 * CAP_SYS_ADMIN), else a loop-mounted ext4 image, else a labelled simulation that makes fs writes
 * under the folder fail with ENOSPC once a byte budget is spent, through sync fs and fs/promises
 * alike (SQLite's own writes, done in C, are not covered by the simulation: the report says so).
 */
export interface SmallDisk {
  dir: string;
  kind: 'tmpfs' | 'loop-ext4' | 'simulated-ENOSPC';
  /** Why the real kinds were not available (empty when tmpfs worked). */
  why: string[];
  /** Takes up all but `freeBytes` of the space (a filler file). */
  fill(freeBytes: number): void;
  /** Gives the space back (removes the filler). */
  release(): void;
  free(): number;
  unmount(): void;
}

function sh(cmd: string, args: string[]): void {
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export function mountSmallDisk(base: string, sizeMiB = 8): SmallDisk {
  const dir = join(base, 'disk');
  mkdirSync(dir, { recursive: true });
  const why: string[] = [];
  const filler = () => join(dir, 'filler.bin');
  const statFree = () => {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  };
  const realFill = (freeBytes: number) => {
    const want = statFree() - freeBytes;
    if (want <= 0) return;
    const fd = fs.openSync(filler(), 'a');
    try {
      const chunk = Buffer.alloc(64 * 1024);
      let left = want;
      while (left > 0) {
        const n = Math.min(chunk.length, left);
        try {
          fs.writeSync(fd, chunk, 0, n);
        } catch {
          break;
        }
        left -= n;
      }
    } finally {
      fs.closeSync(fd);
    }
  };
  const forced = process.env.RELIABILITY_DISK === 'simulate';
  const real = (kind: 'tmpfs' | 'loop-ext4'): SmallDisk => ({ dir, kind, why, fill: realFill, release: () => rmSync(filler(), { force: true }), free: statFree, unmount: () => sh('umount', [dir]) });
  const refused = (what: string, err: unknown) => why.push(`${what} refused: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`);
  if (forced) {
    why.push('real mounts skipped: RELIABILITY_DISK=simulate');
  } else {
    try {
      sh('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', dir]);
      return real('tmpfs');
    } catch (err) {
      refused('tmpfs mount', err);
    }
    try {
      const img = join(base, 'disk.img');
      sh('truncate', ['-s', `${Math.max(sizeMiB, 8)}M`, img]);
      sh('mkfs.ext4', ['-q', '-F', img]);
      sh('mount', ['-o', 'loop', img, dir]);
      return real('loop-ext4');
    } catch (err) {
      refused('loop mount', err);
    }
  }
  // Simulation: writes under `dir` fail with ENOSPC once the budget is spent, on both of Node's
  // paths: sync fs (openSync + writeSync, writeFileSync, appendFileSync) and fs/promises (open's
  // FileHandle.write/writeFile, writeFile, appendFile), which is how frame files are written.
  let budget = Number.POSITIVE_INFINITY;
  const under = (p: unknown) => (typeof p === 'string' || p instanceof URL || Buffer.isBuffer(p)) && String(p).startsWith(dir);
  const size = (data: unknown) => (typeof data === 'string' ? Buffer.byteLength(data) : ArrayBuffer.isView(data) ? data.byteLength : 0);
  const spend = (len: number) => {
    if (len > budget) throw Object.assign(new Error('ENOSPC: no space left on device (simulated)'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    budget -= len;
  };
  const fsp = fs.promises;
  const saved = {
    writeSync: fs.writeSync,
    openSync: fs.openSync,
    writeFileSync: fs.writeFileSync,
    appendFileSync: fs.appendFileSync,
    open: fsp.open,
    writeFile: fsp.writeFile,
    appendFile: fsp.appendFile,
  };
  type AnyFn = (...a: unknown[]) => unknown;
  const fdPaths = new Map<number, string>();
  fs.openSync = ((p: fs.PathLike, ...rest: unknown[]) => {
    const fd = (saved.openSync as AnyFn)(p, ...rest) as number;
    fdPaths.set(fd, String(p));
    return fd;
  }) as typeof fs.openSync;
  fs.writeSync = ((fd: number, buf: unknown, ...rest: unknown[]) => {
    if (under(fdPaths.get(fd))) spend(size(buf));
    return (saved.writeSync as AnyFn)(fd, buf, ...rest);
  }) as typeof fs.writeSync;
  fs.writeFileSync = ((p: unknown, data: unknown, ...rest: unknown[]) => {
    if (under(p)) spend(size(data));
    return (saved.writeFileSync as AnyFn)(p, data, ...rest);
  }) as typeof fs.writeFileSync;
  fs.appendFileSync = ((p: unknown, data: unknown, ...rest: unknown[]) => {
    if (under(p)) spend(size(data));
    return (saved.appendFileSync as AnyFn)(p, data, ...rest);
  }) as typeof fs.appendFileSync;
  fsp.open = (async (p: fs.PathLike, ...rest: unknown[]) => {
    const fh = (await (saved.open as AnyFn)(p, ...rest)) as fs.promises.FileHandle;
    if (!under(p)) return fh;
    const write = fh.write.bind(fh) as AnyFn;
    const writeFile = fh.writeFile.bind(fh) as AnyFn;
    const appendFile = fh.appendFile.bind(fh) as AnyFn;
    Object.assign(fh, {
      write: async (buf: unknown, ...r: unknown[]) => (spend(size(buf)), write(buf, ...r)),
      writeFile: async (data: unknown, ...r: unknown[]) => (spend(size(data)), writeFile(data, ...r)),
      appendFile: async (data: unknown, ...r: unknown[]) => (spend(size(data)), appendFile(data, ...r)),
    });
    return fh;
  }) as typeof fsp.open;
  fsp.writeFile = (async (p: unknown, data: unknown, ...rest: unknown[]) => {
    if (under(p)) spend(size(data));
    return (saved.writeFile as AnyFn)(p, data, ...rest);
  }) as typeof fsp.writeFile;
  fsp.appendFile = (async (p: unknown, data: unknown, ...rest: unknown[]) => {
    if (under(p)) spend(size(data));
    return (saved.appendFile as AnyFn)(p, data, ...rest);
  }) as typeof fsp.appendFile;
  syncBuiltinESMExports();
  return {
    dir,
    kind: 'simulated-ENOSPC',
    why,
    fill: (freeBytes) => (budget = freeBytes),
    release: () => (budget = Number.POSITIVE_INFINITY),
    free: () => budget,
    unmount: () => {
      Object.assign(fs, { writeSync: saved.writeSync, openSync: saved.openSync, writeFileSync: saved.writeFileSync, appendFileSync: saved.appendFileSync });
      Object.assign(fsp, { open: saved.open, writeFile: saved.writeFile, appendFile: saved.appendFile });
      syncBuiltinESMExports();
    },
  };
}
