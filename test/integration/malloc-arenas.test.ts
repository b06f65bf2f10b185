import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { hasGlibc } from '../../electron/hosts/cli/malloc-arenas.js';
import { harnessCommand } from '../helpers/harness-bundle.js';

/**
 * The long-running capture starts itself again with MALLOC_ARENA_MAX (glibc reads it only at
 * start): real processes, real signals. The child must get the variable, stop cleanly once when
 * its parent is signalled (a service manager's SIGTERM), and not outlive a parent killed with -9.
 */
describe.runIf(hasGlibc())('capture started again with the malloc arena cap', { timeout: 60_000 }, () => {
  let proc: ChildProcessByStdio<null, Readable, Readable> | null = null;
  let out = '';
  afterEach(() => {
    if (proc && proc.exitCode === null) proc.kill('SIGKILL');
  });

  function start(env: NodeJS.ProcessEnv = {}, more: string[] = []) {
    out = '';
    const clean = { ...process.env, ...env };
    delete clean.MALLOC_ARENA_MAX;
    if (env.MALLOC_ARENA_MAX) clean.MALLOC_ARENA_MAX = env.MALLOC_ARENA_MAX;
    proc = spawn(process.execPath, [...harnessCommand('arena-capped.ts'), 'capture', '--watch', ...more], { env: clean, stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => proc!.on('exit', (code, signal) => r({ code, signal })));
    return { proc, exited };
  }
  async function until(re: RegExp): Promise<RegExpExecArray> {
    for (let i = 0; i < 600; i++) {
      const m = re.exec(out);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`never printed ${re}: ${out}`);
  }
  const gone = async (pid: number) => {
    for (let i = 0; i < 200 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 50));
    return !existsSync(`/proc/${pid}`);
  };

  it('runs the command in a child with the cap, which stops cleanly on the parent\'s SIGTERM', async () => {
    const { proc: p, exited } = start();
    const m = await until(/child MALLOC_ARENA_MAX=(\S*) pid=(\d+) follows=(\S+)/);
    expect(m[1]).toBe('2');
    expect(m[3]).toBe('true');
    expect(Number(m[2])).not.toBe(p.pid);
    const more = await until(/child MALLOC_MMAP_THRESHOLD_=(\S*) flags=(\S*)/);
    expect(more[1]).toBe('262144');
    expect(more[2]!.split(',')).toContain('--max-semi-space-size=2');
    p.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(out.match(/child stopping/g)).toHaveLength(1);
    expect(await gone(Number(m[2]))).toBe(true);
  });

  it('passes a SIGINT sent to the parent alone on to the child', async () => {
    const { proc: p, exited } = start();
    const m = await until(/child MALLOC_ARENA_MAX=2 pid=(\d+)/);
    p.kill('SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(out.match(/child stopping/g)).toHaveLength(1);
    expect(await gone(Number(m[1]))).toBe(true);
  });

  // A service manager's SIGTERM reaches both: the parent's message stops the child, and the signal
  // itself can land while Node is already tearing the child down, its handlers gone. The child had
  // ended cleanly and said so: the parent must not report 143 (a failed unit) for it.
  it('gives the code the child told when a signal only killed it during exit', async () => {
    const { proc: p, exited } = start({}, ['--killed-in-exit']);
    await until(/child MALLOC_ARENA_MAX=2 pid=(\d+)/);
    p.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(out.match(/child stopping/g)).toHaveLength(1);
  });

  it('still gives 128 + n for a child killed by a signal before it told its end', async () => {
    const { proc: p, exited } = start({}, ['--killed-untold']);
    await until(/child MALLOC_ARENA_MAX=2 pid=(\d+)/);
    p.kill('SIGTERM');
    expect(await exited).toEqual({ code: 143, signal: null });
  });

  it('does not outlive a parent killed with -9', async () => {
    const { proc: p, exited } = start();
    const m = await until(/child MALLOC_ARENA_MAX=2 pid=(\d+)/);
    p.kill('SIGKILL');
    await exited;
    expect(await gone(Number(m[1]))).toBe(true);
  });

  it('runs in place when MALLOC_ARENA_MAX is already set', async () => {
    const { proc: p, exited } = start({ MALLOC_ARENA_MAX: '4' });
    const m = await until(/child MALLOC_ARENA_MAX=(\S*) pid=(\d+) follows=(\S+)/);
    expect(m[1]).toBe('4');
    expect(Number(m[2])).toBe(p.pid);
    expect(m[3]).toBe('false');
    expect(out).not.toMatch(/parent pid/);
    p.kill('SIGKILL');
    await exited;
  });
});
