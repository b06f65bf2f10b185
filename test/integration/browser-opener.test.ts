import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` in browser mode opens the window with `xdg-open URL`, and that command line is
 * readable by every local user (/proc/PID/cmdline) for as long as the opener runs. So the URL must
 * hold a one-time code the browser spends on its first load, never the run's long-lived token.
 */
describe('the browser opener', { timeout: 90_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-opener-'));
  let start: ChildProcess | null = null;
  afterAll(() => {
    if (start && start.exitCode === null) start.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('gets a one-time code on its command line, not the token', async () => {
    const bin = join(dir, 'bin');
    const renderer = join(dir, 'renderer');
    mkdirSync(bin);
    mkdirSync(renderer);
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Engram</title>');
    const argvFile = join(dir, 'argv.txt');
    // A stand-in for xdg-open that records the command line it was given.
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${argvFile}.tmp' && mv '${argvFile}.tmp' '${argvFile}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    start = spawn(process.execPath, ['scripts/start.mjs', '--browser', '--no-capture', '--no-build'], {
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        DISPLAY: process.env.DISPLAY ?? ':0',
        ENGRAM_DATA_DIR: join(dir, 'data'),
        ENGRAM_KEY: randomBytes(32).toString('hex'),
        ENGRAM_EMBEDDER: 'hash',
        ENGRAM_RENDERER_DIR: renderer,
        ENGRAM_NO_OPEN: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    start.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    start.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await expect.poll(() => existsSync(argvFile), { timeout: 60_000, interval: 200 }).toBe(true);
    const argv = readFileSync(argvFile, 'utf8').trim().split('\n');
    expect(argv).toHaveLength(1);
    const opened = argv[0]!;
    expect(opened, out).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+$/);

    // The browser's first load swaps the code for the session cookie, which holds the run's token.
    const first = await fetch(opened, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const token = (first.headers.get('set-cookie') ?? '').split(';')[0]!.split('=')[1]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(argvFile, 'utf8')).not.toContain(token);
    expect(out).not.toContain(token);
    // Whoever read the command line afterwards gets nothing from it.
    expect((await fetch(opened, { redirect: 'manual' })).status).toBe(401);

    start.kill('SIGINT');
    await new Promise((r) => start!.once('exit', r));
  });
});
