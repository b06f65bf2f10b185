/**
 * A scripted screen day for benchmarks: each page of a folder shown in turn in a Chromium app window on
 * a private Xvfb display while the product's own CLI captures (`engram capture --watch`, a child process:
 * OCR, redaction, privacy gate, brain) into the data folder `env` names. Used by the screenqa and
 * precision benchmarks. Needs Xvfb, openbox, xdotool and chromium, and a built dist/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..', '..');
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) if (c.pid && c.exitCode === null) try { process.kill(-c.pid, 'SIGKILL'); } catch { /* gone */ }
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ScreenDayOptions {
  /** Seconds each page stays on screen. */
  dwellS: number;
  log: (line: string) => void;
  /** Print the tail of capture's own log at the end. */
  verbose?: boolean;
}

/** Shows every .html page of `pagesDir` (sorted by name) while capture runs; returns when capture has stopped. */
export async function captureScreenDay(pagesDir: string, env: NodeJS.ProcessEnv, opts: ScreenDayOptions): Promise<{ shown: { page: string; at: number }[] }> {
  const { startDisplay } = (await import(pathToFileURL(join(root, 'scripts', 'xvfb.mjs')).href)) as { startDisplay: (o: { width: number; height: number }) => Promise<{ display: string; stop(): void }> };
  const x = await startDisplay({ width: 1280, height: 800 });
  // Every frame read as it comes: on a machine this busy, capture's load back-off would hold OCR back.
  const xenv = { ...env, DISPLAY: x.display, ENGRAM_LOAD_BACKOFF: 'off' };
  const shown: { page: string; at: number }[] = [];
  // Chromium keeps its profile here and its singleton socket folder in TMPDIR; a window ended by a
  // signal leaves that folder behind (a five-day run left 80 org.chromium.Chromium.* in /tmp), so it
  // gets a TMPDIR of its own, removed with the profile however the day ends.
  const profile = mkdtempSync(join(tmpdir(), 'screen-day-chromium-'));
  const chromiumTmp = mkdtempSync(join(tmpdir(), 'screen-day-tmp-'));
  try {
    const cap = spawn(process.execPath, [join(root, 'bin', 'engram.js'), 'capture', '--watch', '--interval', '2'], { env: xenv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.push(cap);
    let capLog = '';
    cap.stdout!.on('data', (d: Buffer) => (capLog += d.toString()));
    cap.stderr!.on('data', (d: Buffer) => (capLog += d.toString()));
    await sleep(4000);
    const pages = readdirSync(pagesDir).filter((f) => f.endsWith('.html')).sort();
    for (const page of pages) {
      const file = join(pagesDir, page);
      const title = /<title>([^<]*)<\/title>/.exec(readFileSync(file, 'utf8'))?.[1] ?? page;
      const c = spawn(
        'chromium',
        ['--no-sandbox', '--test-type', '--no-first-run', '--disable-gpu', '--disable-extensions', '--password-store=basic', `--user-data-dir=${profile}`,
          '--window-position=0,0', '--window-size=1280,800', `--app=file://${file}`],
        { env: { ...xenv, TMPDIR: chromiumTmp }, stdio: 'ignore', detached: true },
      );
      children.push(c);
      // The window is up once its title shows (HTML entities aside, the first words are enough).
      const probe = title.replace(/&[a-z]+;/g, ' ').split(/\s+/).slice(0, 2).join(' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      spawnSync('xdotool', ['search', '--sync', '--onlyvisible', '--name', probe], { env: xenv, timeout: 30_000 });
      shown.push({ page, at: Date.now() });
      opts.log(`  showing ${page}`);
      await sleep(opts.dwellS * 1000);
      try { process.kill(-c.pid!, 'SIGTERM'); } catch { /* gone */ }
      await sleep(1500);
    }
    // Let OCR catch up, then stop capture: the brain flushes what it buffered.
    await sleep(15_000);
    try { process.kill(-cap.pid!, 'SIGINT'); } catch { /* gone */ }
    const stopped = await Promise.race([new Promise((r) => cap.once('exit', () => r(true))), sleep(120_000).then(() => false)]);
    if (!stopped) opts.log('  capture did not stop within 2 minutes; killed');
    if (opts.verbose) opts.log(capLog.slice(-3000));
  } finally {
    x.stop();
    rmSync(profile, { recursive: true, force: true });
    rmSync(chromiumTmp, { recursive: true, force: true });
  }
  return { shown };
}
