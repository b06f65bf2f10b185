import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { harnessCommand } from './harness-bundle.js';

/**
 * A script of test/fakes in a process of its own, to be killed with SIGKILL once it says it reached
 * the moment under test (a migration under way, frames kept but unread): the kill -9 tests' common
 * start. Started as the reliability harness starts its scripts: one ES module built from the current
 * sources (harness-bundle.ts), not through tsx, which cost seconds of CPU a start. The key goes in the
 * environment, never on the command line.
 */
export class KillableScript {
  out = '';
  err = '';
  /** The signal the process ended with (null: it exited by itself). */
  readonly exited: Promise<NodeJS.Signals | null>;
  private readonly child: ChildProcessByStdio<null, Readable, Readable>;

  constructor(fake: string, args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [...harnessCommand(fake), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (d: Buffer) => (this.out += d.toString()));
    this.child.stderr.on('data', (d: Buffer) => (this.err += d.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (_code, signal) => resolve(signal)));
  }

  /** Waits until its output holds `marker`; fails with `failure` and what it printed if it exits first or time runs out. */
  async until(marker: string, timeoutMs: number, failure: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.out.includes(marker)) {
      if (Date.now() > deadline || this.child.exitCode !== null) throw new Error(`${failure}: ${this.out} ${this.err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** kill -9; resolves with the signal the process ended with. */
  kill9(): Promise<NodeJS.Signals | null> {
    this.child.kill('SIGKILL');
    return this.exited;
  }
}
