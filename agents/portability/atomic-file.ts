import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { syncDir } from '../store/index.js';
import { PortabilityError } from './portability-error.js';
import { errorLine } from '../../shared/text/index.js';

function reason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'its folder does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOSPC') return 'the disk is full';
  return code ?? errorLine(err);
}

/** Where an export writes its bytes: a file, standard output, or a buffer in tests. */
export interface ByteSink {
  write(chunk: string | Buffer): void;
}

/**
 * An output file that appears under its name only when complete: written to a temp name with
 * mode 0600 (exports hold the user's memories), fsynced, then renamed, and the folder fsynced. An interrupted export
 * leaves no half file behind.
 */
export class AtomicFile implements ByteSink {
  private fd: number | null;
  private readonly tmp: string;

  constructor(
    readonly path: string,
    opts: { overwrite?: boolean } = {},
  ) {
    if (!opts.overwrite && existsSync(path)) throw new PortabilityError('FILE_EXISTS', `${path} already exists; choose another name or remove it first`);
    this.tmp = `${path}.partial-${process.pid}`;
    try {
      this.fd = openSync(this.tmp, 'w', 0o600);
    } catch (err) {
      throw new PortabilityError('IO', `cannot write ${path}: ${reason(err)}`);
    }
  }

  write(chunk: string | Buffer): void {
    if (this.fd === null) throw new PortabilityError('IO', `${this.path} is already closed`);
    try {
      if (typeof chunk === 'string') writeSync(this.fd, chunk, null, 'utf8');
      else {
        let off = 0;
        while (off < chunk.length) off += writeSync(this.fd, chunk, off, chunk.length - off);
      }
    } catch (err) {
      throw new PortabilityError('IO', `writing ${this.path}: ${reason(err)}`);
    }
  }

  commit(): void {
    if (this.fd === null) return;
    try {
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.fd = null;
      renameSync(this.tmp, this.path);
      // The name is durable only once its folder is fsynced.
      syncDir(dirname(this.path));
    } catch (err) {
      this.abort();
      throw new PortabilityError('IO', `finishing ${this.path}: ${reason(err)}`);
    }
  }

  abort(): void {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        // already closed
      }
      this.fd = null;
    }
    rmSync(this.tmp, { force: true });
  }
}
