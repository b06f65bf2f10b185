import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyProvider, openStore, readConsent } from '../../agents/store/index.js';
import { isEngramTitle, type CaptureStatus } from '../../shared/api/index.js';
import { launchChromium } from './chromium.js';

/**
 * `npm start` on a machine without Electron's binary (scripts/start.mjs, after the build that
 * `npm test` does first): browser mode with capture on the test's X display, the consent page
 * first, nothing captured before it is accepted, frames kept after, and Ctrl-C exits 0 having
 * stored the text of every frame it took.
 */
describe('npm start without an Electron binary: browser mode', { timeout: 240_000 }, () => {
  let dir: string;
  let term: ChildProcess | null = null;
  let start: ChildProcess | null = null;
  let chrome: Awaited<ReturnType<typeof launchChromium>> | null = null;

  beforeAll(() => {
    if (!process.env.DISPLAY) throw new Error('this test needs an X display: run it through npm test');
    if (!existsSync('dist/renderer/index.html')) throw new Error('run npm run build first (npm test does)');
    // In memory where the machine has /dev/shm: every frame file and commit is fsynced, and on a busy
    // disk those waits, not the start, would set the pace.
    dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'engram-start-'));
    // A real window on the display, so capture has something to read.
    term = spawn('xterm', ['-T', 'engram-start-e2e', '-fa', 'Monospace', '-fs', '16', '-geometry', '64x10+0+0', '+sb', '-bg', 'white', '-fg', 'black', '-e', 'sh', '-c', 'echo quarterly budget review with Ana; sleep 600'], { stdio: 'ignore' });
    execFileSync('xdotool', ['search', '--sync', '--name', '^engram-start-e2e$'], { timeout: 20_000 });
  });
  afterAll(async () => {
    await chrome?.close();
    if (start && start.exitCode === null) start.kill('SIGKILL');
    term?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reaches browser mode, asks first, captures after consent, and stops cleanly on Ctrl-C', async () => {
    const noElectron = join(dir, 'no-electron');
    mkdirSync(noElectron);
    const t0 = Date.now();
    start = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
      env: {
        ...process.env,
        ENGRAM_DATA_DIR: join(dir, 'data'),
        ENGRAM_EMBEDDER: 'hash',
        // No Electron binary here, whatever this machine has, and no download attempt.
        ELECTRON_OVERRIDE_DIST_PATH: noElectron,
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        ENGRAM_NO_OPEN: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    start.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => start!.on('exit', (code) => resolve(code)));

    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL within 20 s; stderr:\n${stderr}`)), 20_000);
      createInterface({ input: start!.stdout! }).on('line', (line) => {
        if (/^http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+$/.test(line)) {
          clearTimeout(timer);
          resolve(line);
        }
      });
      start!.on('exit', () => reject(new Error(`start.mjs exited before printing a URL:\n${stderr}`)));
    });
    const toUrlMs = Date.now() - t0;
    expect(toUrlMs).toBeLessThan(20_000);
    await expect.poll(() => stderr).toContain('browser mode');
    expect(stderr).toContain(join(dir, 'data'));
    expect(stderr).toContain('npm run fetch-electron');

    const base = new URL(url);
    expect((await fetch(`${base.origin}/`)).status).toBe(401);

    chrome = await launchChromium();
    const page = await chrome.browser.newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Welcome to Engram' }).waitFor({ timeout: 15_000 });
    // The printed link was spent on that load; the session rides in the cookie it set.
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(401);
    const session = (await page.context().cookies()).find((c) => c.name === `engram_${base.port}`);
    expect(session?.httpOnly).toBe(true);
    const cookie = `${session!.name}=${session!.value}`;
    const call = async <T,>(name: string, input: unknown = {}): Promise<T> => {
      const r = await fetch(`${base.origin}/api/call`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ name, input }) });
      const body = (await r.json()) as { ok: boolean; output: T; error?: { message: string } };
      if (!body.ok) throw new Error(`${name}: ${body.error?.message}`);
      return body.output;
    };
    expect(isEngramTitle(await page.title())).toBe(true);
    await expect(page.getByText(join(dir, 'data'))).toBeTruthy();

    // Nothing is captured while the consent page waits (capture would have ticked several times by now).
    await new Promise((r) => setTimeout(r, 4_000));
    const before = await call<CaptureStatus>('capture.status');
    expect(before).toMatchObject({ state: 'stopped', frames_kept: 0 });
    expect(await readConsent(join(dir, 'data'))).toBeNull();
    await expect(call('capture.resume')).rejects.toThrow(/accept/);

    await page.getByRole('button', { name: 'Start Engram' }).click();
    await page.getByTestId('capture-status-line').waitFor({ timeout: 15_000 });
    expect(await readConsent(join(dir, 'data'))).toMatchObject({ version: 1, audio: false });
    await expect.poll(async () => (await call<CaptureStatus>('capture.status')).frames_kept, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
    await expect.poll(async () => (await page.getByTestId('capture-status-line').textContent()) ?? '', { timeout: 10_000 }).toMatch(/^Capturing — \d+ frames? today$/);
    const kept = (await call<CaptureStatus>('capture.status')).frames_kept;

    // Ctrl-C: exit 0, and every frame taken is in the store with its observation (its text read).
    start.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain('capture stopped; everything taken is stored');
    const store = await openStore({ dataDir: join(dir, 'data'), keyProvider: new FileKeyProvider(join(dir, 'data')), embedder: null });
    try {
      const frames = store.frames.list({ limit: 1000 });
      expect(frames.length).toBeGreaterThanOrEqual(kept);
      const observed = new Set(store.observations.list({ limit: 1000 }).map((o) => o.frame_id));
      expect(frames.filter((f) => !observed.has(f.id))).toEqual([]);
      const texts = store.observations.list({ limit: 1000 }).map((o) => o.text);
      expect(texts.join('\n')).toMatch(/budget/i);
    } finally {
      await store.close();
    }
    process.stdout.write(`start-browser-mode: URL after ${toUrlMs} ms, ${kept} frame(s) kept before Ctrl-C\n`);
  });
});
