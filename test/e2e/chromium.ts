import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.ENGRAM_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * The worker's one Chromium. The browser test files run in one vitest project with `isolate: false`
 * (vitest.config.ts), one file after another in each worker, sharing this module: a launch (and
 * its ~1.5 CPU-s) once per worker instead of once per file. Files never share a page or a
 * context, so cookies, storage and tokens stay with the file that made them: every page is opened
 * in a context of its own, and a file's close() closes whatever contexts it left open.
 */
let shared: Promise<Browser> | null = null;
let closing: Promise<void> | null = null;
let termHooked = false;

function launch(): Promise<Browser> {
  // SIGTERM is ours (below), so the browser is closed and reaped before the worker ends.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true, handleSIGTERM: false });
}

/**
 * vitest ends a worker with SIGTERM (and SIGKILL half a second later): close the browser first, so
 * it does not outlive the worker, then end as SIGTERM would have. (Playwright kills it on 'exit' too.)
 */
function closeOnTerm(): void {
  if (termHooked) return;
  termHooked = true;
  process.once('SIGTERM', () => {
    closing ??= (shared ?? Promise.resolve(null)).then((b) => b?.close()).catch(() => undefined);
    void closing.finally(() => process.kill(process.pid, 'SIGTERM'));
  });
}

async function sharedBrowser(): Promise<Browser> {
  const current = shared ? await shared.catch(() => null) : null;
  // A browser that crashed or was closed under a file is not handed to the next one.
  if (current?.isConnected()) return current;
  closeOnTerm();
  shared = launch();
  return shared;
}

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), with a fresh temporary
 * --user-data-dir that Playwright removes on close. close() closes every context still open (the
 * calling file's: files run one at a time in a worker), not the browser, which the next file reuses.
 */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await sharedBrowser();
  return {
    browser,
    close: async () => {
      await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
    },
  };
}

/** Closes the browser itself: for a tool run outside vitest (dev-screens.ts), whose process would otherwise not end. */
export async function closeChromium(): Promise<void> {
  const b = shared;
  shared = null;
  await b?.then((x) => x.close()).catch(() => undefined);
}
