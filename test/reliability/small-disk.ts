import { execFileSync } from 'node:child_process';
import fs, { mkdirSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';

/**
 * A small filesystem to fill up: a real tmpfs when mount is allowed (root in a container with
 * CAP_SYS_ADMIN), else a loop-mounted ext4 image, else a labelled simulation that makes fs writes
 * under the folder fail with ENOSPC once a byte budget is spent (SQLite's own writes, done in C,
 * are not covered by the simulation: the report says so).
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
  // Simulation: node's fs.writeSync under `dir` fails with ENOSPC when the budget is spent.
  let budget = Number.POSITIVE_INFINITY;
  const realWriteSync = fs.writeSync;
  const realOpenSync = fs.openSync;
  const fdPaths = new Map<number, string>();
  fs.openSync = ((p: fs.PathLike, ...rest: unknown[]) => {
    const fd = (realOpenSync as (...a: unknown[]) => number)(p, ...rest);
    fdPaths.set(fd, String(p));
    return fd;
  }) as typeof fs.openSync;
  fs.writeSync = ((fd: number, buf: unknown, ...rest: unknown[]) => {
    const p = fdPaths.get(fd);
    if (p?.startsWith(dir)) {
      const len = typeof buf === 'string' ? Buffer.byteLength(buf) : (buf as Buffer).byteLength;
      if (len > budget) throw Object.assign(new Error('ENOSPC: no space left on device (simulated)'), { code: 'ENOSPC' });
      budget -= len;
    }
    return (realWriteSync as (...a: unknown[]) => number)(fd, buf, ...rest);
  }) as typeof fs.writeSync;
  syncBuiltinESMExports();
  return {
    dir,
    kind: 'simulated-ENOSPC',
    why,
    fill: (freeBytes) => (budget = freeBytes),
    release: () => (budget = Number.POSITIVE_INFINITY),
    free: () => budget,
    unmount: () => {
      fs.writeSync = realWriteSync;
      fs.openSync = realOpenSync;
      syncBuiltinESMExports();
    },
  };
}
