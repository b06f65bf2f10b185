import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.ENGRAM_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). Playwright gives every
 * launch a fresh temporary --user-data-dir of its own and removes it on close.
 */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
  return { browser, close: () => browser.close().catch(() => undefined) };
}
